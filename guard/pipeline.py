"""The guarded pipeline, top to bottom in one place.

    retrieve ─▶ (gate failed → refuse, no model call) ─▶ prompt ─▶ generate
             ─▶ verify ─▶ auto-cite ─▶ decide ─▶ (regenerate with feedback)* ─▶ apply action

Each stage is a small function from typed input to typed output, so a stage can be
run, tested and timed alone. The core is async (``aguarded_completion``); the
sync ``guarded_completion`` is a thin wrapper. CPU-bound stages (retrieval,
verification) run in a worker thread so an async server keeps serving.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator, Protocol, runtime_checkable

from guard.actions import apply_action
from guard.answering import EVIDENCE_DRAFTER, AnswerPlan, plan_from_passages
from guard.decide import (
    Action,
    Decision,
    decide,
    decide_model_failure,
    decide_unanswerable,
    regeneration_feedback,
    with_doubt,
)
from guard.errors import InputError, ModelError
from guard.llm.completion import acomplete, run_sync
from guard.llm.local_model import LOCAL_MODEL as DEFAULT_MODEL
from guard.llm.types import Completion
from guard.observability import get_logger, trace_context
from guard.policy import Policy, load_policy
from guard.response import GuardedResponse
from guard.verifiers.api import as_passages
from guard.verifiers.autocite import add_missing_citations
from guard.verifiers.echo import remove_template_echo
from guard.verifiers.stage import run_verification
from guard.verifiers.types import Verification, VerificationInput
from prompts import ANSWER_MAX_TOKENS, ANSWER_STOP, build_answer_messages, build_regenerate_messages
from retrievers.config import RetrievalConfig
from retrievers.rewriting import QueryRewriter
from retrievers.types import Passage, RetrievalResult

if TYPE_CHECKING:
    from guard.review.queue import ReviewQueue
    from guard.streaming import GuardedChunk

__all__ = ["guarded_completion", "aguarded_completion", "Retriever"]
# ANSWER_MAX_TOKENS (prompts) stays importable from here: streaming and benchmarks read it.

_log = get_logger(__name__)


@runtime_checkable
class Retriever(Protocol):
    """Anything that retrieves like :class:`retrievers.KnowledgeBase` (an external engine, say)."""

    def retrieve(
        self, query: str, config: RetrievalConfig | None = None, rewriter: QueryRewriter | None = None
    ) -> RetrievalResult: ...


# --- the pipeline -------------------------------------------------------------------------------


async def aguarded_completion(
    messages: Sequence[dict[str, Any]] | None = None,
    *,
    question: str | None = None,
    knowledge_base: Retriever | None = None,
    retriever: Retriever | None = None,
    contexts: Sequence[str | Passage] | None = None,
    model: str = DEFAULT_MODEL,
    policy: str | Policy = "default",
    review_queue: "ReviewQueue | str | None" = None,
    stream: bool = False,
    stream_mode: str | None = None,
    **litellm_kwargs: Any,
) -> GuardedResponse | AsyncIterator[GuardedChunk]:
    """Answer ``question`` (or the last user message) from evidence the guard checked.

    ``stream=True`` returns an async iterator of checked chunks instead (``stream_mode``
    "sentence" or "hold"; semantics in :mod:`guard.streaming`).

    Exactly one evidence source: ``knowledge_base``, ``retriever`` or ``contexts``.
    ``review_queue`` (a queue, a SQLite path or a PostgreSQL URL) receives the
    responses the policy escalates; without one, escalation is recorded in the
    decision only. ``litellm_kwargs`` (temperature, max_tokens, timeout, retries,
    fallback_model, api_base...) go to the model call unchanged.
    """
    if stream:
        from guard.streaming import astream_guarded

        return astream_guarded(
            messages, question=question, knowledge_base=knowledge_base, retriever=retriever, contexts=contexts,
            model=model, policy=policy, review_queue=review_queue, stream_mode=stream_mode, **litellm_kwargs,
        )
    started = time.perf_counter()
    # Answers are a few cited sentences; an unbounded draft only costs time on a CPU model.
    litellm_kwargs.setdefault("max_tokens", ANSWER_MAX_TOKENS)
    litellm_kwargs.setdefault("stop", list(ANSWER_STOP))  # prompt echo starts where these do
    query, source, profile = _inputs(messages, question, knowledge_base, retriever, contexts, policy)
    timings: dict[str, float] = {}
    with trace_context() as trace_id:
        with _timed(timings, "retrieve"):
            retrieval = await asyncio.to_thread(retrieve_evidence, query, source, profile, model)
        plan = None
        if not retrieval.gate.passed and answers_from_evidence(profile, model):
            # the gate reads a relevance score; evidence-first answering reads the units themselves: a
            # unit holding a value of the asked kind, on the question's topic and case, overrules it
            with _timed(timings, "answer_from_evidence"):
                plan = await asyncio.to_thread(
                    plan_from_passages, query, retrieval.passages, retrieval.reserve
                )
        if not retrieval.gate.passed and not (plan is not None and plan.answerable):
            verification = Verification(claims=[], verifiers=[])
            decision = decide(verification, retrieval.gate, profile)
            response = _response(
                trace_id, query, model, profile, retrieval, draft="", verification=verification,
                decision=decision, completions=[], timings=timings,
            )
        else:
            response = await _answer(
                trace_id, query, model, profile, retrieval, timings, litellm_kwargs, plan
            )
        if response.decision.action is Action.escalate and review_queue is not None:
            with _timed(response.timings, "escalate"):
                response.escalation_id = await asyncio.to_thread(escalate, response, review_queue)
    response.timings["total"] = _ms_since(started)
    _log.info(
        "guarded_completion",
        trace_id=trace_id,
        action=response.decision.action.value,
        policy=profile.name,
        timings_ms={k: round(v, 1) for k, v in response.timings.items()},
    )
    return response


def guarded_completion(
    messages: Sequence[dict[str, Any]] | None = None, *, stream: bool = False, **kwargs: Any
) -> GuardedResponse | Iterator[GuardedChunk]:
    """Synchronous :func:`aguarded_completion`; from inside an event loop, prefer the async one."""
    if stream:
        from guard.streaming import stream_guarded

        return stream_guarded(messages, **kwargs)
    return run_sync(aguarded_completion(messages, **kwargs))


async def _answer(
    trace_id: str,
    query: str,
    model: str,
    policy: Policy,
    retrieval: RetrievalResult,
    timings: dict[str, float],
    litellm_kwargs: dict[str, Any],
    plan: AnswerPlan | None = None,
) -> GuardedResponse:
    """Draft, verify and decide, redrafting with feedback while the policy asks for it."""
    if answers_from_evidence(policy, model):
        return await asyncio.to_thread(
            _answer_from_evidence, trace_id, query, model, policy, retrieval, timings, plan
        )
    passages = retrieval.passages
    messages = build_answer_messages(query, passages, policy.refusal_text)
    completions: list[Completion] = []
    attempt = 0
    while True:
        try:
            with _timed(timings, "generate"):
                completion = await acomplete(messages, model, **litellm_kwargs)
        except ModelError as exc:
            return _model_failed(trace_id, query, model, policy, retrieval, exc, completions, timings)
        completions.append(completion)
        echo = remove_template_echo(completion.text, messages, policy.refusal_text)  # before any claim
        with _timed(timings, "verify"):
            draft, verification = await asyncio.to_thread(
                verify_draft, query, echo.text, retrieval, policy, completion.model
            )
        decision = decide(verification, retrieval.gate, policy, attempt=attempt)
        decision.template_echo = echo.count
        if decision.action is not Action.regenerate:  # decide already spent the budget (Policy.action_for)
            break
        attempt += 1
        messages = build_regenerate_messages(
            query, passages, draft, regeneration_feedback(decision, verification), policy.refusal_text
        )
    return _response(
        trace_id, query, model, policy, retrieval, draft=draft, verification=verification,
        decision=decision, completions=completions, timings=timings,
    )


def answers_from_evidence(policy: Policy, model: str) -> bool:
    """Whether the draft is the evidence itself: ``answering: evidence``, or ``auto`` with the
    embedded local model (on the golden dev part it quotes the right fact far more often than
    the 135M model writes it; README, "Evidence-first answering")."""
    if policy.answering == "auto":
        return model == DEFAULT_MODEL
    return policy.answering == "evidence"


def _answer_from_evidence(
    trace_id: str, query: str, model: str, policy: Policy, retrieval: RetrievalResult,
    timings: dict[str, float], plan: AnswerPlan | None = None,
) -> GuardedResponse:
    """Evidence-first: the unit(s) that answer the question, quoted and cited, then verified like
    any draft; a refusal that says what was looked for when no unit answers (no model call).
    ``plan``: one already made (when it overruled a failed relevance gate)."""
    if plan is None:
        with _timed(timings, "answer_from_evidence"):
            plan = plan_from_passages(query, retrieval.passages, retrieval.reserve)
    if plan.added:  # a reserve passage answers: it is cited, so verified and shown, after the others
        retrieval = retrieval.model_copy(update={"passages": [*retrieval.passages, *plan.added]})
    if not plan.answerable:
        missing = plan.missing or "no passage answers the question"
        verification = Verification(claims=[], verifiers=[])
        response = _response(
            trace_id, query, model, policy, retrieval, draft="", verification=verification,
            decision=decide_unanswerable(missing, policy), completions=[], timings=timings,
        )
        if response.decision.action is Action.refuse:  # the refusal says what was looked for
            response.answer = f"{policy.refusal_text.rstrip()} ({missing[0].upper()}{missing[1:]}.)"
        return response
    with _timed(timings, "verify"):
        draft, verification = verify_draft(query, plan.answer, retrieval, policy, EVIDENCE_DRAFTER)
    # a failed gate was overruled by the plan (guarded): the quote is judged by its verification
    gate = retrieval.gate if retrieval.gate.passed else None
    decision = decide(verification, gate, policy, attempt=policy.regenerate.max_attempts)
    # the quote is the documents' own text, so verification cannot see a unit chosen on a close call
    decision = with_doubt(decision, plan.doubt, policy)
    return _response(
        trace_id, query, EVIDENCE_DRAFTER, policy, retrieval, draft=draft, verification=verification,
        decision=decision, completions=[], timings=timings,
    )


def _model_failed(
    trace_id: str,
    query: str,
    model: str,
    policy: Policy,
    retrieval: RetrievalResult,
    error: ModelError,
    completions: list[Completion],
    timings: dict[str, float],
) -> GuardedResponse:
    """No draft (or no redraft) could be had: the policy's model_error action applies."""
    response = _response(
        trace_id, query, model, policy, retrieval, draft="", verification=Verification(claims=[]),
        decision=decide_model_failure(str(error), policy), completions=completions, timings=timings,
    )
    response.model_events.extend(error.attempts)
    return response


