"""Session 44's design on rows a claim names by a count (docs/FACTS.md "A row named by its count"): a claim that says
"the six cushions" names the "Cushions" row whose work is "The six cushions stripped ...", though "six cushions" is a
count and so no content word of the claim: the difference of two rows' prices it compares is read, and the count is
that row's, not another row's value. A count the row does not give ("two adults" against an "Adult" row priced for
one) names nothing. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

ORGAN = (
    "# Ratlinghope chapel: commission to restore the barrel organ\n\n"
    "Ratlinghope Chapel commissions Ashes Hollow Organ Works to restore its barrel organ.\n\n"
    "| Item | Work | Price |\n|---|---|---|\n"
    "| Barrels | The three barrels cleaned, their bent pins straightened and two missing pins made again | £3,480 |\n"
    "| Pipes | The twenty-two pipes washed, their mouths reshaped and tuned | £2,150 |\n"
    "| Bellows | New leather for the bellows and the reservoir | £1,310 |\n"
    "| Case | The oak case cleaned and waxed | £590 |\n"
)

FARE = (
    "# Wentnor pony trek: prices\n\n"
    "| Ticket | Price |\n|---|---|\n"
    "| Adult | £30 |\n"
    "| Child | £18 |\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Tuning the pipes costs £1,330 less than mending the three barrels.", True),
        ("Ashes Hollow asks £2,890 more for the three barrels than for the oak case.", True),
        ("The three barrels cost £2,170 more than the new bellows leather.", True),
        ("Ashes Hollow asks £1,560 more for the twenty-two pipes than for the oak case.", True),
        ("Ashes Hollow asks £1,760 more for the twenty-two pipes than for the oak case.", False),
        ("Tuning the pipes costs £1,530 less than mending the three barrels.", False),
    ],
)
def test_a_count_names_the_row_that_gives_it(claim, holds):
    label = verified_label(claim, ORGAN)
    assert (label == "supported") is holds, label


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("An adult pays £12 more than a child for the pony trek.", True),
        ("Two adults pay £12 more than a child for the pony trek.", False),
    ],
)
def test_a_count_the_row_does_not_give_names_nothing(claim, holds):
    label = verified_label(claim, FARE)
    assert (label == "supported") is holds, label
