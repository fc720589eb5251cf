"""What a server is built from: the YAML settings file and/or ``ragguard serve`` flags.

Every problem is a :class:`~guard.errors.ConfigError` that names the file (or the flag),
the dotted key, the value and what is allowed. Relative paths in a file are read relative
to that file. API keys are read from an environment variable (``api_key_env``), so that a
settings file can be committed without secrets.
"""

from __future__ import annotations

import ipaddress
import os
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from guard.config_file import describe_errors, read_mapping
from guard.errors import ConfigError

__all__ = [
    "DEFAULT_MODEL",
    "Limits",
    "ReviewSettings",
    "ServerConfig",
    "VerifyBatching",
    "load_server_config",
]

DEFAULT_MODEL = "local/smollm2-135m-instruct"
_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_ANY_ADDRESS = ("0.0.0.0", "::", "")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Limits(_Strict):
    """Bounds on one request and on the work in flight; a request over one gets a 4xx naming it."""

    max_body_bytes: int = Field(1_048_576, ge=1_024, description="413 above this, before the body is read")
    max_messages: int = Field(64, ge=1)
    max_message_chars: int = Field(16_000, ge=1, description="characters of one chat message")
    max_passages: int = Field(50, ge=1, description="contexts in one request")
    max_passage_chars: int = Field(20_000, ge=1, description="characters of one context passage")
    max_answer_chars: int = Field(20_000, ge=1, description="characters of the answer given to /v1/verify")
    # Distinct verifiers one /v1/verify request may name (duplicates are refused).
    max_verifiers: int = Field(8, ge=1)
    max_verify_work_chars: int = Field(
        500_000,
        ge=1,
        description="/v1/verify: (question + answer + passages) characters times the verifiers run",
    )
    max_tokens: int = Field(2_048, ge=1, description="ceiling on a request's max_tokens")
    max_in_flight: int = Field(8, ge=1, description="requests processed at once")
    max_queue: int = Field(32, ge=0, description="requests waiting for a slot; beyond this: 503")
    max_escalations_per_minute: int = Field(
        30, ge=1, description="review items one client (API key, else address) may create a minute; then 429"
    )


class VerifyBatching(_Strict):
    """How ``/v1/verify`` requests are gathered into batches (guard/server/batching.py)."""

    # Milliseconds a batch waits for more requests after its first; a lone request pays this once.
    window_ms: float = Field(10.0, ge=0.0, le=1_000.0, description="wait for more requests after the first")
    # 4, not 16: batches formed in lockstep (8 clients, each waiting for its answer) all went
    # into one batch of 8 while the second worker thread idled; batches of 4 cost no more CPU
    # per request (requests rarely share passages; the content caches share them across
    # batches) and keep both threads busy: 8 clients 10.8-11.8 -> 12.5-15.5 requests/s,
    # p95 0.80-1.04 -> 0.67-0.81 s (three pairs; benchmarks/README.md, "the server's CPU per request").
    max_size: int = Field(4, ge=1, le=256, description="requests per batch; a full batch goes at once")
    # Worker processes that verify the batches (each loads the models once); 0: the server's
    # threads, which GIL-bound verification keeps to about one core.
    processes: int = Field(0, ge=0, le=64, description="verification worker processes (0: in the server)")


class ReviewSettings(_Strict):
    """The escalation queue and its reviewer page, mounted at /review."""

    queue: str = Field(min_length=1, description="queue URL or SQLite path (guard.review.open_queue)")
    token_env: str = Field(
        "RAGGUARD_REVIEW_TOKEN", min_length=1, description="env var holding the shared reviewer token"
    )
    token_file: Path | None = Field(None, description="file holding the shared token (instead of token_env)")
    # Each reviewer logs in with their own password (`ragguard review add-reviewer`); then no token.
    reviewers_file: Path | None = None
    secure_cookie: bool = Field(False, description="mark the review session cookie Secure (HTTPS in front)")

    def shared_token(self) -> str:
        """The shared token from token_file or token_env; ConfigError naming both when neither has one."""
        if self.token_file is not None:
            try:
                token = self.token_file.read_text(encoding="utf-8").strip()
            except (OSError, UnicodeDecodeError) as exc:
                raise ConfigError(
                    f"review.token_file = {str(self.token_file)!r}: cannot read it ({exc})"
                ) from None
        else:
            token = os.environ.get(self.token_env, "").strip()
        if not token:
            raise ConfigError(
                f"review.token_env = {self.token_env!r}: the variable is unset or empty; export it with the "
                "reviewers' token, set review.token_file, give reviewers their own passwords "
                "(review.reviewers_file), or remove the review section"
            )
        return token

    def check_credentials(self) -> None:
        """Fail before start-up, not at the first request, when reviewers could not log in."""
        if self.reviewers_file is None:
            self.shared_token()
        elif not self.reviewers_file.is_file():
            raise ConfigError(
                f"review.reviewers_file = {str(self.reviewers_file)!r} does not exist: create it with "
                "`ragguard review add-reviewer NAME --reviewers FILE`"
            )


