"""Detect-only entry points: check an answer against its contexts without any LLM call."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from guard.errors import InputError
from guard.verifiers.stage import VerificationSettings, run_verification
from guard.verifiers.types import Verification, VerificationInput, VerifyThresholds
from retrievers.types import Passage

__all__ = ["as_passages", "averify", "check_choice", "verification_input", "verify"]


def verify(
    *,
    question: str,
    contexts: Sequence[str | Passage],
    answer: str,
    generator: str | None = None,
    verifiers: Sequence[str] | None = None,
    thresholds: VerifyThresholds | None = None,
    refusal_text: str | None = None,
    settings: VerificationSettings | None = None,
) -> Verification:
    """Verify ``answer`` against ``contexts`` (strings become passages "1".."n", in order).

    ``verifiers`` names registered verifiers, run in order (default:
    :data:`guard.verifiers.registry.DEFAULT_VERIFIERS`: support, citations, egc, stacked,
    types, so the report carries ``hallucination_probability``). ``settings`` instead
    verifies under a policy (``policy.verification_settings()``: its verifiers, built once,
    thresholds, deadline and refusal sentence). Citation ``[n]`` in the answer refers to
    ``contexts[n-1]``.
    """
    check_choice(verifiers, settings)
    inp = verification_input(question, contexts, answer, generator, _refusal(refusal_text, settings))
    return run_verification(inp, settings if settings is not None else verifiers, thresholds)


async def averify(
    *,
    question: str,
    contexts: Sequence[str | Passage],
    answer: str,
    generator: str | None = None,
    verifiers: Sequence[str] | None = None,
    thresholds: VerifyThresholds | None = None,
    refusal_text: str | None = None,
    settings: VerificationSettings | None = None,
) -> Verification:
    """:func:`verify` off the event loop (the work is CPU-bound: it runs in a worker thread)."""
    return await asyncio.to_thread(
        verify,
        question=question,
        contexts=contexts,
        answer=answer,
        generator=generator,
        verifiers=verifiers,
        thresholds=thresholds,
        refusal_text=refusal_text,
        settings=settings,
    )


def check_choice(verifiers: Sequence[str] | None, settings: VerificationSettings | None) -> None:
    if settings is not None and verifiers is not None:
        raise InputError("give verifiers or settings, not both: settings already name the verifiers")


def _refusal(refusal_text: str | None, settings: VerificationSettings | None) -> str | None:
    return settings.refusal_text if refusal_text is None and settings is not None else refusal_text


def verification_input(
    question: str,
    contexts: Sequence[str | Passage],
    answer: str,
    generator: str | None,
    refusal_text: str | None,
) -> VerificationInput:
    """The stage's input from the caller's arguments, checked (one place for verify and its batch)."""
    return VerificationInput(
        question=_text(question, "question"),
        passages=as_passages(contexts),
        answer=_text(answer, "answer"),
        generator=generator,
        refusal_text=refusal_text,
    )


def as_passages(contexts: Sequence[str | Passage]) -> list[Passage]:
    """Strings become passages with ids "1".."n" (their citation numbers); passages pass through."""
    if isinstance(contexts, (str, bytes)):
        raise InputError(
            "contexts must be a list of strings or Passages, not a single string: wrap it in []."
        )
    out = []
    for i, context in enumerate(contexts, start=1):
        if isinstance(context, Passage):
            out.append(context)
        elif isinstance(context, str):
            out.append(Passage(id=str(i), text=context))
        else:
            raise InputError(
                f"contexts[{i - 1}] is a {type(context).__name__}: give a str or a retrievers.types.Passage."
            )
    seen: dict[str, int] = {}
    for i, passage in enumerate(out):
        if passage.id in seen:  # a citation [n] or a verdict naming this id would be ambiguous
            raise InputError(
                f"contexts[{i}] repeats the passage id {passage.id!r} of contexts[{seen[passage.id]}]: "
                "give every passage its own id."
            )
        seen[passage.id] = i
    return out


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{name} must be a str, got {type(value).__name__}.")
    return value  # lone surrogates: VerificationInput normalises every text (guard.verifiers.text_input)
