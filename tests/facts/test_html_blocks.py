"""Session 40's first design (docs/FACTS.md): HTML written one element to a line, with no blank lines between,
is cut into units at its block elements (guard.facts.units): a paragraph's sentences, a heading, each list item
and each definition (<dt> with its <dd>) are units of their own, as Markdown's are. Before, the sentence splitter
glued a list's items into one unit with the paragraph above it, and a claim was checked against every rule of the
list at once: "nobody climbs up in the loft" was read against the list's other "not". Passages written for this
file; the whole of verify() runs for the claims, since some checks need the embedder's similarity."""

from __future__ import annotations

import pytest

from guard import verify
from guard.facts.units import evidence_units

ORCHARD = (
    "<h1>Ashgrove Community Orchard: winter pruning day</h1>\n"
    "<p>Ashgrove Community Orchard asks volunteers to help prune its old apple trees on Saturday 13 February 2077.\n"
    "Soup and tea are provided at midday. The day ends at 15:30.</p>\n"
    "<h2>Who does what</h2>\n"
    "<dl>\n"
    "<dt>Ashgrove Orchard Trust</dt><dd>Lends the ladders and pays for the skip.</dd>\n"
    "<dt>Mrs Nora Pexton, orchard warden</dt><dd>Unlocks the gate and signs volunteers in.</dd>\n"
    "</dl>\n"
    "<h2>Rules for the day</h2>\n"
    "<ol>\n"
    "<li>Dogs are not brought into the orchard while pruning goes on.</li>\n"
    "<li>No cut branch is burned on the site.</li>\n"
    "<li>Each saw is wiped with spirit within 5 minutes of finishing a tree.</li>\n"
    "<li>Volunteers may take home up to 2 bundles of apple wood.</li>\n"
    "<li>Volunteers under 16 are supervised on a ladder by an adult.</li>\n"
    "<li>No pruning is done during the midday break.</li>\n"
    "</ol>"
)
ONE_LINE = (
    "<h2>Loft rules</h2> <ul> <li>Nobody goes up into the loft alone.</li> <li>The hatch is never left open "
    "overnight.</li> </ul> <p>The loft ladder folds away.</p>"
)


def _units(text):
    return [(u.kind.value, " ".join(text[u.start : u.end].split())) for u in evidence_units("0", text).units]


def test_each_block_of_a_page_is_a_unit():
    units = _units(ORCHARD)
    assert ("heading", "Who does what</h2>") in units
    assert ("list_item", "<li>No cut branch is burned on the site.</li>") in units
    assert (
        "list_item",
        "<dt>Mrs Nora Pexton, orchard warden</dt><dd>Unlocks the gate and signs volunteers in.</dd>",
    ) in units
    assert ("sentence", "The day ends at 15:30.</p>") in units
    assert not [text for _, text in units if text.count("<li>") > 1 or ("<p>" in text and "<dt>" in text)]


def test_a_page_written_on_one_line_is_cut_too():
    units = _units(ONE_LINE)
    assert ("list_item", "<li>Nobody goes up into the loft alone.</li>") in units
    assert ("list_item", "<li>The hatch is never left open overnight.</li>") in units
    assert ("sentence", "<p>The loft ladder folds away.</p>") in units


def test_an_item_written_over_two_lines_is_one_unit():
    text = "<ul>\n<li>Gloves are worn when handling\nthe pruned wood.</li>\n<li>Boots are worn.</li>\n</ul>"
    assert _units(text)[0] == ("list_item", "<li>Gloves are worn when handling the pruned wood.</li>")


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        # read against the glued list, the break's "no pruning" met the other rules' "not"s and "may"s
        ("While the midday break is on, no one is pruning the trees.", True),
        ("Pruning carries on through the midday break.", False),
        # the rule for under-16s is its own unit: a leave to climb unsupervised is read against it
        ("A 15-year-old may go up a ladder with no adult supervising.", False),
        ("A 15-year-old volunteer on a ladder has an adult supervising.", True),
        ("Volunteers can bring their dogs into the orchard during the pruning.", False),
        ("No dogs are brought into the orchard during the pruning.", True),
        ("A volunteer may take home 4 bundles of apple wood.", False),
        ("The Ashgrove Orchard Trust signs the volunteers in.", False),
    ],
)
def test_a_claim_is_read_against_its_own_rule(claim, holds):
    label = verify(question="", contexts=[ORCHARD], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label


def test_a_unit_reads_as_markdown_would():
    units = evidence_units("0", ORCHARD).units
    texts = [u.text for u in units]
    assert "Dogs are not brought into the orchard while pruning goes on." in texts
    warden = next(u for u in units if u.text.startswith("Mrs Nora Pexton"))
    assert warden.text == "Mrs Nora Pexton, orchard warden: Unlocks the gate and signs volunteers in."
    assert warden.anchor == "Mrs Nora Pexton, orchard warden"  # the term, as a table row's key cell
    bold = evidence_units("0", "<ul><li><strong>Conductors</strong> sell the tickets on board.</li></ul>").units
    assert [u.text for u in bold] == ["**Conductors** sell the tickets on board."]
