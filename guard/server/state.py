"""The guard a server runs, built once at start-up and kept on ``app.state.guard``.

Knowledge bases are loaded, policies parsed and the verification models warmed here,
so that no request pays for (or races on) a load. The CPU-bound stages run on one
bounded thread pool, installed as the event loop's default executor: the pipeline's
``asyncio.to_thread`` calls then share it, and N concurrent requests use at most
``workers_pool`` threads (and their memory) for retrieval, verification and local models.
"""

from __future__ import annotations

import asyncio
import fnmatch
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from guard.errors import ConfigError
from guard.observability import get_logger
from guard.policy import Policy, load_policy
from guard.server.admission import Admission
from guard.server.batching import VerifyBatcher
from guard.server.config import ServerConfig
from guard.server.http_errors import ApiError
from guard.server.limits import EscalationLimiter
from guard.server.metrics import ServerMetrics
from guard.verifiers.stage import VerificationSettings

__all__ = ["DEFAULT_MODEL_ALIASES", "GuardState", "build_state", "check_sources"]

_log = get_logger(__name__)
# Request model names that mean "the server's default model".
DEFAULT_MODEL_ALIASES = ("ragguard", "default")
# Built verifier settings kept per (policy, verifier list); Policy caches the builds themselves.
_MAX_CACHED_SETTINGS = 64


@dataclass
class GuardState:
    config: ServerConfig
    policies: dict[str, Policy]
    knowledge_bases: dict[str, Any]  # name -> retrievers.KnowledgeBase
    api_keys: tuple[bytes, ...]
    admission: Admission
    executor: ThreadPoolExecutor
    batcher: VerifyBatcher
    review_queue: Any = None  # guard.review.ReviewQueue when review is configured
    escalations: EscalationLimiter | None = None
    # (policy, a request's own verifier list) -> built settings; see verification_settings().
    _settings: dict[tuple[int, tuple[str, ...] | None], VerificationSettings] = field(
        default_factory=dict, repr=False
    )

    def __post_init__(self) -> None:
        if self.escalations is None:
            self.escalations = EscalationLimiter(self.config.limits.max_escalations_per_minute)

    def policy(self, name: str | None) -> Policy:
        """The policy ``name`` (the X-Guard-Policy header), or the server's default."""
        chosen = name or self.config.policy_name
        if chosen not in self.policies:
            raise ApiError(
                404,
                f"unknown policy {chosen!r} (X-Guard-Policy); available: {', '.join(sorted(self.policies))}",
                code="unknown_policy",
                param="X-Guard-Policy",
            )
        return self.policies[chosen]

    async def verification_settings(
        self, policy: Policy, verifiers: Sequence[str] | None = None
    ) -> VerificationSettings:
        """``policy.verification_settings(verifiers)``; the first build of a list (it loads models)
        runs on the worker pool, not on the event loop."""
        key = (id(policy), tuple(verifiers) if verifiers else None)  # policies live as long as the state
        settings = self._settings.get(key)
        if settings is None:
            loop = asyncio.get_running_loop()
            settings = await loop.run_in_executor(self.executor, policy.verification_settings, verifiers)
            if len(self._settings) >= _MAX_CACHED_SETTINGS:  # requests naming ever new lists
                self._settings.clear()
            self._settings[key] = settings
        return settings

    def knowledge_base(self, name: str | None) -> tuple[str, Any]:
        """(name, knowledge base) for ``name`` (the X-Guard-Knowledge-Base header) or the default."""
        chosen = name or self.config.knowledge_base_name
        if chosen is None:
            raise ApiError(
                400,
                "no knowledge base is configured: send the passages in 'contexts', or start the server "
                "with --index NAME=DIR",
                code="no_knowledge_base",
            )
        if chosen not in self.knowledge_bases:
            known = ", ".join(sorted(self.knowledge_bases)) or "none configured"
            raise ApiError(
                404,
                f"unknown knowledge base {chosen!r} (X-Guard-Knowledge-Base); available: {known}",
                code="unknown_knowledge_base",
                param="X-Guard-Knowledge-Base",
            )
        return chosen, self.knowledge_bases[chosen]

    def model(self, requested: str) -> str:
        """The litellm model a request may use: the default, or one matching ``allowed_models``."""
        if requested in DEFAULT_MODEL_ALIASES or requested == self.config.model:
            return self.config.model
        if any(fnmatch.fnmatchcase(requested, pattern) for pattern in self.config.allowed_models):
            return requested
        allowed = [self.config.model, *DEFAULT_MODEL_ALIASES, *self.config.allowed_models]
        raise ApiError(
            404,
            f"model {requested!r} is not served here; use one of: {', '.join(allowed)} "
            "(server setting allowed_models)",
            code="model_not_found",
            param="model",
        )

    def model_kwargs(self) -> dict[str, Any]:
        """Retry, backoff, timeout and fallback settings for every model call."""
        config = self.config
        return {
            "retries": config.model_retries,
            "backoff_s": config.model_backoff_s,
            "max_backoff_s": config.model_max_backoff_s,
            "timeout": config.model_timeout_s,
            "fallback_model": config.fallback_model,
        }


