"""Session 42's third design (docs/FACTS.md "A leave for the same thing under another verb"): an act the claim
requires that the document only allows, said with another verb on the same thing ("is required to sleep in cotton
socks" against "You may wear cotton socks in bed"), and an act whose thing is what it is done in, with or on ("go on
a soft diet") (allowed_acts._all_of_the_thing, _things). Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

LETTER = (
    "# Harbury Skin Clinic: your eczema plan\n\n"
    "Mrs Tolland has hand eczema.\n\n"
    "- You may wear cotton socks in bed over the cream.\n"
    "- You may try an oatmeal soap substitute for washing.\n"
    "- You must put on the steroid ointment twice a day for 2 weeks.\n"
    "- You must wear rubber gloves over cotton liners for washing up.\n"
)


@pytest.mark.parametrize(
    ("claim", "ok"),
    [
        ("Mrs Tolland is required to sleep in cotton socks.", False),
        ("Mrs Tolland has to use an oatmeal soap substitute for washing.", False),
        ("Mrs Tolland can sleep in cotton socks.", True),
        ("Mrs Tolland has to put on the steroid ointment twice a day.", True),
        # the document requires the act, with gloves over the same cotton: no leave against it
        ("Mrs Tolland must use rubber gloves over cotton liners for washing up.", True),
    ],
)
def test_a_duty_against_a_leave_under_another_verb(claim, ok):
    assert (judge_passages(claim, LETTER).label in UNFLAGGED) is ok
