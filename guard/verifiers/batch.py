"""Verify many responses: :func:`verify_batch` (lazy, in input order) and :func:`averify_batch`.

The cost of verifying one response is mostly per call, not per claim: one embedding call,
spaCy per text, the passages split and embedded again by every response that shows them.
So responses are taken ``batch_size`` at a time and, before any is verified, everything
the batch will ask about is computed in batched calls and kept by content hash
(:mod:`guard.content_cache`): the answers' sentences (one ``nlp.pipe``), the
claims' entities (one ``nlp.pipe``), the parses of the claims and of the units of passages
several responses share (one ``nlp.pipe``), the passages' sentences and evidence units, and the
vectors of claims, sentences, units, questions and passages (one embedder call). Each
response is then verified exactly as :func:`guard.verify` would (the same stage, the same
verifiers, built once), reading those caches; a passage shared by several responses (six
answers per RAGTruth source, a RAG app retrieving the same passages again) is worked on
once. A text's split, entities and vector do not depend on what else was in its batch, so
the verdicts are those of one-by-one calls (``tests/verifiers/test_verify_batch.py``).

Memory stays bounded: the input is read one batch at a time, results are yielded as soon as
their batch is done, and the caches are LRUs of fixed size.

``workers=N`` shares the batches among N local worker processes
(:mod:`guard.verifiers.batch_pool`: verification is mostly GIL-bound Python, so threads
kept only one core busy), and ``executor="ray"`` shards them over Ray actors
(:mod:`guard.verifiers.batch_ray`); each loads the models once, and results still come back
in input order.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from guard.errors import InputError
from guard.observability import get_logger
from guard.verifiers.api import as_passages, check_choice, verification_input
from guard.verifiers.stage import VerificationSettings, build_settings, run_verification
from guard.verifiers.types import Verification, VerificationInput, VerifyThresholds
from retrievers.types import Passage

__all__ = ["Executor", "VerifyItem", "averify_batch", "resolve_settings", "verify_batch", "warm_caches"]

Executor = Literal["local", "ray"]
_log = get_logger(__name__)
# What each warm-up serves: the verifiers that ask the embedding judge about passages, and EGC.
_EVIDENCE_READERS = frozenset({"support", "citations", "cross_route"})


class VerifyItem(BaseModel):
    """One response to verify: the arguments of :func:`guard.verify` that vary per response."""

    model_config = ConfigDict(frozen=True)

    question: str
    contexts: list[str | Passage]
    answer: str
    generator: str | None = None

    @model_validator(mode="after")
    def _verifiable(self) -> VerifyItem:
        as_passages(self.contexts)  # two passages with one id fail here, not mid-batch
        return self


def verify_batch(
    items: Iterable[VerifyItem],
    *,
    verifiers: Sequence[str] | None = None,
    thresholds: VerifyThresholds | None = None,
    refusal_text: str | None = None,
    settings: VerificationSettings | None = None,
    batch_size: int = 32,
    executor: Executor = "local",
    ray_address: str | None = None,
    workers: int | None = None,
    progress: bool = False,
) -> Iterator[Verification]:
    """Verify each item as :func:`guard.verify` would; yield the reports lazily, in input order.

    ``verifiers`` / ``settings`` / ``thresholds`` / ``refusal_text``: as for ``verify()``,
    applied to every item; the verifiers are built once. ``batch_size``: responses read and
    prepared together (memory grows with it). ``workers`` (local): worker processes that
    share the batches, each loading the models once (:mod:`guard.verifiers.batch_pool`;
    default 1: this process; fewer than 64 items are always verified here). The workers are
    started with ``spawn``: a script that asks for them must guard its top level with
    ``if __name__ == "__main__":``, as multiprocessing requires.
    ``executor="ray"``: the batches go to ``workers`` Ray actors (default: one per CPU of
    the cluster) on the cluster at ``ray_address`` (default: a local Ray started for this
    call); needs ``ragguard[ray]``.
    ``progress``: a progress bar on stderr.

    Arguments are checked and the verifiers built when this is called, not when iterated.
    """
    check_choice(verifiers, settings)
    if batch_size < 1:
        raise InputError(f"batch_size must be at least 1, got {batch_size}.")
    if workers is not None and workers < 1:
        raise InputError(f"workers must be at least 1, got {workers}.")
    if executor == "ray":
        from guard.verifiers.batch_ray import verify_on_ray

        return _with_progress(
            verify_on_ray(
                _checked(items),
                verifiers=verifiers,
                settings=settings,
                thresholds=thresholds,
                refusal_text=refusal_text,
                batch_size=batch_size,
                address=ray_address,
                workers=workers,
            ),
            progress,
        )
    if executor != "local":
        raise InputError(f"executor must be 'local' or 'ray', got {executor!r}.")
    if ray_address is not None:
        raise InputError("ray_address applies to executor='ray'.")
    resolved = resolve_settings(verifiers, settings, thresholds)
    if workers is not None and workers > 1:
        from guard.verifiers.batch_pool import verify_in_pool

        pooled = verify_in_pool(_checked(items), resolved, refusal_text, batch_size, workers)
        return _with_progress(pooled, progress)
    return _with_progress(_local(_checked(items), resolved, refusal_text, batch_size), progress)


async def averify_batch(items: Sequence[VerifyItem], **options: Any) -> list[Verification]:
    """:func:`verify_batch` off the event loop (a worker thread), all reports in a list."""
    return await asyncio.to_thread(lambda: list(verify_batch(items, **options)))


def resolve_settings(
    verifiers: Sequence[str] | None,
    settings: VerificationSettings | None,
    thresholds: VerifyThresholds | None,
) -> VerificationSettings:
    """The settings every item runs under, built once (as ``run_verification`` would per call)."""
    if settings is None:
        return build_settings(verifiers, thresholds)
    return dataclasses.replace(settings, thresholds=thresholds) if thresholds is not None else settings


def verify_chunk(
    items: Sequence[VerifyItem], settings: VerificationSettings, refusal_text: str | None
) -> list[Verification]:
    """One batch: warm the caches for all of it, then verify each item in order."""
    inputs = _inputs(items, settings, refusal_text)
    warm_caches(inputs, settings.names)
    return [run_verification(inp, settings) for inp in inputs]


def _inputs(
    items: Sequence[VerifyItem], settings: VerificationSettings, refusal_text: str | None
) -> list[VerificationInput]:
    refusal = refusal_text if refusal_text is not None else settings.refusal_text
    return [
        verification_input(item.question, item.contexts, item.answer, item.generator, refusal) for item in items
    ]


def _local(
    items: Iterable[VerifyItem], settings: VerificationSettings, refusal_text: str | None, batch_size: int
) -> Iterator[Verification]:
    """Batch k is verified while batch k+1 is warmed in a second thread: the embedder and
    spaCy's matrix products release the GIL, so the two overlap on two cores."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="ragguard-warm") as pool:
        ready: tuple[list[VerificationInput], Future[None]] | None = None
        for chunk in chunked(items, batch_size):
            inputs = _inputs(chunk, settings, refusal_text)
            warming = pool.submit(warm_caches, inputs, settings.names)
            if ready is not None:
                yield from _verified(*ready, settings)
            ready = (inputs, warming)
        if ready is not None:
            yield from _verified(*ready, settings)


