"""Session 36's design (docs/FACTS.md "A need denied where the evidence permits"): a claim that denies a need
("don't have to", "need not", "not obliged") agrees with a unit that permits the same act without a need or a
denial ("may", "can"), and a unit that denies a need agrees with a claim that permits it
(negation_clash.need_denied): both leave the act to the doer. A duty ("must") or a prohibition ("may not") still
clashes, and the need denied must be of the act permitted. Passages written for this file."""

from __future__ import annotations

import pytest
from fact_judge import UNFLAGGED, judge_passages

STUDIO = (
    "We lend every drum and guitar, though pupils may bring their own. Pupils can carry on with football and "
    "swimming as normal. Every pupil must wear the ear defenders in the drum room. Pupils may not bring food into "
    "the studios."
)
LETTER = (
    "If the spray is sneezed out, it does not need to be given again. Your child should avoid close contact with "
    "anyone whose immune system is very weak for 2 weeks."
)


@pytest.mark.parametrize(
    ("claim", "passage", "ok"),
    [
        ("Pupils don't have to bring their own drums.", STUDIO, True),
        ("Pupils need not give up football.", STUDIO, True),
        # a duty and a prohibition still clash with a denied need
        ("Pupils don't have to wear the ear defenders in the drum room.", STUDIO, False),
        ("Pupils are free, but not obliged, to bring food into the studios.", STUDIO, False),
        # the need the unit denies is of another act
        ("The child may be in close contact with someone whose immune system is very weak.", LETTER, False),
    ],
)
def test_denied_needs(claim, passage, ok):
    assert (judge_passages(claim, passage).label in UNFLAGGED) is ok
