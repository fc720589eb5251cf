"""The cheap support score: sentence-embedding similarity, checked by lexical evidence.

For a claim and some evidence (its cited passages, or all passages when it
cites none), the score is::

    support = (cosine_to_support(best cosine) + content overlap) / 2 * novelty_penalty ** n_novel

- best cosine: between the claim and its closest evidence *sentence* (the rest
  of a passage would only dilute it); two-sentence windows and whole passages
  were tried and scored lower;
- content overlap: the share of the claim's content words and numbers that the
  evidence (or the question) contains;
- n_novel: numbers, dates and names of the claim that the evidence and the
  question never mention (fabrication's signature, which cosine cannot see:
  "completed in 1925" embeds like "completed in 1889").

Cosine to [0, 1]: all-MiniLM-L6-v2 gives unrelated sentences a cosine near
0.0-0.2, same-topic sentences 0.3-0.6 and restatements 0.7 and more. The map is
linear from ``COS_FLOOR`` (0) to ``COS_CEIL`` (1), clipped. Anchors and the
equal blend were read off 1,564 answer sentences of 300 RAGTruth QA train
responses (sentence hallucinated = overlaps a labelled span): AUROC 0.70 for the
raw cosine, 0.72 with the novelty penalty, 0.77 for the blend above, which at
the default threshold 0.5 flags 29 % of sentences and 62 % of hallucinated ones
(base rate 14 %).

Cosine cannot tell a contradiction from a restatement, so this verifier only
says supported or unsupported; ``contradicted`` is left to stronger judges.

:class:`EmbeddingJudge` is also the stage's default entailment judge
(``judge(claim_text, evidence_text) -> float``) for citation recall and
precision; a trained grounding model replaces it by setting ``state.judge``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, Protocol

import numpy as np

from guard.language import Entity, entities_many, entity_word_pieces, sentence_spans_many
from guard.verifiers.lexical import Vocabulary, all_known, content_overlap, novel_terms, vocabulary
from guard.verifiers.types import SupportLabel

if TYPE_CHECKING:
    from guard.verifiers.claim_judge import ClaimJudgement
    from guard.verifiers.stage import VerificationState
    from guard.verifiers.types import ClaimVerdict, VerificationInput
    from retrievers.types import Passage

__all__ = [
    "COS_CEIL",
    "COS_FLOOR",
    "Assessment",
    "BestSentence",
    "EmbeddingJudge",
    "EntailmentJudge",
    "SupportVerifier",
    "cosine_to_support",
    "paragraphs",
]

COS_FLOOR = 0.35
_splitter_warm = False  # SupportVerifier.prepare has run the sentence splitter in this process
COS_CEIL = 0.85
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


class EntailmentJudge(Protocol):
    """Probability-like score that ``evidence_text`` entails ``claim_text``."""

    def __call__(self, claim_text: str, evidence_text: str) -> float: ...


def cosine_to_support(cosine: float) -> float:
    """Map a MiniLM cosine to a support score in [0, 1] (linear between the two anchors)."""
    return float(np.clip((cosine - COS_FLOOR) / (COS_CEIL - COS_FLOOR), 0.0, 1.0))


class Assessment(NamedTuple):
    support: float
    best: BestSentence
    overlap: float
    novel: list[str]


class BestSentence:
    """Where a claim found its best evidence sentence."""

    __slots__ = ("cosine", "sentence", "text_index")

    def __init__(self, cosine: float, text_index: int | None, sentence: str | None):
        self.cosine = cosine
        self.text_index = text_index  # which of the evidence texts held it
        self.sentence = sentence


class EmbeddingJudge:
    """Embedding + lexical judge with per-request caches.

    Texts are split into paragraphs (blank lines) and each paragraph into
    sentences; sentences, their vectors, claim vectors, claim entities and
    paragraph vocabularies are cached by text, so evidence built by joining
    passages with blank lines reuses the work done for each passage.
    Call :meth:`prepare` first to do that work in one batched spaCy pass and one
    embedder call; anything not prepared is computed on demand.
    """

    def __init__(self, background: str = "", novelty_penalty: float = 0.5, embedder=None):
        self._embedder = embedder
        self.novelty_penalty = novelty_penalty
        self._background = vocabulary([background])
        self._sentences: dict[str, list[str]] = {}
        self._vectors: dict[str, np.ndarray] = {}
        self._entities: dict[str, list[Entity]] = {}
        self._vocab: dict[str, Vocabulary] = {}
        # per evidence (a tuple of texts): its vocabulary and its sentences with their vectors
        # stacked, asked again for each claim judged against the same passages
        self._known: dict[tuple[str, ...], Vocabulary] = {}
        self._matrices: dict[tuple[str, ...], _Sentences] = {}

    @property
    def embedder(self):
        if self._embedder is None:  # the process-wide one, its vectors kept across requests
            from guard.content_cache import shared_embedder

            self._embedder = shared_embedder()
        return self._embedder

    def prepare(
        self, claim_texts: Sequence[str], evidence_texts: Sequence[str], extra_texts: Sequence[str] = ()
    ) -> None:
        """Split, tag and embed everything the request will ask about, in batches.

        ``extra_texts`` are embedded in the same call (the passages' evidence units)."""
        parts = [p for text in evidence_texts for p in paragraphs(text)]
        self._split(parts)
        known = self.known(evidence_texts)
        self._tag([t for t in claim_texts if needs_entities(t, known)])
        sentences = [s for p in parts for s in self._sentences[p]]
        self._embed([*claim_texts, *sentences, *extra_texts])

    def cosines(self, claim_text: str, texts: Sequence[str]) -> list[float]:
        """The claim's cosine with each of ``texts`` (embedded once, cached by text)."""
        if not texts:
            return []
        vectors = self._embed([claim_text, *texts])
        claim = vectors[claim_text]
        return [float(vectors[t] @ claim) for t in texts]

    def __call__(self, claim_text: str, evidence_text: str) -> float:
        return self.score(claim_text, [evidence_text])

    def score(self, claim_text: str, evidence_texts: Sequence[str]) -> float:
        return self.assess(claim_text, evidence_texts).support

    def assess(self, claim_text: str, evidence_texts: Sequence[str]) -> Assessment:
        """The support score of the claim against the evidence, with what it was made of."""
        best = self.best_sentence(claim_text, evidence_texts)
        known = self.known(evidence_texts)
        novel = novel_terms(claim_text, self._claim_entities(claim_text, known), known)
        overlap = content_overlap(claim_text, known)
        support = (cosine_to_support(best.cosine) + overlap) / 2 * self.novelty_penalty ** len(novel)
        return Assessment(support, best, overlap, novel)

    def best_sentence(self, claim_text: str, evidence_texts: Sequence[str]) -> BestSentence:
        """The evidence sentence closest to the claim (cosine -1 and None when there is none)."""
        key = tuple(evidence_texts)
        found = self._matrices.get(key)
        if found is None:
            owners, sentences = self._sentences_of(key)
            if not sentences:
                return BestSentence(-1.0, None, None)
            vectors = self._embed([claim_text, *sentences])  # whatever is missing, in one call
            matrix = np.stack([vectors[s] for s in sentences])
            found = self._matrices[key] = _Sentences(owners, sentences, matrix)
        sims = found.matrix @ self._embed([claim_text])[claim_text]
        k = int(np.argmax(sims))
        return BestSentence(float(sims[k]), found.owners[k], found.sentences[k])

    def _sentences_of(self, evidence_texts: Sequence[str]) -> tuple[list[int], list[str]]:
        """The evidence's sentences, paragraph by paragraph, and which text holds each."""
        owners, sentences = [], []
        for i, text in enumerate(evidence_texts):
            for paragraph in paragraphs(text):
                found = self._split([paragraph])[paragraph]
                sentences.extend(found)
                owners.extend([i] * len(found))
        return owners, sentences

    def novel(self, claim_text: str, evidence_texts: Sequence[str]) -> list[str]:
        """Numbers and names of the claim found neither in the evidence nor in the question."""
        known = self.known(evidence_texts)
        return novel_terms(claim_text, self._claim_entities(claim_text, known), known)

    def known(self, evidence_texts: Sequence[str]) -> Vocabulary:
        """The vocabulary of the evidence texts plus the question's."""
        key = tuple(evidence_texts)
        known = self._known.get(key)
        if known is None:
            known = self._background
            for text in evidence_texts:
                for paragraph in paragraphs(text):
                    known = known | self._vocabulary(paragraph)
            self._known[key] = known
        return known

    def _vocabulary(self, paragraph: str) -> Vocabulary:
        if paragraph not in self._vocab:
            self._vocab[paragraph] = paragraph_vocabulary(paragraph)
        return self._vocab[paragraph]

    def _split(self, paragraphs: Sequence[str]) -> dict[str, list[str]]:
        todo = list(dict.fromkeys(p for p in paragraphs if p not in self._sentences))
        if not todo:
            return self._sentences
        for paragraph, spans in zip(todo, sentence_spans_many(todo), strict=True):
            self._sentences[paragraph] = [paragraph[s:e] for s, e in spans]
        return self._sentences

    def _claim_entities(self, claim_text: str, known: Vocabulary) -> list[Entity]:
        """The claim's entities as :func:`novel_terms` needs them against ``known``: none when
        no entity of the claim could hold a word ``known`` lacks (:func:`needs_entities`),
        which gives the same novel terms without running the NER."""
        if claim_text not in self._entities and not needs_entities(claim_text, known):
            return []
        return self._tag([claim_text])[claim_text]

    def _tag(self, claim_texts: Sequence[str]) -> dict[str, list[Entity]]:
        todo = list(dict.fromkeys(t for t in claim_texts if t not in self._entities))
        if not todo:
            return self._entities
        for text, found in zip(todo, entities_many(todo), strict=True):
            self._entities[text] = found
        return self._entities

    def _embed(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        todo = list(dict.fromkeys(t for t in texts if t not in self._vectors))
        if todo:
            for text, vector in zip(todo, self.embedder.encode(todo), strict=True):
                self._vectors[text] = vector
        return self._vectors


class _Sentences(NamedTuple):
    owners: list[int]  # the evidence text that holds each sentence
    sentences: list[str]
    matrix: np.ndarray  # their vectors, one row each


@lru_cache(maxsize=4_096)  # shared by the responses that show a passage; immutable values
def paragraph_vocabulary(paragraph: str) -> Vocabulary:
    """The vocabulary of one paragraph (kept across requests)."""
    return vocabulary([paragraph])


def known_vocabulary(question: str, evidence_texts: Sequence[str]) -> Vocabulary:
    """What :meth:`EmbeddingJudge.known` gives for ``evidence_texts`` with ``question`` as background."""
    known = vocabulary([question])
    for text in evidence_texts:
        for paragraph in paragraphs(text):
            known = known | paragraph_vocabulary(paragraph)
    return known


def needs_entities(claim_text: str, known: Vocabulary) -> bool:
    """Whether the claim's named entities can change its novel terms against ``known``: False
    when every word any of its entities could hold is known (then none is novel); True when
    some is not, or when that cannot be told without the NER."""
    pieces = entity_word_pieces(claim_text)
    return pieces is None or not all_known(pieces, known)


def paragraphs(text: str) -> list[str]:
    """The blank-line-separated paragraphs of ``text``, stripped: the judge splits each one."""
    return [p.strip() for p in _PARAGRAPH_BREAK.split(text) if p.strip()]


class SupportVerifier:
    """Per-claim support against the cited passages, or against all passages when uncited.

    Writes ``support``, ``label`` (supported / unsupported), ``best_passage_id``,
    ``best_sentence`` and the scores ``cosine``, ``overlap``, ``novel_terms`` (count) and,
    for a cited claim, ``support_any_passage`` (its score against every passage,
    which tells a wrong citation from an unsupported claim).
    """

    name = "support"
    judges_support = True
    requires: tuple[str, ...] = ()

    def prepare(self) -> None:
        """Load the embedder and the sentence splitter now, not inside a request's deadline.

        The splitter's first run is done once a process: ``verify(verifiers=...)`` builds its
        verifiers on every call, and a split of "Ready." evicted from the content cache cost a
        spaCy call (about 1 ms) each time, for nothing."""
        global _splitter_warm
        from guard.language import sentence_spans
        from retrievers.embedder import get_embedder

        get_embedder()
        if not _splitter_warm:
            sentence_spans("Ready.")
            _splitter_warm = True

    def run(self, inp: VerificationInput, state: VerificationState) -> None:
        judge = state.claim_judge
        by_id = {p.id: p for p in inp.passages}
        for verdict in state.report.claims:
            state.check_deadline()
            cited = [by_id[i] for i in verdict.cited_passage_ids]
            evidence = cited or inp.passages
            judged = judge.judge(verdict.claim.text, [(p.id, p.text) for p in evidence])
            _write(verdict, judged, evidence)
            if not judged.judged:
                state.abstained.add(verdict.claim.index)
            if cited:  # the cheap embedding score is enough to tell a wrong citation from no support
                verdict.scores.support_any_passage = judge.evidence.score(verdict.claim.text, state.passage_texts)
        state.report.injections = judge.injections([(p.id, p.text) for p in inp.passages])


def _write(verdict: ClaimVerdict, judged: ClaimJudgement, evidence: Sequence[Passage]) -> None:
    """The judgement into the verdict: label, score, the evidence unit(s) and what did not match."""
    found, fact = judged.assessment, judged.fact
    best = found.best
    verdict.support, verdict.label = judged.support, judged.label
    verdict.best_passage_id = evidence[best.text_index].id if best.text_index is not None else None
    verdict.best_sentence = best.sentence
    if fact.units:  # the aligned unit is the evidence a reader should see, not the nearest sentence
        verdict.best_passage_id, verdict.best_sentence = fact.units[0].passage_id, fact.units[0].text
    verdict.evidence, verdict.mismatch, verdict.inference = list(fact.units), fact.mismatch, fact.inference
    verdict.facts = fact.label
    verdict.rule = judged.rule
    if judged.reason and (verdict.label is not SupportLabel.supported or not judged.judged):
        verdict.note = judged.reason
    scores = verdict.scores
    scores.cosine, scores.overlap, scores.novel_terms = best.cosine, found.overlap, len(found.novel)


def _label(support: float, threshold: float) -> SupportLabel:
    return SupportLabel.supported if support >= threshold else SupportLabel.unsupported
