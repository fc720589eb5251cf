"""Session 38's design (docs/FACTS.md): a document's statement of what it covers ("This contract is between Alice
Penrose, owner of Willow Cottage, and Jacob Marsh, master thatcher, ... to rethatch the cottage roof in long straw")
names the parties and the subject and asserts none of the acts a claim about them may deny: a denial the parse cannot
place on the statement's act ("Blowtorches aren't used on the Willow Cottage roof") is not turned round against it,
while a denial of the statement's own act ("Jacob Marsh does not rethatch the Willow Cottage roof") still is.
Passages written for this file; the whole of verify() runs, since which unit a claim is read against rests on the
embedder's similarity."""

from __future__ import annotations

import pytest

from guard import verify

THATCH = (
    "<h1>Reedcombe Thatching: rethatching contract</h1>\n\n"
    "<p>This contract is between Alice Penrose, owner of Willow Cottage (the owner), and Jacob Marsh, master thatcher, "
    "trading as Marsh Thatching (the thatcher), to rethatch the cottage roof in long straw.</p>\n\n"
    "<ul>\n<li>The work takes about 6 weeks and starts on 4 May 2061.</li>\n"
    "<li>No naked flame, blowtorch or heat gun is used on the roof.</li>\n"
    "<li>The owner pays a deposit of £2,000 when the straw is ordered.</li>\n</ul>"
)


def _judged(claim: str):
    return verify(question="", contexts=[THATCH], answer=claim).claims[0]


@pytest.mark.parametrize(
    "claim",
    ["Blowtorches aren't used on the Willow Cottage roof.", "The Willow Cottage roof is not rethatched in water reed."],
)
def test_a_scope_statement_does_not_turn_a_denial_round(claim):
    verdict = _judged(claim)
    assert verdict.label.value != "contradicted", (verdict.rule, verdict.mismatch)


def test_a_denial_of_the_statements_own_act_is_still_a_flip():
    verdict = _judged("Jacob Marsh does not rethatch the Willow Cottage roof.")
    assert (verdict.label.value, verdict.rule) == ("contradicted", "flip.negation")
