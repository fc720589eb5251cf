"""Session 44's design on the modal of a purpose or a reason (docs/FACTS.md "The modal of a purpose or a reason"): a
clause that gives why a rule is there ("so that it can settle", ", as a sudden flash can startle the turner") says no
modal of the rule, so "Nobody should hit a ball on it for two days" is not set against the "can" of "so that it can
settle"; the rule's own modal still decides ("may" against "must"). Passages written for this file; the whole of
verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

FLOOR = (
    "# Norbury village hall: the new oak floor\n\n"
    "## Rules while the floor settles\n\n"
    "- No chair or table is stood on the new floor until 72 hours after it has been oiled, so that the oil can harden.\n"
    "- No stiletto heels in the main hall, as a narrow heel can dent the oak.\n"
    "- Hirers may bring their own felt pads for chair legs.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Nobody should stand a chair on the freshly oiled floor in the first three days.", True),
        ("Stiletto heels must not be worn in the main hall.", True),
        ("Hirers must bring their own felt pads for chair legs.", False),
        ("Chairs can be stood on the freshly oiled floor straight away.", False),
    ],
)
def test_the_modal_of_a_purpose_is_no_modal_of_the_rule(claim, holds):
    label = verified_label(claim, FLOOR)
    assert (label == "supported") is holds, label