# --- stages ---------------------------------------------------------------------------------------


def retrieve_evidence(query: str, source: Retriever | list[Passage], policy: Policy, model: str) -> RetrievalResult:
    """Retrieval stage: the policy's routes, fusion and relevance gate over ``source``.

    Caller-given contexts are indexed on the fly and all of them are kept, but they
    still pass the relevance gate: contexts that do not answer the question must
    lead to a refusal, not to a guess. Rewriting cannot add evidence to a fixed set,
    so it is skipped there.
    """
    config = policy.retrieval
    if isinstance(source, list):
        from retrievers.knowledge_base import KnowledgeBase

        source = KnowledgeBase.from_passages(source, show_progress=False)
        config = config.model_copy(update={"k": len(source), "max_rewrites": 0})
    return source.retrieve(query, config, _rewriter(config, model))


def verify_draft(
    query: str, draft: str, retrieval: RetrievalResult, policy: Policy, generator: str | None
) -> tuple[str, Verification]:
    """Verification stage, then auto-citation when the policy allows it.

    Returns the draft (with any citations the guard added) and its verification.
    When the guard added citations, the new draft is verified again: the decision is
    about the text the user will see, so citation recall and precision must count the
    added citations too. The generator's own figures stay in ``scores.generator_citation_*``.
    """
    inp = VerificationInput(
        question=query,
        passages=retrieval.passages,
        answer=draft,
        generator=generator,
        gate=retrieval.gate,
        route_passages=_route_passages(retrieval),
        refusal_text=policy.refusal_text,
    )
    settings = policy.verification_settings()
    verification = run_verification(inp, settings)
    if not policy.auto_citation.enabled:
        return draft, verification
    cited = add_missing_citations(draft, verification, retrieval.passages, policy.auto_citation.min_support)
    if not cited.added:
        return draft, verification
    final = run_verification(inp.model_copy(update={"answer": cited.answer}), settings)
    for verdict in final.claims:
        verdict.citation_added_by_guard = verdict.claim.index in cited.added
    final.scores.generator_citation_recall = verification.citation_recall
    final.scores.generator_citation_precision = verification.citation_precision
    return cited.answer, final