def build_state(config: ServerConfig, metrics: ServerMetrics) -> GuardState:
    """Load everything a request needs; a ConfigError / IndexFormatError names what is wrong."""
    config.check_exposure()
    policies = {name: _load_policy(name, source) for name, source in config.policies.items()}
    knowledge_bases = {name: _load_kb(name, path) for name, path in config.knowledge_bases.items()}
    executor = ThreadPoolExecutor(max_workers=config.workers_pool, thread_name_prefix="ragguard-worker")
    keys = tuple(key.encode() for key in config.resolved_api_keys())
    admission = Admission(config.limits.max_in_flight, config.limits.max_queue, metrics)
    batching = config.verify_batch
    batcher = VerifyBatcher(
        executor,
        window_s=batching.window_ms / 1000,
        max_size=batching.max_size,
        concurrency=config.workers_pool,
        batch_sizes=metrics.verify_batch_size,
        processes=batching.processes,
    )
    return GuardState(config, policies, knowledge_bases, keys, admission, executor, batcher)


def check_sources(config: ServerConfig) -> None:
    """Cheap checks before a server starts: every policy parses, every index folder exists,
    reviewers can log in."""
    config.check_exposure()
    if config.review is not None:
        config.review.check_credentials()
    for name, source in config.policies.items():
        _load_policy(name, source)
    for name, path in config.knowledge_bases.items():
        _check_index_dir(name, path)


def _load_policy(name: str, source: str) -> Policy:
    from guard.verifiers.registry import available_verifiers

    try:
        return load_policy(source, known_verifiers=available_verifiers())
    except ConfigError as exc:
        raise ConfigError(f"policies.{name}: {exc}") from None


def _load_kb(name: str, path: Any) -> Any:
    from retrievers.knowledge_base import KnowledgeBase

    _check_index_dir(name, path)
    kb = KnowledgeBase.load(path)
    _log.info("server.knowledge_base_loaded", name=name, passages=len(kb))
    return kb


def _check_index_dir(name: str, path: Any) -> None:
    if not path.is_dir():
        raise ConfigError(
            f"knowledge_bases.{name} = {str(path)!r}: no such folder; build one with `ragguard index DOCS --out DIR`"
        )


def warm_up() -> None:
    """Load the embedder and the sentence/entity pipeline once, before the first request."""
    from guard.verifiers.api import verify

    verify(question="Warm-up?", contexts=["The guard is ready."], answer="The guard is ready [1].")


async def install_executor(state: GuardState) -> None:
    """Make the bounded pool the default executor of the running loop (asyncio.to_thread uses it)."""
    asyncio.get_running_loop().set_default_executor(state.executor)
