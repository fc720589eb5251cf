"""``create_app(config)``: the FastAPI app, its start-up and its small routes.

Routes: ``POST /v1/chat/completions`` (guard/server/chat.py), ``POST /v1/verify``
(guard/server/verify.py), ``GET /v1/models``, ``GET /healthz``, ``GET /metrics``
(Prometheus text), and the reviewer page at ``/review`` when ``review`` is configured.
The guard is built in the lifespan and kept on ``app.state.guard``; run one process per
core set behind a load balancer to scale out (the state is per process).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse

from guard.observability import configure_logging, get_logger
from guard.server import chat, verify
from guard.server.config import ServerConfig
from guard.server.http_errors import install_error_handlers
from guard.server.metrics import CONTENT_TYPE, ServerMetrics
from guard.server.middleware import (
    ApiKeyMiddleware,
    BodyLimitMiddleware,
    MetricsMiddleware,
    TrustedHostMiddleware,
)
from guard.server.state import DEFAULT_MODEL_ALIASES, GuardState, build_state, install_executor, warm_up
from guard.verifiers.batch_pool import shut_down_pool

__all__ = ["create_app"]

_log = get_logger(__name__)


def create_app(config: ServerConfig) -> FastAPI:
    """The guard's HTTP app; nothing is loaded until it starts (the lifespan)."""
    app = FastAPI(
        title="ragguard",
        summary="Guardrails for retrieval-augmented generation",
        lifespan=_lifespan(config),
        docs_url="/docs" if config.api_docs else None,
        redoc_url="/redoc" if config.api_docs else None,
    )
    app.state.config = config
    app.state.metrics = ServerMetrics()
    install_error_handlers(app)
    app.include_router(chat.router)
    app.include_router(verify.router)
    app.add_api_route("/v1/models", _models, methods=["GET"])
    app.add_api_route("/healthz", _healthz, methods=["GET"])
    app.add_api_route("/metrics", _metrics, methods=["GET"], response_class=PlainTextResponse)
    # Added innermost first: metrics see every response, keys are checked before the body is read.
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(ApiKeyMiddleware)
    app.add_middleware(TrustedHostMiddleware, hosts=config.trusted_hosts())
    app.add_middleware(MetricsMiddleware)
    return app


def _lifespan(config: ServerConfig):
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        configure_logging(config.log_level)
        started = time.perf_counter()
        state = await asyncio.to_thread(build_state, config, app.state.metrics)
        await install_executor(state)
        if config.warm_up:
            await asyncio.get_running_loop().run_in_executor(state.executor, warm_up)
        if config.review is not None:
            _mount_review(app, state)
        app.state.guard = state
        _log.info(
            "server.ready",
            seconds=round(time.perf_counter() - started, 2),
            knowledge_bases=sorted(state.knowledge_bases),
            policies=sorted(state.policies),
        )
        try:
            yield
        finally:
            await state.batcher.aclose()
            state.executor.shutdown(wait=False, cancel_futures=True)
            # the verification worker processes (verify_batch.processes) go with the server: uvicorn ends the
            # process by re-raising its SIGTERM, which runs no exit hook (and the loop's executor is shut by now)
            shut_down_pool()
            close = getattr(state.review_queue, "close", None)
            if callable(close):
                close()

    return lifespan


def _mount_review(app: FastAPI, state: GuardState) -> None:
    from guard.review import create_review_app, open_queue
    from guard.review.reviewers import ReviewerFile

    review = state.config.review
    assert review is not None
    review.check_credentials()
    reviewers = ReviewerFile(review.reviewers_file) if review.reviewers_file is not None else None
    token = review.shared_token() if reviewers is None else None
    state.review_queue = open_queue(review.queue)
    app.mount(
        "/review",
        create_review_app(state.review_queue, token, reviewers=reviewers, secure_cookie=review.secure_cookie),
    )


async def _healthz(request: Request) -> JSONResponse:
    state: GuardState | None = getattr(request.app.state, "guard", None)
    if state is None:
        return JSONResponse({"status": "starting"}, status_code=503)
    return JSONResponse(
        {
            "status": "ok",
            "model": state.config.model,
            "fallback_model": state.config.fallback_model,
            "policies": sorted(state.policies),
            "knowledge_bases": sorted(state.knowledge_bases),
            "in_flight_waiting": state.admission.waiting,
            "review": state.review_queue is not None,
        }
    )


async def _models(request: Request) -> JSONResponse:
    """The model names a request may use (patterns in allowed_models are listed as they are)."""
    config: ServerConfig = request.app.state.config
    names = [config.model, *DEFAULT_MODEL_ALIASES, *config.allowed_models]
    data = [{"id": name, "object": "model", "created": 0, "owned_by": "ragguard"} for name in names]
    return JSONResponse({"object": "list", "data": data})


async def _metrics(request: Request) -> PlainTextResponse:
    return PlainTextResponse(request.app.state.metrics.registry.exposition(), media_type=CONTENT_TYPE)