def _verified(
    inputs: list[VerificationInput], warming: Future[None], settings: VerificationSettings
) -> Iterator[Verification]:
    warming.result()  # warm_caches never raises: it logs and leaves the work to the verifiers
    for inp in inputs:
        yield run_verification(inp, settings)


def chunked(items: Iterable[VerifyItem], size: int) -> Iterator[list[VerifyItem]]:
    iterator = iter(items)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def chunked_by_passages(items: Iterable[VerifyItem], size: int) -> Iterator[list[VerifyItem]]:
    """Chunks of at most ``size`` items, each ending, where it can, where the passages change.

    For executors whose batches go to different processes (the worker pool, Ray): each keeps
    its own caches, so responses over the same passages (six per RAGTruth source; a RAG app
    asked about one document several times) cut apart by a batch boundary had their passages
    split, parsed and embedded in both. A full chunk whose last items share the next item's
    passages ends before them when that keeps at least half of it; they start the next one.
    The reports are the same either way (a text's work does not depend on its batch); only
    the chunk sizes move (RAGTruth dev QA, batches of 32 on 2 workers: 2 to 3 % less CPU)."""
    iterator = iter(items)
    carried: list[VerifyItem] = []
    while chunk := carried + list(itertools.islice(iterator, size - len(carried))):
        following = next(iterator, None)
        if following is None:
            yield chunk
            return
        start = len(chunk)  # where the run of items over the following item's passages begins
        while start > 0 and chunk[start - 1].contexts == following.contexts:
            start -= 1
        cut = start if size // 2 <= start < len(chunk) else len(chunk)
        yield chunk[:cut]
        carried = chunk[cut:] + [following]


