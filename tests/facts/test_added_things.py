"""Session 21's first design (docs/FACTS.md): a thing a claim gives, includes or brings along "with" that the
document names nowhere (guard/facts/added_acts.py, ``_added_thing``). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

from guard.facts import FactLabel
from guard.facts.added_acts import added_act
from guard.facts.lexicon import lexicon_for
from guard.facts.slots import all_stems, read_slots
from guard.facts.units import evidence_units

POTTERY = (
    "A taster evening at Brackwater Pottery costs £45 and lasts three hours. "
    "The price includes clay, glazes and one firing, and every guest gets an apron to wear and a torch for the "
    "walk back to the car park. "
    "Our potter, Iris Vane, leads every evening and throws a demonstration bowl on the wheel. "
    "Finished pieces can be collected after four weeks."
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("A taster evening includes clay, glazes and one firing.", True),
        ("Every guest at a taster evening gets an apron to wear.", True),
        ("Iris Vane throws a demonstration bowl on the wheel.", True),
        ("The £45 price includes clay, glazes, one firing and a glass of wine.", False),
        ("Every guest at a taster evening gets an apron and a sketchbook.", False),
        ("Iris Vane leads every evening and shapes the clay with a potter's knife.", False),
        ("The price includes clay, glazes and one firing, with a gift box for each finished piece.", False),
        ("Iris Vane leads every evening and gives each guest a pair of gloves.", False),  # what the pair holds
        ("Iris Vane sends every guest a printed certificate after the evening.", False),
    ],
)
def test_a_thing_given_included_or_brought_with(claim, ok):
    assert (judge_passages(claim, POTTERY).label in UNFLAGGED) is ok


def _added(claim: str):
    lexicon = lexicon_for("en")
    units = evidence_units("0", POTTERY).units
    known = frozenset().union(*(all_stems(u.text) for u in units))
    return added_act(read_slots(claim, lexicon), [], known)


@pytest.mark.parametrize(
    "claim",
    [
        "Guests do not get a sketchbook.",  # a denied gift adds nothing
        "Guests may be given a sketchbook.",  # nor a hedged one
        "The evening comes with a lot of fun.",  # an abstraction, no thing
        "Every guest gets a flashlight for the walk back.",  # the document's "torch" said another way (a WordNet synonym)
    ],
)
def test_denied_hedged_abstract_and_synonym_things_add_nothing(claim):
    assert _added(claim) is None


def test_the_added_thing_is_named_in_the_mismatch():
    found = _added("Every guest gets an apron and a sketchbook.")
    assert found is not None and found.label is FactLabel.unsupported
    assert "sketchbook" in found.mismatch.claim_value
