"""Session 45's design on a span of clock times with one "am" or "pm" (docs/FACTS.md "A span's am or pm"): in "Thursdays,
7 to 9 pm" the 7 is 7 pm, the end's half of the day, so the session lasts two hours; "11 to 1 pm" starts at 11 am.
Passages written for this file; the whole of verify() runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.dates import dates

SQUADS = (
    "# Kippen shinty club: sessions\n\n"
    "| Session | When | Price |\n|---|---|---|\n"
    "| Women's squad | Tuesdays, 7 to 8.30 pm | £8 |\n"
    "| Men's squad | Thursdays, 6 to 9 pm | £9 |\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Thursday's men's squad session lasts 180 minutes.", True),
        ("Thursday's men's squad session lasts 150 minutes.", False),
    ],
)
def test_a_span_s_first_hour_takes_the_am_or_pm_of_its_end(claim, holds):
    label = verified_label(claim, SQUADS)
    assert (label == "supported") is holds, label


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("Tuesdays, 7 to 8.30 pm", [1140, 1230]), ("11 to 1 pm", [660, 780]), ("9 to 10 am", [540, 600]), ("£5 to 6 pm", [1080])],
)
def test_the_first_hour_of_a_span_is_read_in_its_half_of_the_day(text, minutes):
    assert [d.minutes for d in dates(text)] == minutes
