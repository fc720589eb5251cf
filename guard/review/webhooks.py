"""Decision webhooks: a signed JSON POST to each registered URL when an item is decided.

The body is signed like GitHub's webhooks: header ``X-Ragguard-Signature-256`` holds
``sha256=<hex HMAC-SHA256 of the raw body, keyed with the webhook's secret>``. Check it
with :func:`verify_signature` before trusting the body. Network errors, timeouts, 408,
429 and 5xx answers are retried a few times with exponential back-off; any other answer
is final. A decision writes one outbox row per webhook in its own transaction; a
background worker of the queue delivers them (``flush_webhooks`` waits for it), so a
slow hook never delays a reviewer, a failed delivery never undoes a decision, and a
crash before delivery loses nothing: the next process to open the queue sends it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid

import httpx
from pydantic import BaseModel
from tenacity import RetryError, Retrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from guard.review.items import EscalationItem, Webhook

__all__ = [
    "DELIVERY_HEADER",
    "EVENT_HEADER",
    "SIGNATURE_HEADER",
    "DeliveryResult",
    "DeliverySettings",
    "decision_payload",
    "deliver",
    "sign",
    "verify_signature",
]

SIGNATURE_HEADER = "X-Ragguard-Signature-256"
EVENT_HEADER = "X-Ragguard-Event"
DELIVERY_HEADER = "X-Ragguard-Delivery"
DECIDED_EVENT = "review.decided"
_RETRY_STATUSES = {408, 429}


class DeliverySettings(BaseModel):
    attempts: int = 4
    wait_s: float = 0.5  # first back-off; doubles each retry, capped at 8 s
    timeout_s: float = 5.0


class DeliveryResult(BaseModel):
    delivery_id: str
    ok: bool
    attempts: int
    status_code: int | None = None
    error: str = ""

    def describe(self, url: str) -> str:
        answer = f"HTTP {self.status_code}" if self.status_code is not None else self.error
        return f"{url} delivery {self.delivery_id}: {answer} after {self.attempts} attempt(s)"


class _Retryable(Exception):
    def __init__(self, message: str, status_code: int | None = None):
        super().__init__(message)
        self.status_code = status_code


def decision_payload(item: EscalationItem, delivery_id: str) -> bytes:
    """The JSON body: enough for the application to show the final answer."""
    decision = item.decision
    body = {
        "event": DECIDED_EVENT,
        "delivery_id": delivery_id,
        "item_id": item.id,
        "trace_id": item.trace_id,
        "status": item.status.value,
        "final_answer": item.final_answer,
        "reviewer": decision.reviewer if decision else None,
        "comment": decision.comment if decision else "",
        "decided_at": decision.decided_at.isoformat() if decision else None,
    }
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def verify_signature(secret: str, body: bytes, header: str | None) -> bool:
    """True when ``header`` is the signature of ``body`` under ``secret`` (constant-time check)."""
    return header is not None and hmac.compare_digest(sign(secret, body), header)


def deliver(hook: Webhook, item: EscalationItem, settings: DeliverySettings) -> DeliveryResult:
    """POST the decision on ``item`` to ``hook``; never raises, the result says what happened."""
    delivery_id = uuid.uuid4().hex
    body = decision_payload(item, delivery_id)
    headers = {
        "Content-Type": "application/json",
        EVENT_HEADER: DECIDED_EVENT,
        DELIVERY_HEADER: delivery_id,
        SIGNATURE_HEADER: sign(hook.secret, body),
    }
    retrying = Retrying(
        stop=stop_after_attempt(settings.attempts),
        wait=wait_exponential(multiplier=settings.wait_s, max=8),
        retry=retry_if_exception_type(_Retryable),
    )
    # Redirects are not followed: a signed body must reach the URL that was registered.
    with httpx.Client(timeout=settings.timeout_s, follow_redirects=False) as client:
        try:
            status = retrying(_post_once, client, hook.url, body, headers)
        except RetryError as exc:
            last = exc.last_attempt.exception()
            code = getattr(last, "status_code", None)
            return DeliveryResult(
                delivery_id=delivery_id,
                ok=False,
                attempts=exc.last_attempt.attempt_number,
                status_code=code,
                error=str(last),
            )
    attempts = retrying.statistics.get("attempt_number", 1)
    return DeliveryResult(
        delivery_id=delivery_id, ok=200 <= status < 300, attempts=attempts, status_code=status
    )


def _post_once(client: httpx.Client, url: str, body: bytes, headers: dict[str, str]) -> int:
    try:
        response = client.post(url, content=body, headers=headers)
    except httpx.HTTPError as exc:
        raise _Retryable(f"{type(exc).__name__}: {exc}") from exc
    if response.status_code in _RETRY_STATUSES or response.status_code >= 500:
        raise _Retryable(f"HTTP {response.status_code}", response.status_code)
    return response.status_code
