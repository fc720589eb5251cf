"""Session 46's design on a regimen total said "in all" or "in 24 hours" (docs/FACTS.md "Totals said in all"): "Over
the week she takes 5,600 mg in all" against "400 mg twice a day for 7 days", and "no more than 30 ml of the
suspension in 24 hours" against "7.5 ml up to 4 times in 24 hours", are the dose times the frequency (and the
length): the words say the value is a total, as "a day" or "in total" did. Passages written for this file; the
whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

LETTER = (
    "# Tarbert Health Centre: your cough and chest infection\n\n"
    "Dear Mr Maclean,\n\n"
    "**Your medicines**\n\n"
    "- Take amoxicillin, 500 mg three times a day, for 5 days.\n"
    "- For the aches, take ibuprofen, 200 mg up to 3 times in 24 hours, with food.\n"
    "- Come back if you still have a fever after 24 hours on the amoxicillin.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Over the five days, Mr Maclean takes 7,500 mg of amoxicillin in all.", True),
        ("Mr Maclean may take no more than 600 mg of ibuprofen in 24 hours.", True),
        ("Over the five days, Mr Maclean takes 5,000 mg of amoxicillin in all.", False),
        ("Mr Maclean may take no more than 800 mg of ibuprofen in 24 hours.", False),
    ],
)
def test_a_regimen_total_said_in_all_or_in_24_hours(claim, holds):
    label = verified_label(claim, LETTER)
    assert (label == "supported") is holds, label
