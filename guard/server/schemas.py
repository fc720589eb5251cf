"""The wire format: OpenAI's chat completion request and response, the guard's metadata, /v1/verify.

Requests are parsed strictly (a string where a number belongs is an error, not a guess).
Fields an OpenAI client may send and the guard can safely ignore (``user``, ``top_p``,
``metadata``...) are accepted; fields whose meaning the guard cannot honour (tools,
structured output, several choices) are refused with a message saying so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from guard.decide import Action, Quote, Reason
from guard.llm.types import Attempt
from guard.verifiers.types import UnsupportedSpan
from retrievers.types import GateResult

__all__ = [
    "AssistantMessage",
    "ChatChoice",
    "ChatCompletion",
    "ChatCompletionRequest",
    "ChatMessage",
    "ChatUsage",
    "ContentPart",
    "ContextPassage",
    "GuardMetadata",
    "ModelSummary",
    "RetrievalSummary",
    "VerificationSummary",
    "VerifyRequest",
]

# Request fields whose meaning the guard cannot honour: a silent ignore would mislead the caller.
UNSUPPORTED_FIELDS = {
    "tools": "tool calls",
    "tool_choice": "tool calls",
    "functions": "function calls",
    "function_call": "function calls",
    "response_format": "structured output",
    "logprobs": "log-probabilities",
    "audio": "audio output",
}


# torch.manual_seed takes a signed or unsigned 64-bit seed; int64 suits every backend.
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _no_nul(value: str) -> str:
    # PostgreSQL cannot store U+0000 in text or JSONB, and no question or passage needs one. A lone
    # surrogate (JSON "\ud800") is not Unicode text: the tokenizers cannot encode it.
    bad = _UNSTORABLE.search(value)
    if bad is None:
        return value
    if bad.group() == "\x00":
        raise ValueError("contains a NUL character (U+0000); remove it")
    raise ValueError(f"contains a lone surrogate (U+{ord(bad.group()):04X}), which is not text; send UTF-8")


Text = Annotated[str, AfterValidator(_no_nul)]


class _Request(BaseModel):
    model_config = ConfigDict(strict=True)


class ContentPart(_Request):
    model_config = ConfigDict(strict=True, extra="allow")
    type: Text
    text: Text | None = None


class ChatMessage(_Request):
    model_config = ConfigDict(strict=True, extra="allow")  # name, tool_call_id... travel along unread
    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: Text | list[ContentPart] | None = None

    def text(self) -> str:
        if isinstance(self.content, list):
            return " ".join(part.text or "" for part in self.content)
        return self.content or ""


class ContextPassage(_Request):
    """A passage given with the request; plain strings become passages "1".."n"."""

    id: Text = Field(min_length=1)
    text: Text
    source: Text = ""
    title: Text | None = None


class ChatCompletionRequest(_Request):
    model_config = ConfigDict(strict=True, extra="allow")
    model: Text = Field(min_length=1)
    messages: list[ChatMessage] = Field(min_length=1)
    temperature: float | None = Field(None, ge=0.0, le=2.0)
    max_tokens: int | None = Field(None, ge=1)
    max_completion_tokens: int | None = Field(None, ge=1)
    stop: Text | list[Text] | None = None
    seed: int | None = Field(None, ge=SEED_MIN, le=SEED_MAX)
    stream: bool = False
    n: int = Field(1, ge=1, le=1, description="the guard returns one checked answer")
    # Guard extension (openai client: extra_body={"contexts": [...]}): answer from these passages
    # instead of a knowledge base.
    contexts: list[Text | ContextPassage] | None = None

    @field_validator("contexts")
    @classmethod
    def _unique_ids(cls, value: list[str | ContextPassage] | None) -> list[str | ContextPassage] | None:
        return None if value is None else _unique_passage_ids(value)

    @model_validator(mode="after")
    def _honourable(self) -> ChatCompletionRequest:
        for name, what in UNSUPPORTED_FIELDS.items():
            value = (self.model_extra or {}).get(name)
            if value not in (None, False, [], {}) and not (name == "response_format" and _is_text(value)):
                raise ValueError(f"{name}: the guard does not support {what}; leave it out")
        return self

    @property
    def token_limit(self) -> int | None:
        return self.max_completion_tokens or self.max_tokens


def _is_text(response_format: object) -> bool:
    return isinstance(response_format, dict) and response_format.get("type") == "text"


class VerifyRequest(_Request):
    """POST /v1/verify: check an answer against passages, no model call."""

    model_config = ConfigDict(strict=True, extra="forbid")
    question: Text = Field(min_length=1)
    contexts: list[Text | ContextPassage] = Field(min_length=1)
    answer: Text
    generator: Text | None = Field(None, description="the model that wrote the answer")
    model: Text | None = Field(None, description="alias of generator")
    verifiers: list[Text] | None = Field(None, min_length=1)

    @field_validator("question")
    @classmethod
    def _has_words(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("is only whitespace; give the question the answer replies to")
        return value

    @field_validator("contexts")
    @classmethod
    def _unique_ids(cls, value: list[str | ContextPassage]) -> list[str | ContextPassage]:
        return _unique_passage_ids(value)

    @field_validator("verifiers")
    @classmethod
    def _no_repeats(cls, value: list[str] | None) -> list[str] | None:
        repeated = sorted(name for name, n in Counter(value or []).items() if n > 1)
        if repeated:
            raise ValueError(f"names {', '.join(repeated)} more than once; name each verifier once")
        return value


def passage_ids(contexts: Sequence[str | ContextPassage]) -> list[str]:
    """The id of each context: a plain string is passage "n" (its citation number)."""
    return [str(n) if isinstance(c, str) else c.id for n, c in enumerate(contexts, start=1)]


def _unique_passage_ids(contexts: list[str | ContextPassage]) -> list[str | ContextPassage]:
    # Two passages with one id would make a citation (and a verdict) point at the wrong one.
    ids = passage_ids(contexts)
    repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
    if repeated:
        shown = ", ".join(repr(i) for i in repeated[:5])
        raise ValueError(
            f"duplicate passage id {shown}; give each passage its own id (plain strings are 1..n)"
        )
    return contexts


# --- responses ----------------------------------------------------------------------------------


class VerificationSummary(BaseModel):
    claims: int
    supported: int
    unsupported: int
    contradicted: int
    faithfulness: float
    citation_recall: float | None = None
    citation_precision: float | None = None
    invalid_citations: list[int] = Field(default_factory=list)
    hallucination_types: dict[str, int] = Field(default_factory=dict)
    verifier_failures: list[str] = Field(default_factory=list)
    is_refusal: bool = False
    hallucination_probability: float | None = None
    # Offsets into the returned message content; a span of a claim the policy stripped is left out.
    unsupported_spans: list[UnsupportedSpan] = Field(default_factory=list)


class PassageRef(BaseModel):
    id: str
    source: str = ""
    title: str | None = None
    score: float = 0.0


class RetrievalSummary(BaseModel):
    knowledge_base: str | None = None  # None: the request's own contexts
    gate: GateResult
    passages: list[PassageRef] = Field(default_factory=list)


class ModelSummary(BaseModel):
    requested: str
    answered: str | None = None  # None: no draft (the gate refused, or every model failed)
    drafts: int = 0
    calls: list[Attempt] = Field(default_factory=list)  # every call: retries and fallback included
    fallback_used: bool = False
    failed: bool = False
    error: str | None = None


class GuardMetadata(BaseModel):
    decision: Action
    policy: str
    reasons: list[Reason] = Field(default_factory=list)
    # Claims the quote action replaced, each with the evidence unit shown instead and its citation.
    quotes: list[Quote] = Field(default_factory=list)
    verification: VerificationSummary | None = None
    retrieval: RetrievalSummary | None = None
    model: ModelSummary
    trace_id: str
    escalation_id: str | None = None
    timings_ms: dict[str, float] = Field(default_factory=dict)


class AssistantMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: str


class ChatChoice(BaseModel):
    index: int = 0
    message: AssistantMessage
    finish_reason: Literal["stop", "length"] = "stop"
    logprobs: None = None


class ChatUsage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0


class ChatCompletion(BaseModel):
    id: str
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str
    choices: list[ChatChoice]
    usage: ChatUsage
    system_fingerprint: str | None = None
    guard: GuardMetadata