class ServerConfig(_Strict):
    """Everything ``create_app`` needs; build it with :func:`load_server_config` or directly."""

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=0, le=65535)
    model: str = Field(DEFAULT_MODEL, min_length=1, description="litellm model for requests naming none")
    fallback_model: str | None = None
    # Request models a client may name (fnmatch patterns); the default model and "ragguard" always work.
    allowed_models: list[str] = Field(default_factory=list)
    model_retries: int = Field(2, ge=0, le=10)
    model_backoff_s: float = Field(0.5, ge=0.0, le=60.0)
    model_max_backoff_s: float = Field(8.0, ge=0.0, le=300.0)
    model_timeout_s: float = Field(60.0, gt=0.0, le=3600.0)
    # "policy": a model that fails for good gets the policy's failure action (HTTP 200, guard metadata
    # says why); "error": HTTP 502 with the model events.
    on_model_failure: Literal["policy", "error"] = "policy"
    knowledge_bases: dict[str, Path] = Field(default_factory=dict, description="name -> index folder")
    default_knowledge_base: str | None = None
    policies: dict[str, str] = Field(
        default_factory=lambda: {"default": "default"}, description="name -> profile name or YAML path"
    )
    default_policy: str | None = None
    api_key_env: str | None = Field("RAGGUARD_API_KEYS", description="env var: comma-separated API keys")
    api_keys: list[SecretStr] = Field(default_factory=list, description="prefer api_key_env")
    allow_unauthenticated: bool = Field(False, description="serve /v1 without keys on a non-loopback host")
    workers_pool: int = Field(2, ge=1, le=64, description="threads for the CPU-bound stages")
    warm_up: bool = Field(True, description="load the verification models at start-up")
    limits: Limits = Field(default_factory=Limits)
    verify_batch: VerifyBatching = Field(default_factory=VerifyBatching)
    review: ReviewSettings | None = None
    log_level: Literal["debug", "info", "warning", "error"] = "warning"
    # Host header names served besides loopback (localhost, 127.0.0.1, [::1]) and ``host``:
    # anything else gets 400, so a DNS-rebinding page cannot reach a loopback server.
    allowed_hosts: list[str] = Field(default_factory=list, description="'*' accepts any; '*.x.com' a domain")
    # /docs and /redoc load scripts from a CDN on the origin of /review: off unless asked for.
    api_docs: bool = False

    @field_validator("policies", mode="before")
    @classmethod
    def _policies_as_mapping(cls, value: Any) -> Any:
        """A list of profile names is shorthand for {name: name}."""
        if isinstance(value, list):
            return {_policy_name(item): item for item in value}
        return value

    @field_validator("knowledge_bases", "policies")
    @classmethod
    def _names(cls, value: dict[str, Any]) -> dict[str, Any]:
        for name in value:
            if not _NAME.match(name):
                raise ValueError(
                    f"name {name!r} must be 1-64 letters, digits, '_', '.' or '-' (it travels in a header)"
                )
        return value

    @model_validator(mode="after")
    def _defaults_exist(self) -> ServerConfig:
        if not self.policies:
            raise ValueError("policies is empty: name at least one profile (e.g. [default])")
        if self.default_policy is not None and self.default_policy not in self.policies:
            raise ValueError(
                f"default_policy {self.default_policy!r} is not one of policies: {', '.join(self.policies)}"
            )
        if (
            self.default_knowledge_base is not None
            and self.default_knowledge_base not in self.knowledge_bases
        ):
            known = ", ".join(self.knowledge_bases) or "none configured"
            raise ValueError(f"default_knowledge_base {self.default_knowledge_base!r} is not one of: {known}")
        return self

    @property
    def policy_name(self) -> str:
        """The policy a request gets when it names none."""
        return self.default_policy or next(iter(self.policies))

    @property
    def knowledge_base_name(self) -> str | None:
        return self.default_knowledge_base or next(iter(self.knowledge_bases), None)

    def resolved_api_keys(self) -> list[str]:
        """Keys from ``api_keys`` and from the ``api_key_env`` variable (comma-separated)."""
        keys = [k.get_secret_value() for k in self.api_keys]
        if self.api_key_env:
            keys += [k.strip() for k in os.environ.get(self.api_key_env, "").split(",") if k.strip()]
        return keys

    def trusted_hosts(self) -> frozenset[str]:
        """Host header names (lower case, IPv6 without brackets) the server answers."""
        names = {*_LOOPBACK_NAMES, *(h.lower().strip("[]") for h in self.allowed_hosts)}
        if self.host not in _ANY_ADDRESS:
            names.add(self.host.lower().strip("[]"))
        return frozenset(names)

    def check_exposure(self) -> None:
        """Fail closed: a server reachable from other machines must ask for an API key."""
        if self.resolved_api_keys() or self.allow_unauthenticated or _is_loopback(self.host):
            return
        raise ConfigError(
            f"host = {self.host!r} is reachable from other machines but no API key is set: export "
            f"{self.api_key_env or 'RAGGUARD_API_KEYS'}=key1,key2 (api_key_env), or set "
            "allow_unauthenticated: true if a proxy in front checks callers"
        )


