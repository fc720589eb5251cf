"""A party's total from the prices near units bind to each group it names (guard/facts/baskets.py).

Passages and claims written for this file (none from the hard-case set).
"""

from __future__ import annotations

import pytest
from fact_judge import judge_passages

from guard.facts import FactLabel
from guard.facts.quantities import quantities

ZOO = (
    "# Tickets\n\n- Farm Trail: £11 per adult.\n- Night Safari: £26 per adult.\n\n## Children\n\n"
    "- Children aged 3 to 15 can join the Farm Trail for £5.\n- Children under 3 cannot join the Night Safari."
)


def test_counts_and_ages_priced_by_their_units_add_up():
    verdict = judge_passages("Two adults and a 7-year-old pay £27 altogether for the Farm Trail.", ZOO)
    assert verdict.label is FactLabel.inferred
    assert verdict.inference == "Two adults × £11 per adult + 7-year-old × £5 = £27"


@pytest.mark.parametrize(
    "claim",
    [
        "Two adults and a 7-year-old pay £38 altogether for the Farm Trail.",  # no such sum
        "Two adults and a 7-year-old pay £57 altogether for the Night Safari.",  # the £5 is the Farm Trail's
    ],
)
def test_a_total_from_wrong_or_borrowed_prices_is_still_flagged(claim):
    assert judge_passages(claim, ZOO).label in (FactLabel.contradicted, FactLabel.unsupported)


def test_a_modal_after_a_number_is_no_counted_noun():
    # "under 3 cannot" counted "cannot"s, and a step multiplied £5 by them
    assert [q.dim for q in quantities("Children under 3 cannot join the Night Safari.")] == ["number"]
