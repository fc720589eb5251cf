"""The trained grounding model as a verifier: three probabilities per claim, and the ALCE judge.

Every claim is scored in one batched call against its own evidence window (the
passage sentences nearest to it that fit the model's length, drawn from *all*
passages, as the model was trained; :mod:`guard.grounding.evidence`). Per claim it
writes ``ClaimVerdict.scores.grounding`` (P(supported), P(unsupported) and
P(contradicted), summing to 1), and:

- supported / unsupported and the support score stay the ``support`` verifier's when
  it ran before this one; only when it did not (a policy that names "grounding"
  without "support") does the model set them, from P(supported) against the policy's
  support threshold;
- a claim so judged *unsupported* whose most likely model label is *contradicted*
  becomes contradicted, with ``best_passage_id`` / ``best_sentence`` set to the passage
  sentence nearest to the claim (the hallucination-types verifier words the evidence).
  A claim judged supported keeps its label whatever the model's argmax.

task       claims  AUROC support    AUROC P(supported)  AUROC mean
=========  ======  ===============  ==================  ==============
all        1,658   0.724            0.755               0.795
QA         611     0.780            0.660               0.801
Data2txt   682     0.691            0.818               0.808
Summary    365     0.624            0.615               0.634
=========  ======  ===============  ==================  ==============

(balanced accuracy at the default threshold 0.5: support 0.681, model 0.663; QA 0.715
vs 0.633.) The model is weaker on QA, the guard's main case, and stronger only on
Data2txt, so it does not overwrite support's labels; its probabilities go to the
stacked detector as signals, where the two combine (their plain mean already ranks
better than either overall and on QA). Its argmax says contradicted for 209 claims, of which 155 are
supported (10.5 % of all supported claims) and 37 truly contradicted; requiring the
claim to be unsupported by the support score as well keeps 149 of them, 101 supported
ones and 33 truly contradicted. So ``contradicted`` only ever refines an unsupported
verdict (faithfulness is unchanged by it) and a supported claim is never relabelled.
=======
Both choices were measured on 1,658 RAGTruth dev claims; the figures and the reasoning are in
docs/DETECTION.md ("The grounding verifier"). In short: the model is weaker than the support
score on QA, so it does not overwrite support's labels, and ``contradicted`` only ever refines
an unsupported verdict (a supported claim is never relabelled).

It also sets ``state.judge`` to :class:`GroundingJudge` (P(supported) of a claim
against an evidence text, windowed the same way), so a ``citations`` verifier
running after it computes ALCE citation recall / precision with the model.

With no passage there is nothing to ground on: every claim gets P(supported) 0,
P(unsupported) 1 and no model call. The backend is :func:`guard.grounding.model.shared_model`:
the committed model, or any folder named by ``$RAGGUARD_GROUNDING_MODEL`` (ragguard's
format or a local Hugging Face NLI checkpoint), loaded once per process.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from guard.grounding.evidence import EvidenceCache, resolve_embedder
from guard.grounding.model import GroundingModel, GroundingScore, shared_model
from guard.verifiers.types import ClaimVerdict, GroundingProbabilities, SupportLabel
from guard.verifiers.verdict import JudgeRule

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import VerificationInput

__all__ = ["GroundingJudge", "GroundingVerifier"]

_NO_EVIDENCE = GroundingScore(supported=0.0, unsupported=1.0, contradicted=0.0)
_JOIN = "\n\n"  # how the citations verifier joins cited passages


class GroundingJudge:
    """``judge(claim_text, evidence_text) -> P(supported)`` from the grounding model, cached per pair.

    A join of known passages is split back into them, so its sentences and vectors are
    the ones already computed for the claims' windows.
    """

    def __init__(self, model: GroundingModel, evidence: EvidenceCache, embedder=None):
        self._model = model
        self._evidence = evidence
        self._embedder = embedder
        self._vectors: dict[str, np.ndarray] = {}
        self._scores: dict[tuple[str, str], float] = {}

    def __call__(self, claim_text: str, evidence_text: str) -> float:
        self.prefetch([(claim_text, evidence_text)])
        return self._scores[(claim_text, evidence_text)]

    def remember(self, claim_texts: Sequence[str], vectors: np.ndarray) -> None:
        """Claim vectors already computed elsewhere in the request."""
        self._vectors.update(zip(claim_texts, vectors))

    def prefetch(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Score the pairs not cached yet in one batched model call."""
        todo = list(dict.fromkeys(p for p in pairs if p not in self._scores))
        if not todo:
            return
        self._embed([claim for claim, _ in todo])
        windows = [
            self._evidence.pool(self._evidence.pieces(text)).select(
                claim, self._model.max_length, claim_vector=self._vectors[claim]
            )
            for claim, text in todo
        ]
        scores = self._model.predict([(claim, window) for (claim, _), window in zip(todo, windows)])
        self._scores.update((pair, score.supported) for pair, score in zip(todo, scores))

    def _embed(self, claim_texts: Sequence[str]) -> None:
        missing = list(dict.fromkeys(t for t in claim_texts if t not in self._vectors))
        if missing:
            self.remember(missing, resolve_embedder(self._embedder).encode(missing))


