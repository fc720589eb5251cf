"""The support detector's spans follow the labels even when a stacked claim head flagged other claims."""

from __future__ import annotations

from guard.eval.detectors.base import sentences_by_label, unsupported_sentences
from guard.verifiers.spans import unsupported_spans
from guard.verifiers.types import (
    Claim,
    ClaimScores,
    ClaimVerdict,
    SupportLabel,
    Verification,
)

ANSWER = "Paris is big. Rome has nine hills."


def _verification() -> Verification:
    verdicts = []
    claims = [
        ("Paris is big.", SupportLabel.supported, True),
        ("Rome has nine hills.", SupportLabel.unsupported, False),
    ]
    for index, (text, label, flag) in enumerate(claims):
        start = ANSWER.index(text)
        verdicts.append(ClaimVerdict(
            claim=Claim(index=index, text=text, start=start, end=start + len(text)), label=label, support=0.3,
            judged=True, scores=ClaimScores(stacked_flagged=flag, stacked_probability=0.9 if flag else 0.1),
        ))
    report = Verification(claims=verdicts)
    report.unsupported_spans = unsupported_spans(ANSWER, report, lambda _text: [])
    return report


def test_flags_decide_the_verification_spans_labels_decide_the_support_detectors():
    report = _verification()
    assert unsupported_sentences(report) == [(0, len("Paris is big."))]
    rome = ANSWER.index("Rome")
    assert sentences_by_label(report, ANSWER) == [(rome, len(ANSWER))]
    assert report.claims[0].scores.stacked_flagged is True  # the report is left as it was
