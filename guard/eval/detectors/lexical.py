"""The lexical baseline: the share of the answer's content words found in no passage.

Content words and numbers as :func:`guard.verifiers.lexical.content_overlap` counts them
(lower-cased, stop words and words of two letters or fewer dropped, plurals folded,
numbers normalised). MODELS.md measured about 0.72 response AUROC on RAGTruth QA for
this one line; every learned detector has to beat it. An answer with no content word
scores 0 (nothing in it is new). It is a share, not a probability: no ECE.
"""

from __future__ import annotations

from guard.eval.detectors.base import DetectorOutput
from guard.eval.records import EvalRecord
from guard.eval.thresholds import ThresholdInfo, stored_threshold

__all__ = ["LexicalDetector"]


class LexicalDetector:
    name = "lexical"
    version = "lexical/1"
    probabilistic = False
    verifiers = None

    def __init__(self, shared=None) -> None:  # reads no verification
        # Import spaCy's stop words now: their import would otherwise count as the first response's time.
        import guard.verifiers.lexical  # noqa: F401

    def unavailable(self) -> str | None:
        return None

    def threshold(self) -> ThresholdInfo:
        return stored_threshold(self.name, self.version)

    def score(self, record: EvalRecord) -> DetectorOutput:
        from guard.verifiers.lexical import content_overlap, vocabulary

        novel_share = 1.0 - content_overlap(record.answer, vocabulary(record.contexts))
        return DetectorOutput(probability=novel_share)
