"""Guarded streaming: the answer sentence by sentence, each one sent only after it was checked.

``guarded_completion(..., stream=True)`` and ``await aguarded_completion(..., stream=True)``
return an iterator (an async iterator) of :class:`GuardedChunk`. Two modes:

``sentence`` (policies that show, mark or remove doubtful claims, such as ``default``)
    The model's text is buffered. A sentence is complete once the next one has started
    (its first word is written) or the model has stopped; it is then verified against the
    retrieved passages by the pipeline's own verify stage (auto-citation included) and
    decided alone, from the conditions about its claims (and any verifier that failed on it):

    - pass, annotate: sent, with the same ``[⚠ ...]`` mark the whole-answer path writes;
    - strip: never sent; the stream goes on with the next sentence;
    - quote: the evidence the sentence was checked against is sent in its place, verbatim
      and cited (as ``apply_action`` writes it); with nothing to quote it is withheld as strip;
    - regenerate: a stream cannot redraft what it has sent, so the policy's
      ``regenerate.on_exhausted`` applies to the sentence, as ``apply_action`` does when
      attempts ran out (default: annotate);
    - refuse, escalate: they are about the whole answer. The stream stops there: the model
      call is cancelled and the final chunk says what the policy decided and why. Text sent
      before stays (nothing is retracted); every sentence of it was verified before it left.

    Conditions about the answer as a whole (citation recall, faithfulness, ...) are only
    known at the end: they are decided on the whole draft and reported in the final chunk,
    whose text carries the policy's annotation label when they ask for annotate.

``hold`` (strict profiles: ``medical``, ``legal``)
    The answer is drafted, verified, redrafted and decided exactly as without streaming;
    then the answer is sent sentence by sentence. Nothing is seen before the guard stands
    behind all of it. Chosen by default when the policy needs the whole answer
    (:func:`stream_mode_for`): its unsupported claims are redrafted, refused or escalated,
    or an answer-level threshold (faithfulness, citations, hallucination probability) acts
    by more than a mark. Under such a policy most streams would stop early and the redraft
    it asks for would never be shown. A policy key ``stream: sentence | hold`` would let a
    profile say so itself; until ``guard/policy.py`` has one, pass ``stream_mode=``.

The final chunk (``final=True``) carries the :class:`~guard.response.GuardedResponse`:
``answer`` is everything the stream sent (the concatenated ``text`` of all chunks),
``draft`` the model's text as checked up to where the stream ended (guard citations
included, withheld sentences too), with its verification and decision.
``timings["first_chunk"]`` is the time to the first verified text.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from guard.actions import apply_action, caution_labels, claim_mark, quoted_evidence, shown_cautions
from guard.decide import Action, Condition, Decision, Reason, decide
from guard.errors import InputError, ModelError
from guard.llm.completion import astream, iterate_sync
from guard.llm.local_model import LOCAL_MODEL as DEFAULT_MODEL
from guard.llm.types import Completion
from guard.observability import get_logger, new_trace_id, trace_context
from guard.pipeline import (
    ANSWER_MAX_TOKENS,
    Retriever,
    _inputs,
    _model_failed,
    _response,
    _timed,
    escalate,
    retrieve_evidence,
    verify_draft,
)
from guard.policy import Policy
from guard.response import GuardedResponse
from guard.verifiers.claims import extract_claims
from guard.verifiers.types import Verification
from prompts import build_answer_messages
from retrievers.types import Passage, RetrievalResult

if TYPE_CHECKING:
    from guard.review.queue import ReviewQueue

__all__ = [
    "GuardedChunk",
    "StreamMode",
    "StreamOutcome",
    "astream_guarded",
    "sentence_pieces",
    "stream_guarded",
    "stream_mode_for",
]

_log = get_logger(__name__)

# Appended when a stream stops after some sentences were sent and the policy refused the rest.
STOPPED_NOTICE = (
    "The rest of this answer was withheld: it could not be verified against the provided documents."
)
_WHOLE_ANSWER = (Action.refuse, Action.escalate)
_MORE_THAN_A_MARK = (Action.strip, Action.quote, Action.regenerate, Action.refuse, Action.escalate)


class StreamMode(str, Enum):
    sentence = "sentence"  # each sentence sent once checked
    hold = "hold"  # the whole answer checked (and redrafted) first, then sent


class StreamOutcome(str, Enum):
    complete = "complete"  # the model finished; every sentence was checked, the sendable ones sent
    stopped = "stopped"  # a sentence (or the model) failed in a way only the whole answer can answer
    held = "held"  # hold mode: the whole answer was decided before its first sentence was sent


class GuardedChunk(BaseModel):
    """One piece of a guarded stream: append ``text`` to what was shown.

    ``sentence`` is the index of the sentence among those the model wrote (withheld ones
    count too), None on the final chunk. Only the final chunk has ``outcome``, ``withheld``
    (indices of sentences never sent) and ``response`` (decision and verification).
    """

    text: str = ""
    sentence: int | None = None
    final: bool = False
    outcome: StreamOutcome | None = None
    withheld: list[int] = Field(default_factory=list)
    response: GuardedResponse | None = None

    @property
    def decision(self) -> Decision | None:
        return self.response.decision if self.response else None

    @property
    def verification(self) -> Verification | None:
        return self.response.verification if self.response else None


def stream_mode_for(policy: Policy) -> StreamMode:
    """``hold`` when the policy needs the whole answer before it can stand behind a sentence."""
    unsupported = policy.actions.for_condition(Condition.unsupported_claim)
    if unsupported in (Action.regenerate, *_WHOLE_ANSWER):
        return StreamMode.hold
    limits = policy.thresholds
    answer_level = (
        (limits.min_faithfulness, Condition.low_faithfulness),
        (limits.min_citation_recall, Condition.low_citation_recall),
        (limits.min_citation_precision, Condition.low_citation_precision),
        (limits.max_hallucination_probability, Condition.high_hallucination_probability),
    )
    for limit, condition in answer_level:
        if limit is not None and policy.actions.for_condition(condition) in _MORE_THAN_A_MARK:
            return StreamMode.hold
    return StreamMode.sentence


def astream_guarded(
    messages: Sequence[dict[str, Any]] | None = None,
    *,
    question: str | None = None,
    knowledge_base: Retriever | None = None,
    retriever: Retriever | None = None,
    contexts: Sequence[str | Passage] | None = None,
    model: str = DEFAULT_MODEL,
    policy: str | Policy = "default",
    review_queue: "ReviewQueue | str | None" = None,
    stream_mode: StreamMode | str | None = None,
    **litellm_kwargs: Any,
) -> AsyncIterator[GuardedChunk]:
    """The guarded answer as an async iterator of chunks (arguments as ``aguarded_completion``).

    Arguments are checked here, before anything runs (InputError, PolicyError).
    ``stream_mode``: ``"sentence"``, ``"hold"``, or None for :func:`stream_mode_for`.
    """
    litellm_kwargs.setdefault("max_tokens", ANSWER_MAX_TOKENS)
    query, source, profile = _inputs(messages, question, knowledge_base, retriever, contexts, policy)
    mode = _mode(stream_mode, profile)
    if mode is StreamMode.hold:
        return _held(query, source, model, profile, review_queue, litellm_kwargs)
    return _SentenceStream(query, source, model, profile, review_queue, litellm_kwargs).chunks()


def stream_guarded(messages: Sequence[dict[str, Any]] | None = None, **kwargs: Any) -> Iterator[GuardedChunk]:
    """Synchronous :func:`astream_guarded`: a plain iterator of chunks."""
    return iterate_sync(astream_guarded(messages, **kwargs))


def _mode(given: StreamMode | str | None, policy: Policy) -> StreamMode:
    if given is None:
        return stream_mode_for(policy)
    try:
        return StreamMode(given)
    except ValueError:
        allowed = ", ".join(m.value for m in StreamMode)
        raise InputError(
            f"stream_mode={given!r} is not a stream mode; use one of: {allowed} (or None)"
        ) from None


# --- hold -----------------------------------------------------------------------------------------


async def _held(
    query: str,
    source: Retriever | list[Passage],
    model: str,
    policy: Policy,
    review_queue: "ReviewQueue | str | None",
    litellm_kwargs: dict[str, Any],
) -> AsyncIterator[GuardedChunk]:
    from guard.pipeline import aguarded_completion

    started = time.perf_counter()
    evidence = {"contexts": source} if isinstance(source, list) else {"retriever": source}
    response = await aguarded_completion(
        question=query, model=model, policy=policy, review_queue=review_queue, **evidence, **litellm_kwargs
    )
    response.timings["first_chunk"] = _ms_since(started)
    for index, piece in enumerate(sentence_pieces(response.answer)):
        yield GuardedChunk(text=piece, sentence=index)
    yield GuardedChunk(final=True, outcome=StreamOutcome.held, response=response)


def sentence_pieces(text: str) -> list[str]:
    """``text`` cut at its sentence starts: the pieces join back to ``text`` exactly."""
    starts = [claim.start for claim in extract_claims(text)[1:]]
    bounds = [0, *starts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:]) if b > a]


# --- sentence by sentence -------------------------------------------------------------------------


class _SentenceSplitter:
    """Cuts streamed text into complete sentences (the claims stage's split), as they complete.

    A sentence is complete when the next has started: the split finds a later claim whose
    first word is written out (a letter word followed by a space or punctuation). A bare
    ``[1`` or ``2.`` is not a start, so a citation marker or a decimal still being written
    stays with the sentence before it.
    """

    _STARTED = re.compile(r"[^\W\d_]+[\s,;:.!?]")
    _MAY_END = re.compile(r"[.!?…。！？\n]")

    def __init__(self) -> None:
        self._buffer = ""

    def feed(self, delta: str) -> list[str]:
        self._buffer += delta
        if not self._MAY_END.search(self._buffer):
            return []
        claims = extract_claims(self._buffer)
        starts = [c.start for c in claims[1:] if self._STARTED.search(self._buffer, c.start)]
        return self._cut(starts)

    def close(self) -> list[str]:
        """The rest, once the model has stopped: every sentence in it is complete."""
        starts = [c.start for c in extract_claims(self._buffer)[1:]]
        return self._cut([*starts, len(self._buffer)])

    def _cut(self, starts: list[int]) -> list[str]:
        pieces, begin = [], 0
        for start in starts:
            if start > begin:
                pieces.append(self._buffer[begin:start])
                begin = start
        self._buffer = self._buffer[begin:]
        return pieces


class _Checked(BaseModel):
    action: Action
    reasons: list[Reason]
    text: str  # the sentence as verified (guard citations added)
    quoted: str = ""  # quote: what is sent in the sentence's place


class _SentenceStream:
    def __init__(
        self,
        query: str,
        source: Retriever | list[Passage],
        model: str,
        policy: Policy,
        review_queue: "ReviewQueue | str | None",
        litellm_kwargs: dict[str, Any],
    ) -> None:
        self.query, self.source, self.model, self.policy = query, source, model, policy
        self.review_queue = review_queue
        self.litellm_kwargs = litellm_kwargs
        self.trace_id = new_trace_id()
        self.timings: dict[str, float] = {}
        self.started = time.perf_counter()
        self.checked: list[str] = []  # every sentence checked, as verified
        self.sent: list[str] = []  # what left, marks included
        self.withheld: list[int] = []
        self.quoted: list[int] = []  # withheld sentences the documents' words replaced (no strip notice for them)
        self.marked = 0  # sentences sent with a [⚠ ...] mark
        self.stop: Action | None = None

    async def chunks(self) -> AsyncIterator[GuardedChunk]:
        with trace_context(self.trace_id), _timed(self.timings, "retrieve"):
            retrieval = await asyncio.to_thread(
                retrieve_evidence, self.query, self.source, self.policy, self.model
            )
        if not retrieval.gate.passed:
            yield self._gate_refused(retrieval)
            return
        messages = build_answer_messages(self.query, retrieval.passages, self.policy.refusal_text)
        model_stream = astream(messages, self.model, **self.litellm_kwargs)
        deltas = aiter(model_stream)
        splitter = _SentenceSplitter()
        try:
            async for delta in deltas:
                async for chunk in self._check_all(splitter.feed(delta), retrieval):
                    yield chunk
                if self.stop:
                    break
            else:
                async for chunk in self._check_all(splitter.close(), retrieval):
                    yield chunk
        except ModelError as error:
            yield self._model_failed(retrieval, error)
            return
        finally:
            await deltas.aclose()  # a stopped stream frees the model call
        yield await self._final(retrieval, model_stream.completion)

    async def _check_all(
        self, sentences: list[str], retrieval: RetrievalResult
    ) -> AsyncIterator[GuardedChunk]:
        for sentence in sentences:
            if self.stop:
                return
            chunk = await self._check(sentence, retrieval)
            if chunk is not None:
                if "first_chunk" not in self.timings:
                    self.timings["first_chunk"] = _ms_since(self.started)
                yield chunk

    async def _check(self, sentence: str, retrieval: RetrievalResult) -> GuardedChunk | None:
        checked = await self._verify(sentence, retrieval)
        index = len(self.checked)
        self.checked.append(checked.text)
        if checked.action in _WHOLE_ANSWER:
            self.stop = checked.action
            return None
        if checked.action is Action.quote and checked.quoted:
            self.withheld.append(index)  # the model's sentence was not sent; the documents' words were
            self.quoted.append(index)
            self.sent.append(checked.quoted)
            return GuardedChunk(text=checked.quoted, sentence=index)
        if checked.action in (Action.strip, Action.quote):
            self.withheld.append(index)
            return None
        text = _marked(checked.text, checked.reasons)
        self.marked += text != checked.text
        self.sent.append(text)
        return GuardedChunk(text=text, sentence=index)

    async def _verify(self, sentence: str, retrieval: RetrievalResult) -> _Checked:
        """The pipeline's verify stage on one sentence, decided from what concerns that sentence."""
        with trace_context(self.trace_id), _timed(self.timings, "verify"):
            text, verification = await asyncio.to_thread(
                verify_draft, self.query, sentence, retrieval, self.policy, self.model
            )
        decision = self._decide(verification, retrieval)
        reasons = [
            r for r in decision.reasons
            if r.claim_index is not None or r.condition is Condition.verifier_error
        ]
        action = max((r.action for r in reasons), key=lambda a: a.severity, default=Action.pass_)
        quoted = " ".join(quoted_evidence(q, self.policy) for q in decision.quotes) if action is Action.quote else ""
        tail = text[len(text.rstrip()):] if quoted else ""  # the space that separated it from the next one
        return _Checked(action=action, reasons=reasons, text=text, quoted=quoted + tail)

    async def _final(self, retrieval: RetrievalResult, completion: Completion | None) -> GuardedChunk:
        draft = "".join(self.checked)
        # The sentences carry the guard's citations already; adding more now would verify a
        # text nobody was sent.
        as_sent = self.policy.model_copy(
            update={"auto_citation": self.policy.auto_citation.model_copy(update={"enabled": False})}
        )
        generator = completion.model if completion else self.model
        with trace_context(self.trace_id), _timed(self.timings, "verify_final"):
            _, verification = await asyncio.to_thread(
                verify_draft, self.query, draft, retrieval, as_sent, generator
            )
        decision = self._decide(verification, retrieval)
        sent = "".join(self.sent)
        if not sent.strip():
            # Nothing left yet: the stream shows what the whole-answer path would.
            tail = apply_action(decision, draft, verification, self.policy)
        elif self.stop:
            tail = f"\n\n{self.policy.holding_text if self.stop is Action.escalate else STOPPED_NOTICE}"
        else:
            removed = [i for i in self.withheld if i not in self.quoted]
            tail = _closing_note(decision, verification, self.marked, removed, self.policy)
        response = GuardedResponse(
            answer=sent + tail,
            draft=draft,
            question=self.query,
            decision=decision,
            verification=verification,
            retrieval=retrieval,
            model=completion.model if completion else self.model,
            usage=_usage(completion),
            attempts=1,
            model_events=completion.attempts if completion else [],
            timings=dict(self.timings),
            trace_id=self.trace_id,
        )
        return await self._closing(response, tail)

    def _decide(self, verification: Verification, retrieval: RetrievalResult) -> Decision:
        # Regenerating is out of reach once text has left: the policy's fallback applies.
        attempts = self.policy.regenerate.max_attempts
        return decide(verification, retrieval.gate, self.policy, attempt=attempts)

    def _gate_refused(self, retrieval: RetrievalResult) -> GuardedChunk:
        verification = Verification(claims=[], verifiers=[])
        decision = decide(verification, retrieval.gate, self.policy)
        response = _response(
            self.trace_id, self.query, self.model, self.policy, retrieval, draft="",
            verification=verification, decision=decision, completions=[], timings=self.timings,
        )
        return self._final_chunk(response, response.answer, StreamOutcome.complete)

    def _model_failed(self, retrieval: RetrievalResult, error: ModelError) -> GuardedChunk:
        response = _model_failed(
            self.trace_id, self.query, self.model, self.policy, retrieval, error, [], self.timings
        )
        sent = "".join(self.sent)
        tail = f"\n\n{STOPPED_NOTICE}" if sent.strip() else response.answer
        response.answer, response.draft = sent + tail, "".join(self.checked)
        return self._final_chunk(response, tail, StreamOutcome.stopped)

    async def _closing(self, response: GuardedResponse, tail: str) -> GuardedChunk:
        if response.decision.action is Action.escalate and self.review_queue is not None:
            with _timed(response.timings, "escalate"):
                response.escalation_id = await asyncio.to_thread(escalate, response, self.review_queue)
        outcome = StreamOutcome.stopped if self.stop else StreamOutcome.complete
        return self._final_chunk(response, tail, outcome)

    def _final_chunk(self, response: GuardedResponse, tail: str, outcome: StreamOutcome) -> GuardedChunk:
        response.timings["total"] = _ms_since(self.started)
        _log.info(
            "guarded_stream",
            trace_id=self.trace_id,
            action=response.decision.action.value,
            outcome=outcome.value,
            sent=len(self.sent),
            withheld=len(self.withheld),
            timings_ms={k: round(v, 1) for k, v in response.timings.items()},
        )
        return GuardedChunk(
            text=tail, final=True, outcome=outcome, withheld=list(self.withheld), response=response
        )


def _marked(sentence: str, reasons: list[Reason]) -> str:
    """The sentence with the whole-answer path's inline mark for its annotate reasons."""
    mark = claim_mark([r for r in reasons if r.action is Action.annotate])
    if not mark:
        return sentence
    body = sentence.rstrip()
    return f"{body}{mark}{sentence[len(body):]}"


def _closing_note(
    decision: Decision, verification: Verification, marked: int, removed: list[int], policy: Policy
) -> str:
    """The final chunk's text after a complete stream: the strip notice, the annotation label.

    ``removed``: sentences withheld with nothing in their place (a quoted one is not: as in
    ``apply_action``, the notice is for claims removed without a quote).

    The whole-answer path puts the label first; a stream has sent its first sentence by
    then, so the label comes last.
    """
    notes = []
    if removed and policy.strip_notice:
        notes.append(policy.strip_notice)
    problems = [f"{marked} sentence{'s' * (marked > 1)} marked [⚠ ...]"] if marked else []
    # answer-level figures as the answer shown has them, not the draft (guard.actions.shown_cautions)
    notes += caution_labels(problems, shown_cautions(decision, verification, policy), policy)
    return "".join(f"\n\n{note}" for note in notes)


def _usage(completion: Completion | None) -> dict[str, int]:
    usage = completion.usage if completion else None
    prompt, answer = (usage.prompt_tokens, usage.completion_tokens) if usage else (0, 0)
    return {"prompt_tokens": prompt, "completion_tokens": answer, "total_tokens": prompt + answer}


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000
