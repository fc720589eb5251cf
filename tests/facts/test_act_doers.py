"""Who the document gives an act to, when the act has no object of its own: "deals with refunds",
"decides whether a pupil may sit the exam", a passive or cleft claim ("Refunds are dealt with by
X", "It's X who decides ..."), and a document that names two doers of one verb, each with its own
act ("the Bookings Desk deals with bookings, and the Centre Manager deals with refunds").

Passages and claims written for this file (none from the hard-case set); each false claim has a
true twin that must hold.
"""

from __future__ import annotations

import pytest
from fact_judge import FLAGGED, judge

from guard.facts.roles import AGENT, PATIENT, frames

POOL = (
    "The pool is open from 07:00 to 21:00. The Reception Desk deals with bookings and membership cards, "
    "and the Duty Manager deals with refunds and complaints. Lifeguards are on duty at all times."
)
SCHOOL = (
    "Lessons run in blocks of ten. The tutor decides whether a pupil is ready to sit the grade exam; "
    "the Office Manager takes fees and payments and deals with complaints. "
    "If you lose a book, tell Student Services within a week."
)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Refunds are dealt with by the Reception Desk.", POOL),
        ("The Reception Desk deals with refunds.", POOL),
        ("The Office Manager decides whether a pupil is ready to sit the grade exam.", SCHOOL),
        ("It's the Office Manager who decides whether a pupil is ready to sit the grade exam.", SCHOOL),
        ("Student Services decides whether a pupil is ready to sit the grade exam.", SCHOOL),
    ],
)
def test_the_act_given_to_another_doer_is_flagged(claim, passage):
    verdict = judge(claim, passage)
    assert verdict.label in FLAGGED, verdict


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Refunds are dealt with by the Duty Manager.", POOL),
        ("The Reception Desk deals with bookings.", POOL),
        ("The tutor decides whether a pupil is ready to sit the grade exam.", SCHOOL),
        ("It's the tutor who decides whether a pupil is ready to sit the grade exam.", SCHOOL),
        ("The Office Manager deals with complaints.", SCHOOL),
    ],
)
def test_the_act_given_to_its_doer_is_not_flagged(claim, passage):
    # supported, or abstain (no value to compare: the embedding score decides)
    verdict = judge(claim, passage)
    assert verdict.label not in FLAGGED, verdict


def test_each_doer_of_one_verb_keeps_its_own_act():
    found = frames("The Reception Desk deals with bookings, and the Duty Manager deals with refunds.", True, acts=True)
    acts = {f.at: set() for f in found}
    for f in found:
        acts[f.at].add((f.role, next(iter(f.filler)) if f.role == PATIENT else " ".join(sorted(f.filler))))
    assert {(AGENT, "desk recept"), (PATIENT, "book")} <= next(a for a in acts.values() if (PATIENT, "book") in a)
    assert (AGENT, "duti manag") in next(a for a in acts.values() if (PATIENT, "refund") in a)


def test_the_new_readings_stay_with_the_act_check():
    # the other role checks read frames without ``acts``: no prepositional patient, no cleft focus
    plain = frames("It's the tutor who deals with complaints.", True)
    assert not any(f.role == PATIENT and "complaint" in f.filler for f in plain)


def test_having_is_no_act_a_party_is_given():
    # "Boxers have strong jaws" was read as an act the document gave another "party" (a RAGTruth dev
    # answer flagged through a garbled parse): what something has or is stays with the other checks,
    # at the price of a swap of who has something ("The Centre Manager has the keys"), left to them too
    passage = "The Duty Manager has the keys to the plant room, and the Centre Manager deals with refunds."
    assert judge("The Centre Manager has the keys to the plant room.", passage).rule != "role.act_elsewhere"
    assert judge("Refunds are dealt with by the Reception Desk.", POOL).rule == "role.act_elsewhere"
