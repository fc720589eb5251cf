"""``POST /v1/verify``: the detect-only API over HTTP (no model call).

The request is verified under the selected policy (``X-Guard-Policy`` or the server's
default): :meth:`~guard.policy.Policy.verification_settings` gives its verifiers (or the
request's own list), support threshold, deadline and refusal sentence, so a team checking
its own pipeline's answers sees the same verdicts the guard would act on. The response is the
whole :class:`Verification`, ``unsupported_spans`` included (offsets into ``answer``).
"""

from __future__ import annotations

from fastapi import APIRouter, Header, Request

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
    from guard.verifiers.api import averify

    guard: GuardState = request.app.state.guard
    policy = guard.policy(x_guard_policy)
    check_verify(body, guard.config.limits, len(body.verifiers or policy.verifiers))
    async with guard.admission.slot():
        verification = await averify(
            question=body.question,
            contexts=[_passage(i, c) for i, c in enumerate(body.contexts, start=1)],
            answer=body.answer,
            generator=body.generator or body.model,
            settings=policy.verification_settings(body.verifiers or None),
        )
    request.app.state.metrics.observe_stages(verification.timings, prefix="verify.")
    return verification


def _passage(number: int, context: str | ContextPassage) -> Passage:
    if isinstance(context, str):
        return Passage(id=str(number), text=context)  # citation [n] is contexts[n-1]
    return Passage(id=context.id, text=context.text, source=context.source, title=context.title)