def escalate(response: GuardedResponse, queue: "ReviewQueue | str") -> str:
    """Escalation stage: hand the response to human review; returns the item id (idempotent per trace)."""
    from guard.review import item_from_response, open_queue

    target = open_queue(queue) if isinstance(queue, str) else queue
    try:
        return target.enqueue(item_from_response(response))
    finally:
        if target is not queue:
            target.close()


# --- helpers of the stages ------------------------------------------------------------------------


def _inputs(
    messages: Sequence[dict[str, Any]] | None,
    question: str | None,
    knowledge_base: Retriever | None,
    retriever: Retriever | None,
    contexts: Sequence[str | Passage] | None,
    policy: str | Policy,
) -> tuple[str, Retriever | list[Passage], Policy]:
    """The question, the evidence source and the policy of a request, checked in that order.

    Shared by the one-shot and the streaming entry points, so both refuse the same inputs
    with the same errors before anything runs.
    """
    query = _question(messages, question)
    source = _evidence_source(knowledge_base, retriever, contexts)
    return query, source, policy if isinstance(policy, Policy) else load_policy(policy)


def _question(messages: Sequence[dict[str, Any]] | None, question: str | None) -> str:
    if (messages is None) == (question is None):
        raise InputError("Pass either messages=[...] or question='...', not both and not neither.")
    if question is None:
        user_turns = [m for m in messages or [] if isinstance(m, dict) and m.get("role") == "user"]
        if not user_turns:
            raise InputError("messages has no user turn: add {'role': 'user', 'content': '<question>'}.")
        question = user_turns[-1].get("content")
        if isinstance(question, list):  # OpenAI content parts: keep the text parts
            question = " ".join(p.get("text", "") for p in question if isinstance(p, dict))
    if not isinstance(question, str) or not question.strip():
        raise InputError("The question is empty: ask something in the last user message.")
    return question.strip()


