"""Build Verification objects straight from an answer and per-sentence verdicts (no models)."""

from __future__ import annotations

import re

from guard.facts.types import FactLabel
from guard.verifiers.types import Claim, ClaimVerdict, SupportLabel, Verification

_MARKER = re.compile(r"\s*\[(\d+(?:,\s*\d+)*)\]")

# The learned judge's probabilities for a claim it is sure of (strict profiles read them).
CONFIDENT = {"supported": 0.9, "unsupported": 0.05, "contradicted": 0.05}

Spec = tuple[str, str, float] | tuple[str, str, float, dict]


def build_verification(answer: str, specs: list[Spec], **fields) -> Verification:
    """One claim per spec: (sentence as written in ``answer``, label, support[, verdict fields]).

    Claims are ``judged`` (a support judge labelled them) unless the fields say otherwise, and a
    supported claim is one the fact layer confirmed (``facts`` supported) unless they say otherwise.
    """
    verdicts, position = [], 0
    for index, spec in enumerate(specs):
        sentence, label, support = spec[:3]
        extra = spec[3] if len(spec) > 3 else {}
        start = answer.index(sentence, position)
        position = start + len(sentence)
        cited = [int(n) for group in _MARKER.findall(sentence) for n in group.split(",")]
        claim = Claim(index=index, text=_MARKER.sub("", sentence), start=start, end=position, citations=cited)
        confirmed = FactLabel.supported if label == "supported" else None
        fields_of = {"judged": True, "facts": confirmed, **extra}
        verdicts.append(ClaimVerdict(claim=claim, label=SupportLabel(label), support=support, **fields_of))
    supported = sum(v.label is SupportLabel.supported for v in verdicts)
    fields.setdefault("faithfulness", supported / len(verdicts) if verdicts else 1.0)
    return Verification(claims=verdicts, verifiers=["claims", "citations", "support"], **fields)
