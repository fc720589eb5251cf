"""Session 39's design (docs/FACTS.md "Duties under HTML labels, named roles and two doers"): the duty lists of
duty_lists.py also read a party whose label is an HTML bold element opening a paragraph or list item
("<p><strong>Conductors</strong> sell the tickets ...</p>"), a label that gives a name and a role ("**Ada Rowe,
groom**"), duties after a relative clause ("**Holm Trust**, which owns the field, cuts ..."), a claim doer of two
coordinated acts ("start and stop") and a claim that names a second doer in a clause of its own ("... the nets the
anglers use"). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

FERRY = (
    "<h2>Who does what</h2> <p><strong>Deckhands</strong> tie the ferry up and lower and raise the ramp at each "
    "landing.</p> <p><strong>Pursers</strong> sell the crossing tickets and count the passengers aboard.</p> "
    "<p><strong>Ouseburn Marine</strong> services the engines every 30 days.</p>"
)

STABLE = (
    "Who does what:\n"
    "- **Ada Rowe, head groom**: feeds the horses and decides each morning which horses are fit to ride.\n"
    "- **Ben Hale, farrier**: shoes the horses and checks their hooves.\n"
    "- **Holm Trust**, which owns the paddocks, cuts the hedges and mends the fences.\n"
)

HARBOUR = (
    "<h2>Who does what</h2> <ul> <li><strong>Skelby Netmakers</strong> knit and mend the nets.</li> "
    "<li><strong>The harbour master</strong> allots the moorings and opens the lock gates.</li> </ul>"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("The pursers sell the crossing tickets.", True),
        ("The deckhands lower and raise the ramp.", True),
        ("The deckhands sell the crossing tickets.", False),
        ("Pursers tie up the ferry and raise the ramp.", False),
    ],
)
def test_html_bold_labels(claim, ok):
    assert (judge_passages(claim, FERRY).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Ben Hale shoes the horses.", True),
        ("Ada Rowe decides which horses are fit to ride.", True),
        ("Holm Trust mends the fences.", True),
        ("Ada Rowe shoes the horses.", False),
        ("Ben Hale decides each morning which horses are fit to ride.", False),
        ("Holm Trust checks the horses' hooves.", False),
    ],
)
def test_names_with_roles_and_relative_clauses(claim, ok):
    assert (judge_passages(claim, STABLE).label in UNFLAGGED) is ok


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Skelby Netmakers mend the nets the boats carry.", True),
        ("The harbour master mends the nets the boats carry.", False),
    ],
)
def test_a_second_doer_in_the_claim(claim, ok):
    assert (judge_passages(claim, HARBOUR).label in UNFLAGGED) is ok