def load_server_config(
    path: str | Path | None = None, overrides: dict[str, Any] | None = None
) -> ServerConfig:
    """Read ``path`` (YAML), apply ``overrides`` (CLI flags, dotted keys allowed), validate."""
    data: dict[str, Any] = {}
    where = "server settings"
    if path is not None:
        path = Path(path)
        where = str(path)
        data = _read_yaml(path)
        data = _resolve_paths(data, path.parent)
    for key, value in (overrides or {}).items():
        _set_dotted(data, key, value)
    try:
        return ServerConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(describe_errors(where, exc, ServerConfig)) from None


def _policy_name(item: Any) -> Any:
    if isinstance(item, str) and ("/" in item or item.endswith((".yaml", ".yml"))):
        return Path(item).stem
    return item


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _read_yaml(path: Path) -> dict[str, Any]:
    return read_mapping(path, str(path), ServerConfig.model_fields)


def _resolve_paths(data: dict[str, Any], base: Path) -> dict[str, Any]:
    """Index folders and policy files named in a file are relative to that file."""
    data = dict(data)
    if isinstance(data.get("knowledge_bases"), dict):
        data["knowledge_bases"] = {
            name: str(base / value) if isinstance(value, str) and not Path(value).is_absolute() else value
            for name, value in data["knowledge_bases"].items()
        }
    review = data.get("review")
    if isinstance(review, dict):
        data["review"] = {
            key: str(base / value) if key in _REVIEW_FILES and _is_relative_path(value) else value
            for key, value in review.items()
        }
    policies = data.get("policies")
    if isinstance(policies, list):
        policies = {_policy_name(item): item for item in policies}
    if isinstance(policies, dict):
        data["policies"] = {
            name: str(base / value) if _is_relative_file(value) else value for name, value in policies.items()
        }
    return data


_REVIEW_FILES = ("reviewers_file", "token_file")


def _is_relative_path(value: Any) -> bool:
    return isinstance(value, str) and not Path(value).is_absolute()


def _is_relative_file(value: Any) -> bool:
    return (
        isinstance(value, str)
        and ("/" in value or value.endswith((".yaml", ".yml")))
        and not Path(value).is_absolute()
    )


def _set_dotted(data: dict[str, Any], key: str, value: Any) -> None:
    head, _, rest = key.partition(".")
    if not rest:
        data[head] = value
        return
    child = data.setdefault(head, {})
    if not isinstance(child, dict):
        raise ConfigError(f"cannot set {key}: {head} is a {type(child).__name__}, not a mapping")
    _set_dotted(child, rest, value)