def _evidence_source(
    knowledge_base: Retriever | None, retriever: Retriever | None, contexts: Sequence[str | Passage] | None
) -> Retriever | list[Passage]:
    given = [s for s in (knowledge_base, retriever, contexts) if s is not None]
    if len(given) != 1:
        raise InputError(
            "Give exactly one evidence source: knowledge_base=KnowledgeBase(...), retriever=<object with "
            ".retrieve(query, config, rewriter)>, or contexts=['passage text', ...]."
        )
    if contexts is not None:
        passages = as_passages(contexts)
        if not passages:
            raise InputError("contexts is empty: give at least one passage, or use a knowledge_base.")
        return passages
    source = given[0]
    if not isinstance(source, Retriever):
        raise InputError(
            f"{type(source).__name__} cannot retrieve: it needs a method retrieve(query, config, rewriter)."
        )
    return source


def _rewriter(config: RetrievalConfig, model: str) -> QueryRewriter | None:
    """The policy's query rewriter; ``None`` lets the knowledge base use its default expansion."""
    if config.rewriter != "llm":
        return None
    from guard.llm.rewriter import LLMQueryRewriter

    return LLMQueryRewriter(model=model)


def _route_passages(retrieval: RetrievalResult) -> dict[str, list[Passage]]:
    by_id = {p.id: p for p in retrieval.passages}
    return {
        route: [by_id[i] for i in ids if i in by_id] for route, ids in retrieval.route_passages.items()
    }


def _response(
    trace_id: str,
    query: str,
    model: str,
    policy: Policy,
    retrieval: RetrievalResult,
    *,
    draft: str,
    verification: Verification,
    decision: Decision,
    completions: list[Completion],
    timings: dict[str, float],
) -> GuardedResponse:
    return GuardedResponse(
        answer=apply_action(decision, draft, verification, policy),
        draft=draft,
        question=query,
        decision=decision,
        verification=verification,
        retrieval=retrieval,
        model=completions[-1].model if completions else model,
        usage=_total_usage(completions),
        attempts=len(completions),
        model_events=[a for c in completions for a in c.attempts],
        timings=dict(timings),
        trace_id=trace_id,
    )


def _total_usage(completions: list[Completion]) -> dict[str, int]:
    total: dict[str, int] = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    for completion in completions:
        for key in total:
            total[key] += getattr(completion.usage, key, 0) or 0
    return total


@contextmanager
def _timed(timings: dict[str, float], stage: str) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        timings[stage] = timings.get(stage, 0.0) + _ms_since(started)


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000
