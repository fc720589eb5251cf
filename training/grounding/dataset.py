"""Sentence-level grounding examples derived from RAGTruth's labelled spans.

Each answer sentence becomes one ``claim [SEP] evidence window`` pair. Its label
comes from the spans it overlaps: a Conflict span makes it *contradicted*, a
Baseless-Info span *unsupported* (Conflict wins when both touch it, being the
stronger finding), none *supported*. Deriving is slow (spaCy plus ~100k
embeddings), so :func:`prepare` caches the pairs as JSON lines, keyed by every
setting that changes them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from itertools import groupby
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from guard.eval.ragtruth import HallucinationSpan, RagTruthRecord, Task, load_ragtruth, split_dev
from guard.grounding.evidence import EvidencePool, passage_units, resolve_embedder
from guard.grounding.sentences import Sentence, split_many
from guard.observability import get_logger
from guard.verifiers.types import SupportLabel

__all__ = [
    "GroundingExample",
        "label_sentence",
    "labelled_sentences",
    "derive_examples",
    "keep_share",
    "prepare",
    "Part",
    "read_examples",
]

DERIVATION_VERSION = 1  # bump when labels or windows change, to invalidate caches
log = get_logger(__name__)


class GroundingExample(BaseModel):
    record_id: str
    source_id: str
    task: Task
    model: str
    index: int  # sentence number in the answer
    start: int
    end: int
    claim: str
    evidence: str
    label: SupportLabel
    response_hallucinated: bool


def label_sentence(sentence: Sentence, spans: Iterable[HallucinationSpan]) -> SupportLabel:
    """The sentence's label from the spans that overlap it (by at least one character)."""
    touching = [s for s in spans if s.start < sentence.end and s.end > sentence.start]
    if any(s.is_conflict for s in touching):
        return SupportLabel.contradicted
    if any(s.is_baseless for s in touching):
        return SupportLabel.unsupported
    return SupportLabel.supported


def labelled_sentences(record: RagTruthRecord, sentences: list[Sentence]) -> list[tuple[Sentence, SupportLabel]]:
    """The answer's checkable sentences with their labels; text without a letter or digit ("-", "**:") is no claim."""
    return [(s, label_sentence(s, record.spans)) for s in sentences if any(c.isalnum() for c in s.text)]


Keep = Callable[[RagTruthRecord, int, SupportLabel], bool]


def keep_share(share: float) -> Keep:
    """Keep every unsupported/contradicted sentence and a stable ``share`` of supported ones."""

    def keep(record: RagTruthRecord, index: int, label: SupportLabel) -> bool:
        if label is not SupportLabel.supported:
            return True
        digest = hashlib.sha256(f"{record.id}:{index}".encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2**64 < share

    return keep


def derive_examples(
    records: list[RagTruthRecord], budget: int, *, keep: Keep | None = None, embedder=None
) -> Iterator[GroundingExample]:
    """Pairs for ``records``, grouped by source.

    Everything is split first and embedded in one call: sorted by length across all
    sources, batches pad far less than per-source batches would (3x faster here).
    """
    groups = [list(group) for _, group in groupby(records, key=lambda r: r.source_id)]
    answers = iter(split_many([r.answer for r in records]))
    claims = [
        [
            (record, index, sentence, label)
            for record, sentences in zip(group, answers)
            for index, (sentence, label) in enumerate(labelled_sentences(record, sentences))
            if keep is None or keep(record, index, label)
        ]
        for group in groups
    ]
    passages = split_many([p for group in groups for p in group[0].passages])
    units, taken = [], 0
    for group in groups:
        units.append(passage_units(passages[taken : taken + len(group[0].passages)]))
        taken += len(group[0].passages)
    unit_texts = [u.text for pool in units for u in pool]
    claim_texts = [c[2].text for group in claims for c in group]
    log.info("grounding.derive.split", sources=len(groups), claims=len(claim_texts), units=len(unit_texts))
    vectors = _encode(resolve_embedder(embedder), unit_texts + claim_texts)
    unit_vectors, claim_vectors = vectors[: len(unit_texts)], iter(vectors[len(unit_texts) :])
    offset = 0
    for pool_units, wanted in zip(units, claims):
        pool = EvidencePool(pool_units, unit_vectors[offset : offset + len(pool_units)])
        offset += len(pool_units)
        for (record, index, sentence, label), vector in zip(wanted, claim_vectors):
            yield GroundingExample(
                record_id=record.id,
                source_id=record.source_id,
                task=record.task,
                model=record.model,
                index=index,
                start=sentence.start,
                end=sentence.end,
                claim=sentence.text,
                evidence=pool.select(sentence.text, budget, claim_vector=vector),
                label=label,
                response_hallucinated=record.label,
            )


def _encode(embedder, texts: list[str], chunk: int = 4096):
    """Embed in length-sorted chunks (little padding), logging progress between chunks."""
    import numpy as np

    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    vectors = np.zeros((len(texts), 384), dtype=np.float32)
    for start in range(0, len(order), chunk):
        block = order[start : start + chunk]
        vectors[block] = embedder.encode([texts[i] for i in block])
        log.info("grounding.derive.embed", done=start + len(block), total=len(texts))
    return vectors


Part = Literal["train", "dev"]


def prepare(data_dir: str | Path, cache_dir: str | Path, part: Part, budget: int, supported_share: float) -> Path:
    """Derive (or reuse) one part's pairs: train (supported ones subsampled) or all of dev."""
    key = json.dumps([DERIVATION_VERSION, budget, supported_share], separators=(",", ":"))
    folder = Path(cache_dir) / hashlib.sha256(key.encode()).hexdigest()[:12]
    path = folder / f"{part}.jsonl"
    if path.is_file():
        return path
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(key + "\n")
    train, dev = split_dev(load_ragtruth(data_dir))
    if part == "train":
        _write(derive_examples(train, budget, keep=keep_share(supported_share)), path)
    else:
        _write(derive_examples(dev, budget), path)
    return path


def _write(examples: Iterator[GroundingExample], path: Path) -> None:
    # Written under a temporary name so an interrupted run never leaves a half file that looks done.
    partial = path.with_suffix(".partial")
    count = 0
    with partial.open("w", encoding="utf-8") as handle:
        for count, example in enumerate(examples, start=1):
            handle.write(example.model_dump_json() + "\n")
            if count % 2000 == 0:
                log.info("grounding.prepare", path=str(path), examples=count)
    partial.replace(path)
    log.info("grounding.prepare.done", path=str(path), examples=count)


def read_examples(path: str | Path) -> list[GroundingExample]:
    with Path(path).open(encoding="utf-8") as handle:
        return [GroundingExample.model_validate_json(line) for line in handle]
