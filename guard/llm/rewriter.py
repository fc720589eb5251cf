"""An LLM query rewriter for the retrieval gate (``retrievers.rewriting.QueryRewriter``)."""

from __future__ import annotations

import re
from typing import Any

from guard.errors import ModelError
from guard.llm.completion import acomplete, complete
from guard.llm.local_model import LOCAL_MODEL
from prompts import Message, build_rewrite_messages

__all__ = ["LLMQueryRewriter"]

# Labels small models put before the query although told not to.
_LABEL = re.compile(
    r"^(?:new |better |improved |rewritten )?(?:search )?query\s*(?:is|should be)?\s*:\s*", re.IGNORECASE
)
_QUOTES = "\"'`“”‘’"


class LLMQueryRewriter:
    """``rewrite(query, attempt)`` through any litellm model; raises ModelError when it cannot.

    Attempt 1 decodes greedily; later attempts sample at ``retry_temperature`` with
    ``seed=attempt`` so that each retry tries a different, reproducible wording.
    """

    def __init__(
        self,
        model: str = LOCAL_MODEL,
        *,
        retry_temperature: float = 0.7,
        max_tokens: int = 48,
        timeout: float = 30.0,
        retries: int = 1,
        fallback_model: str | None = None,
        **litellm_kwargs: Any,
    ) -> None:
        self.model = model
        self.retry_temperature = retry_temperature
        self.options = dict(
            litellm_kwargs,
            max_tokens=max_tokens,
            timeout=timeout,
            retries=retries,
            fallback_model=fallback_model,
        )

    def rewrite(self, query: str, attempt: int) -> str:
        completion = complete(*self._request(query, attempt), **self._options(attempt))
        return _clean(completion.text, self.model)

    async def arewrite(self, query: str, attempt: int) -> str:
        completion = await acomplete(*self._request(query, attempt), **self._options(attempt))
        return _clean(completion.text, self.model)

    def _request(self, query: str, attempt: int) -> tuple[list[Message], str]:
        return build_rewrite_messages(query), self.model

    def _options(self, attempt: int) -> dict[str, Any]:
        if attempt <= 1:
            return dict(self.options, temperature=0.0)
        return dict(self.options, temperature=self.retry_temperature, seed=attempt)


def _clean(text: str, model: str) -> str:
    """The query itself: the first non-empty line, without a label or surrounding quotes."""
    line = next((line.strip() for line in text.splitlines() if line.strip()), "")
    line = _LABEL.sub("", line).strip().strip(_QUOTES).strip()
    if not line:
        raise ModelError(f"query rewrite by '{model}' came back empty (raw answer: {text!r:.200})")
    return line
