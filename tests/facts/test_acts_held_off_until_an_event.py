"""Session 46's design on an act held off until an event (docs/FACTS.md "Not before an event"): "The masons will not
take up a stone before the council has shut the verge" denies the act only until the event; a unit that says the act
is done ("the masons lift the stones on 12 April") may be saying it of the time after, so it does not turn the claim
round. "will not start turning" denies the turning itself. Passages written for this file; the whole of verify()
runs."""

from __future__ import annotations

import pytest
from fact_judge import verified_label

from guard.facts.predicates import Status, statuses

WELL = (
    "# Kilchattan well-head restoration\n\n"
    "Ardbeg Stonework restores the stone well-head on Kilchattan green for the Kilchattan Village Trust.\n\n"
    "**Dates**\n\n"
    "The trust fences off the green on 3 June 2078, and Ardbeg Stonework dismantles the well-head on 9 June 2078 "
    "and carts the stones to its workshop.\n\n"
    "**Terms**\n\n"
    "1. No stone is moved from the green until the trust has fenced it off.\n"
    "2. The stones are rebuilt in lime mortar only.\n"
    "3. No carving is started until the trust has approved a drawing of the new cap.\n"
)


@pytest.mark.parametrize(
    ("claim", "holds"),
    [
        ("Ardbeg Stonework will not dismantle the well-head before the trust has fenced off the green.", True),
        ("Ardbeg Stonework will not start carving before the trust has approved the drawing.", True),
        ("Stones may be moved from the green before the trust has fenced it off.", False),
        ("Carving may be started before the trust has approved a drawing of the new cap.", False),
    ],
)
def test_an_act_held_off_until_an_event_is_not_turned_round_by_the_act_done(claim, holds):
    label = verified_label(claim, WELL)
    assert (label == "supported") is holds, label


def test_not_starting_an_act_denies_the_act():
    read = dict(statuses("The joiners will not start cutting the boards before the owner has chosen the oak."))
    assert read["cutting"] is Status.denied