def _checked(items: Iterable[VerifyItem]) -> Iterator[VerifyItem]:
    if isinstance(items, (VerifyItem, str, bytes, dict)):  # checked now, before the first next()
        raise InputError("items must be an iterable of VerifyItem, not a single one: wrap it in [].")
    return _each_checked(items)


def _each_checked(items: Iterable[VerifyItem]) -> Iterator[VerifyItem]:
    for n, item in enumerate(items):
        if not isinstance(item, VerifyItem):
            raise InputError(
                f"items[{n}] is a {type(item).__name__}: give guard.VerifyItem(question=..., contexts=..., "
                "answer=...)."
            )
        yield item


def _with_progress(results: Iterator[Verification], progress: bool) -> Iterator[Verification]:
    if not progress:
        return results
    from tqdm import tqdm

    return iter(tqdm(results, desc="verify", unit="response"))


# --- warming the caches -------------------------------------------------------------------------


def warm_caches(inputs: Sequence[VerificationInput], names: Sequence[str]) -> None:
    """Compute, in batched calls, the splits, entities and vectors the verifiers will ask for.

    Only a warm-up: anything missed is computed when asked. A failure here (a model that
    will not load) is left for the verifier that needs the model to meet and report.
    """
    try:
        _warm(inputs, set(names))
    except Exception as exc:  # noqa: BLE001 - the verifiers fail closed on their own
        _log.warning("batch_warm_up_failed", error=f"{type(exc).__name__}: {exc}")


def _warm(inputs: Sequence[VerificationInput], names: set[str]) -> None:
    from guard.content_cache import shared_embedder
    from guard.language import entities_many, parse_many, sentence_spans_many
    from guard.verifiers.claim_judge import units_of
    from guard.verifiers.claims import extract_claims_many
    from guard.verifiers.support import paragraphs

    per_answer = [[c.text for c in found] for found in extract_claims_many([inp.answer for inp in inputs])]
    claims = [c for found in per_answer for c in found]
    passages = list({(p.id, p.text): p for inp in inputs for p in inp.passages}.values())
    texts = list(claims)
    if names & _EVIDENCE_READERS:
        # Only the claims whose entities can name a word the evidence lacks are tagged
        # (support.needs_entities); another that needs them against fewer passages (its
        # cited ones) is tagged when asked.
        entities_many([c for inp, found in zip(inputs, per_answer, strict=True) for c in _to_tag(inp, found)])
        parts = list(dict.fromkeys(part for p in passages for part in paragraphs(p.text)))
        for part, spans in zip(parts, sentence_spans_many(parts), strict=True):
            texts.extend(part[s:e] for s, e in spans)
        unit_texts = {(p.id, p.text): [u.text for u in units_of(p.id, p.text).units] for p in passages}
        units = [t for found in unit_texts.values() for t in found]
        texts.extend(units)
        # The fact layer parses about half the claims (roles, predicates), one nlp() call each;
        # all of them through one nlp.pipe cost less (2.6 against 6.7 ms a claim). So do the
        # units of passages that several answers of the batch share: their answers' claims
        # between them have more than half of them parsed (RAGTruth dev QA, six answers a
        # source: 134 of 239 units, one nlp() call each).
        shown = Counter(key for inp in inputs for key in {(q.id, q.text) for q in inp.passages})
        shared = {t for key, found in unit_texts.items() if shown[key] > 1 for t in found}
        parse_many(claims + [u for u in dict.fromkeys(units) if u in shared])
    if "egc" in names:
        texts.extend(inp.question for inp in inputs)
        texts.extend(p.text for p in passages)
    shared_embedder().encode(list(dict.fromkeys(texts)))


def _to_tag(inp: VerificationInput, claims: list[str]) -> list[str]:
    from guard.verifiers.support import known_vocabulary, needs_entities

    known = known_vocabulary(inp.question, [p.text for p in inp.passages])
    return [c for c in claims if needs_entities(c, known)]
