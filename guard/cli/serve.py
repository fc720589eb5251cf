"""`ragguard serve`: the guard over HTTP (OpenAI-compatible chat completions, /v1/verify, metrics)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from guard.cli import app

__all__ = ["serve"]


@app.command()
def serve(
    config_file: Path | None = typer.Option(
        None, "--config", help="Server settings YAML (flags override it)."
    ),
    index: list[str] = typer.Option(
        [], "--index", help="NAME=DIR: a knowledge base built by `ragguard index`."
    ),
    default_index: str | None = typer.Option(
        None, "--default-index", help="Knowledge base for requests naming none."
    ),
    policy: list[str] = typer.Option(
        [], "--policy", help="Profile name or NAME=YAML; repeat; the first is the default."
    ),
    model: str | None = typer.Option(None, "--model", help="Default litellm model string."),
    fallback_model: str | None = typer.Option(
        None, "--fallback-model", help="Tried when the model fails for good."
    ),
    allow_model: list[str] = typer.Option(
        [], "--allow-model", help="Pattern of other models requests may name."
    ),
    api_key_env: str | None = typer.Option(
        None, "--api-key-env", help="Env var of comma-separated API keys."
    ),
    host: str | None = typer.Option(None, "--host", help="Interface to listen on (default 127.0.0.1)."),
    port: int | None = typer.Option(None, "--port", min=0, max=65535, help="Port (default 8000)."),
    workers_pool: int | None = typer.Option(
        None, "--workers-pool", min=1, help="Threads for CPU-bound stages."
    ),
    max_in_flight: int | None = typer.Option(
        None, "--max-in-flight", min=1, help="Requests processed at once."
    ),
    max_queue: int | None = typer.Option(None, "--max-queue", min=0, help="Requests waiting; beyond: 503."),
    review_queue: str | None = typer.Option(
        None, "--review-queue", help="Escalation queue URL; mounts /review."
    ),
    reviewers: Path | None = typer.Option(
        None, "--reviewers", help="Reviewers file (`ragguard review add-reviewer`) for /review."
    ),
    secure_cookie: bool = typer.Option(
        False, "--secure-cookie", help="Mark the /review session cookie Secure (HTTPS proxy in front)."
    ),
    log_level: str | None = typer.Option(None, "--log-level", help="debug, info, warning or error."),
    check: bool = typer.Option(False, "--check", help="Validate the settings, print them and exit."),
) -> None:
    """Serve the guard over HTTP until interrupted."""
    import uvicorn

    from guard.server import create_app, load_server_config
    from guard.server.state import check_sources

    overrides = _overrides(locals())
    config = load_server_config(config_file, overrides)
    check_sources(config)
    from guard.cli.review import warn_plain_http

    warn_plain_http(config.host, config.review is not None and config.review.secure_cookie, "--secure-cookie")
    if check:
        typer.echo(config.model_dump_json(indent=2, exclude={"api_keys"}))
        return
    typer.echo(
        f"ragguard serving on http://{config.host}:{config.port} (policies: {', '.join(config.policies)}; "
        f"knowledge bases: {', '.join(config.knowledge_bases) or 'none, requests bring contexts'})",
        err=True,
    )
    uvicorn.run(
        create_app(config),
        host=config.host,
        port=config.port,
        log_level=config.log_level,
        timeout_graceful_shutdown=10,
    )


def _overrides(flags: dict[str, Any]) -> dict[str, Any]:
    """The flags that were given, as settings keys (dotted for nested ones)."""
    out: dict[str, Any] = {}
    if flags["index"]:
        out["knowledge_bases"] = dict(_pair(item, "--index") for item in flags["index"])
    if flags["policy"]:
        pairs = [
            _pair(item, "--policy") if "=" in item else (Path(item).stem, item) for item in flags["policy"]
        ]
        out["policies"] = dict(pairs)
        out["default_policy"] = pairs[0][0]
    if flags["allow_model"]:
        out["allowed_models"] = flags["allow_model"]
    if flags["review_queue"]:
        out["review.queue"] = flags["review_queue"]
    if flags["reviewers"]:
        out["review.reviewers_file"] = str(flags["reviewers"])
    if flags["secure_cookie"]:
        out["review.secure_cookie"] = True
    for flag in ("model", "fallback_model", "api_key_env", "host", "port", "workers_pool", "log_level"):
        if flags[flag] is not None:
            out[flag] = flags[flag]
    if flags["default_index"] is not None:
        out["default_knowledge_base"] = flags["default_index"]
    for flag in ("max_in_flight", "max_queue"):
        if flags[flag] is not None:
            out[f"limits.{flag}"] = flags[flag]
    return out


def _pair(item: str, flag: str) -> tuple[str, str]:
    name, sep, value = item.partition("=")
    if not sep or not name or not value:
        raise typer.BadParameter(f"{item!r}: expected NAME=VALUE", param_hint=flag)
    return name, value
