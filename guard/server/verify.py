"""``POST /v1/verify``: the detect-only API over HTTP (no model call).

The request is verified under the selected policy (``X-Guard-Policy`` or the server's
default): :meth:`~guard.policy.Policy.verification_settings` gives its verifiers (or the
request's own list), support threshold, deadline and refusal sentence, so a team checking
its own pipeline's answers sees the same verdicts the guard would act on. The response is the
whole :class:`Verification`, ``unsupported_spans`` included (offsets into ``answer``).

Requests are verified in micro-batches with other clients' requests under the same policy
(:mod:`guard.server.batching`), on the worker pool: the event loop never runs model work.
"""

from __future__ import annotations

from fastapi import APIRouter, Header, Request

from guard.server.batching import VerifyItem
from guard.server.limits import check_verify
from guard.server.schemas import ContextPassage, VerifyRequest
from guard.server.state import GuardState
from guard.verifiers.types import Verification
from retrievers.types import Passage

__all__ = ["router"]

router = APIRouter()


@router.post("/v1/verify", response_model=Verification)
async def verify(
    body: VerifyRequest, request: Request, x_guard_policy: str | None = Header(None)
) -> Verification:
    from guard.verifiers.api import as_passages

    guard: GuardState = request.app.state.guard
    policy = guard.policy(x_guard_policy)
    check_verify(body, guard.config.limits, len(body.verifiers or policy.verifiers))
    # Checked here (cheap) so that a malformed request is refused before it joins a batch.
    contexts = as_passages([_passage(i, c) for i, c in enumerate(body.contexts, start=1)])
    item = VerifyItem(
        question=body.question, contexts=contexts, answer=body.answer, generator=body.generator or body.model
    )
    async with guard.admission.slot():
        settings = await guard.verification_settings(policy, body.verifiers or None)
        verification = await guard.batcher.verify(item, settings)
    request.app.state.metrics.observe_stages(verification.timings, prefix="verify.")
    return verification


def _passage(number: int, context: str | ContextPassage) -> Passage:
    if isinstance(context, str):
        return Passage(id=str(number), text=context)  # citation [n] is contexts[n-1]
    return Passage(id=context.id, text=context.text, source=context.source, title=context.title)