class GroundingVerifier:
    """Writes the grounding model's probabilities per claim; see the module docstring."""

    name = "grounding"
    judges_support = True
    requires: tuple[str, ...] = ()

    def __init__(self, model_dir: str | Path | None = None, embedder=None):
        self._model_dir = model_dir
        self._embedder = embedder

    def prepare(self) -> None:
        """Load the model and the embedder now, not inside a request's deadline."""
        shared_model(self._model_dir)
        resolve_embedder(self._embedder)

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        verdicts = state.report.claims
        if not verdicts:  # no claim: nothing to judge, nor any citation to check
            return
        model = shared_model(self._model_dir)
        evidence = EvidenceCache(embedder=self._embedder)
        judge = GroundingJudge(model, evidence, self._embedder)
        self_judging = not state.support_judged()
        if self_judging:  # with support's verdicts in place, the claim judge stays the one ALCE asks
            state.judge = judge
        if not inp.passages:
            for verdict in verdicts:
                _write(verdict, _NO_EVIDENCE, None, self_judging, state.thresholds.support)
            return
        texts = [v.claim.text for v in verdicts]
        vectors = resolve_embedder(self._embedder).encode(texts)
        judge.remember(texts, vectors)
        pool = evidence.pool(state.passage_texts)
        windows = [pool.select(t, model.max_length, claim_vector=v) for t, v in zip(texts, vectors)]
        scores = model.predict(list(zip(texts, windows)))
        for verdict, score, unit in zip(verdicts, scores, pool.nearest(vectors), strict=True):
            nearest = (inp.passages[unit.passage].id, unit.text) if unit is not None else None
            _write(verdict, score, nearest, self_judging, state.thresholds.support)
        if self_judging and "citations" in state.report.verifiers:
            judge.prefetch(_citation_pairs(verdicts, state.passage_texts))


def _write(
    verdict: ClaimVerdict,
    score: GroundingScore,
    nearest: tuple[str, str] | None,
    self_judging: bool,
    threshold: float,
) -> None:
    verdict.scores.grounding = GroundingProbabilities(
        supported=score.supported, unsupported=score.unsupported, contradicted=score.contradicted
    )
    if self_judging:
        verdict.support = score.supported
        verdict.label = SupportLabel.supported if score.supported >= threshold else SupportLabel.unsupported
        verdict.rule = JudgeRule.grounding.value if verdict.label is SupportLabel.unsupported else None
        verdict.best_passage_id, verdict.best_sentence = nearest or (None, None)
    # Only where the fact layer found nothing to compare: its slot verdict outranks the model.
    learned_only = verdict.label is SupportLabel.unsupported and verdict.mismatch is None
    if learned_only and score.label is SupportLabel.contradicted:
        verdict.label = SupportLabel.contradicted
        verdict.rule = JudgeRule.grounding_contradicted.value
        verdict.best_passage_id, verdict.best_sentence = nearest or (None, None)


def _citation_pairs(verdicts: Sequence[ClaimVerdict], passages: Sequence[str]) -> list[tuple[str, str]]:
    """The (claim, evidence) pairs ALCE scoring will ask about, to score them in one batch.

    Only a warm-up of the judge's cache: a pair missed here is scored when asked.
    """
    pairs = []
    for verdict in verdicts:
        valid = [n for n in dict.fromkeys(verdict.claim.citations) if 1 <= n <= len(passages)]
        subsets = [valid]
        if len(valid) > 1:  # each citation alone, and the others without it
            subsets += [[n] for n in valid] + [[m for m in valid if m != n] for n in valid]
        pairs.extend(
            (verdict.claim.text, _JOIN.join(passages[n - 1] for n in subset)) for subset in subsets if subset
        )
    return pairs
