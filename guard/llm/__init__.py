"""The one door to language models: every model call of ragguard goes through here.

``complete`` / ``acomplete`` take any litellm model string (``"openai/gpt-4o-mini"``,
``"ollama/llama3"``, ``"hosted_vllm/..."``) and the embedded default
``"local/smollm2-135m-instruct"``, which runs in-process and is registered with litellm as
a custom provider. ``LocalLM.score`` gives teacher-forced token log-probs (FRANQ).
Scripted models for tests live in :mod:`guard.llm.testing`.

Only this sub-package imports litellm, lazily; importing ``guard.llm`` loads neither
litellm nor torch.
"""

from pathlib import Path

from guard.llm.completion import RetryPolicy, acomplete, complete, run_sync
from guard.llm.local_model import (
    LOCAL_MODEL,
    LOCAL_MODEL_NAME,
    LoadReport,
    LocalLM,
    default_cache_dir,
    get_local_lm,
)
from guard.llm.rewriter import LLMQueryRewriter
from guard.llm.types import Attempt, AttemptOutcome, Completion, TokenScores, Usage

__all__ = [
    "LOCAL_MODEL",
    "LOCAL_MODEL_NAME",
    "Attempt",
    "AttemptOutcome",
    "Completion",
    "LLMQueryRewriter",
    "LoadReport",
    "LocalLM",
    "RetryPolicy",
    "TokenScores",
    "Usage",
    "acomplete",
    "complete",
    "default_cache_dir",
    "get_local_lm",
    "register_local_model",
    "run_sync",
]


def register_local_model(cache_dir: Path | None = None, *, replace: bool = False) -> None:
    """Serve ``local/smollm2-135m-instruct`` through ``litellm.completion`` (imports litellm)."""
    from guard.llm.providers import register_local_model as register

    register(cache_dir, replace=replace)
