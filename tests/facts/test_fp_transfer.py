"""True claims the fact layer must not flag, and the wrong claims beside them it must still flag
(issue 11: false positives on blind documents). Passages and claims written for this file, in
domains of their own (none from the hard-case set): one rule each, with its wrong twin.
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, judge

from guard.facts import FactLabel
from guard.facts.matching import gives
from guard.facts.quantities import quantities

HOTLINE = "Send a warranty claim within 90 days of the repair, by email or on 0300 555 0142 (open 12 hours a day)."
CLUB = "The rowing club has 480 members. 52% of them voted in the last election."
FIRM = "The agency employs 240 people; 40% of them work from home."


# --- a limit the claim's words bind it to, beside a plain value bound to other words ---------


def test_round_figure_inside_the_limit_its_words_name_holds():
    # the plain "12 hours" is the phone line's; the claim speaks of the repair and the claim window
    verdict = judge("You have about three months after the repair to send a warranty claim.", HOTLINE)
    assert verdict.label is FactLabel.supported


def test_value_past_the_limit_its_words_name_still_contradicts():
    verdict = judge("You have 120 days after the repair to send a warranty claim.", HOTLINE)
    assert verdict.label is FactLabel.contradicted


def test_plain_value_and_limit_of_one_thing_still_hold_the_plain_value():
    # "1 tablet ... up to 6 tablets": the dose is the plain value, not anything under the limit
    verdict = judge("Take 3 tablets for a headache.", "Take 1 tablet for a headache, up to 6 tablets a day.")
    assert verdict.label is FactLabel.contradicted


# --- one step with a hedged figure (just over / about / nearly) --------------------------------


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        ("About 250 of the members voted in the last election.", CLUB),
        ("Just over 240 members voted in the last election.", CLUB),
        ("Nearly 100 people at the agency work from home.", FIRM),
    ],
)
def test_hedged_count_from_a_share_is_inferred(claim, text):
    verdict = judge(claim, text)
    assert verdict.label is FactLabel.inferred, verdict


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        ("About 300 of the members voted in the last election.", CLUB),  # 250, not 300
        ("Just over 260 members voted in the last election.", CLUB),  # 249.6 is not over 260
        ("Nearly 90 people at the agency work from home.", FIRM),  # 96 is over 90
    ],
)
def test_hedged_count_the_share_does_not_give_is_flagged(claim, text):
    verdict = judge(claim, text)
    assert verdict.label in FLAGGED, verdict


def _q(text: str):
    return quantities(text)[0]


@pytest.mark.parametrize(
    ("result", "claim", "holds"),
    [
        (508.0, "just over 500 women", True),
        (249.6, "about 250 members", True),
        (96.0, "nearly 100 staff", True),
        (38.0, "about 39 inches", False),  # 38 rounds to 40, or is said as 38: chance, not rounding
        (560.0, "just over 500 women", False),  # past the hedge's tolerance
        (250.0, "250 members", True),  # unhedged: exact up to a writer's rounding
        (247.0, "250 members", False),
    ],
)
def test_gives_allows_the_rounding_a_hedge_allows(result, claim, holds):
    assert gives(result, _q(claim)) is holds


# --- a duty entails the permission over the ways it leaves open --------------------------------

PARKING = "Visitors must register their car at reception or through the app before parking."
LOAN = "Laptops must be returned to the IT desk within 5 working days."


def test_permission_over_the_ways_a_duty_leaves_open_is_not_a_modal_flip():
    verdict = judge("A visitor can register their car at reception or through the app.", PARKING)
    assert verdict.label is not FactLabel.contradicted, verdict


def test_plain_may_for_must_of_one_act_is_still_a_weakened_duty():
    verdict = judge("Laptops may be returned to the IT desk within 5 working days.", LOAN)
    assert verdict.label is FactLabel.contradicted, verdict


def test_must_for_may_over_alternatives_still_claims_more():
    verdict = judge(
        "Visitors must pay at reception or through the app.",
        "Visitors may pay at reception or through the app before leaving.",
    )
    assert verdict.label is FactLabel.contradicted, verdict
