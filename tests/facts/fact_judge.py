"""The fact-layer tests' one way to judge a claim: ``judge_facts`` against the units of passage text (and
``verified_label``, the whole of verify(), for designs whose effect runs through the embedding judge).

A plain module rather than a fixture so that module-level lists of cases can call it too.
Imported by name (``from fact_judge import judge``): pytest puts this folder on the path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from guard import verify
from guard.facts import evidence_units, judge_facts
from guard.facts.types import EvidenceUnit, FactLabel, FactVerdict

# A verdict that flags the claim, and one that lets it stand.
FLAGGED = (FactLabel.contradicted, FactLabel.unsupported)
HOLDS = (FactLabel.supported, FactLabel.inferred)
# every verdict that does not flag the claim (an abstention lets it pass too)
UNFLAGGED = (*HOLDS, FactLabel.abstain)


def judge(
    claim: str,
    passage: str,
    similarities: Callable[[list[EvidenceUnit]], Sequence[float]] | None = None,
) -> FactVerdict:
    """``claim`` against the units of one passage (id ``"p"``).

    ``similarities``, given the units, returns the cosine scores ``judge_facts`` takes.
    """
    units = evidence_units("p", passage).units
    return judge_facts(claim, units, similarities(units) if similarities else None)


def judge_passages(claim: str, *texts: str) -> FactVerdict:
    """``claim`` against the units of several passages, with ids ``"0"``, ``"1"``, ... in order."""
    units = [u for i, t in enumerate(texts) for u in evidence_units(str(i), t).units]
    return judge_facts(claim, units)


def verified_label(claim: str, *texts: str) -> str:
    """The label verify() gives ``claim``, said as the whole answer, against the passages (no question)."""
    return verify(question="", contexts=list(texts), answer=claim).claims[0].label.value
