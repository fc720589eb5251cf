"""Session 41's third design (docs/FACTS.md): a value said of the whole of something ("over the whole course", "for
the entire stay") says it combines values, when it is the sum or the product of the two: "Five sessions of 90 minutes
each" gives seven and a half hours over the whole course. A share is no whole: a party of 15 hiring the whole studio
is not £450 / £30. Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest

from guard import verify

COURSES = (
    "# Larkhollow Pottery: courses\n\n"
    "| Course | Length | Price |\n"
    "|---|---|---|\n"
    "| Improvers' course | Five sessions of 90 minutes each | £75 |\n"
    "| Taster | One session of 1 hour | £12 |\n\n"
    "Private hire of the whole studio for an evening costs £450. Taster places are £30 a person.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("An improver at Larkhollow gets seven and a half hours of teaching over the whole course.", True),
        ("Over the entire improvers' course a learner is taught for 10 hours.", False),
        ("A party of 15 can hire the whole Larkhollow studio for an evening.", False),
    ],
)
def test_a_value_for_the_whole_of_something(claim, holds):
    label = verify(question="", contexts=[COURSES], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label
