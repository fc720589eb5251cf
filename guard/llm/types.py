"""Typed values that come out of a model call or a scoring pass."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, Field, model_validator

from guard.errors import InputError

__all__ = [
    "Attempt",
    "AttemptOutcome",
    "Completion",
    "Generation",
    "GenerationParams",
    "TokenScores",
    "Usage",
]


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class AttemptOutcome(str, Enum):
    ok = "ok"
    transient_error = "transient_error"  # timeout, rate limit, 5xx, connection: retried while tries are left
    error = "error"  # not worth retrying (bad request, auth, empty answer...)


class Attempt(BaseModel):
    """One call to one model, as it happened."""

    model: str
    number: int  # 1-based, counted per model
    outcome: AttemptOutcome
    error_type: str | None = None
    error: str | None = None
    elapsed_s: float


class Completion(BaseModel):
    text: str
    model: str  # the model string that answered: the primary or the fallback
    usage: Usage
    finish_reason: str | None = None
    fallback_used: bool = False
    attempts: list[Attempt] = Field(default_factory=list)  # every call, failed ones included
    elapsed_s: float = 0.0


class TokenScores(BaseModel):
    """Per-token log-probs of a continuation scored by teacher forcing.

    ``offsets[i]`` is the character span of ``continuation`` that token ``i`` encodes.
    Spans tile the continuation in order, except that the byte-level tokens of one
    multi-byte character (an emoji, a CJK character) share that character's span.
    """

    model: str
    continuation: str
    token_ids: list[int]
    logprobs: list[float]
    offsets: list[tuple[int, int]]

    @model_validator(mode="after")
    def _same_lengths(self) -> TokenScores:
        if not (len(self.token_ids) == len(self.logprobs) == len(self.offsets)):
            raise ValueError("token_ids, logprobs and offsets must have one entry per token")
        return self

    @property
    def tokens(self) -> list[str]:
        return [self.continuation[start:end] for start, end in self.offsets]

    def token_indices(self, start: int = 0, end: int | None = None) -> list[int]:
        """Indices of the tokens that overlap the character span ``[start, end)``."""
        end = len(self.continuation) if end is None else end
        if not 0 <= start < end <= len(self.continuation):
            raise InputError(
                f"character span [{start}, {end}) is not inside the continuation "
                f"(length {len(self.continuation)}); pass 0 <= start < end <= length"
            )
        return [i for i, (s, e) in enumerate(self.offsets) if s < end and e > start]

    def mean_logprob(self, start: int = 0, end: int | None = None) -> float:
        """Mean log-prob of the tokens overlapping ``[start, end)``: the whole text by default."""
        indices = self.token_indices(start, end)
        return sum(self.logprobs[i] for i in indices) / len(indices)


class GenerationParams(BaseModel):
    """What an in-process model reads from a litellm call."""

    max_tokens: int | None = None
    temperature: float = 0.0
    stop: list[str] = Field(default_factory=list)
    seed: int | None = None
    timeout: float | None = None


class Generation(BaseModel):
    """One answer from an in-process model."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str = "stop"  # "stop" (end of turn or a stop string) or "length"
