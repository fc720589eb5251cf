"""The reviewer web page: log in, pick an escalated item, decide it.

``create_review_app(queue, reviewers=ReviewerFile(...))`` returns a FastAPI app that
``ragguard review`` serves on its own and the HTTP server mounts at ``/review``.
Reviewers log in with their own name and password (argon2 hashes written by
``ragguard review add-reviewer``), so every decision carries an identity that was
checked. A shared ``token`` still works, for one-person set-ups: then the name typed at
login is taken on trust (a warning says so). Pages are rendered on the server from the
package's Jinja templates, with autoescaping on: passages and drafts are untrusted
text. Hardening:

- every route but ``/login`` needs the session cookie (pages redirect to the login
  form, everything else answers 401); the cookie is HttpOnly, SameSite=Strict and
  holds only a random id: sessions live in the queue's database (shared by every
  process), so logging out ends one, and removing a reviewer ends theirs;
- failed logins are logged and limited per address and per name (429 past the
  budget, right password or not);
- every POST, the login included, carries a CSRF token in a hidden field and is
  refused (403) without it or from another origin;
- the Content-Security-Policy allows no script at all and only the page's own
  inline style; responses are not cached and may not be framed.

Opening an open item claims it for the reviewer (a lease, renewed on each visit), so
two reviewers do not work on the same item; the other sees who holds it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from importlib.resources import files
from typing import Any
from urllib.parse import urlencode, urlsplit

import jinja2
from fastapi import FastAPI, Form, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from guard.errors import InputError
from guard.observability import get_logger
from guard.review.golden_export import golden_jsonl, golden_records
from guard.review.highlight import draft_segments, sentence_segments
from guard.review.items import DECIDED_STATUSES, OPEN_STATUSES, EscalationItem, ItemFilter, ItemStatus
from guard.review.queue import DEFAULT_LEASE_S, ItemNotFoundError, ReviewConflictError, ReviewQueue
from guard.review.reviewers import ReviewerFile
from guard.review.sessions import LoginThrottle, Session, SessionStore, check_token

__all__ = ["COOKIE_NAME", "create_review_app"]

COOKIE_NAME = "ragguard_review"
LOGIN_COOKIE_NAME = "ragguard_review_login"
_log = get_logger(__name__)
_SESSION_MAX_AGE_S = 12 * 3600
_STATUS_CHOICES = {
    "open": list(OPEN_STATUSES),
    "decided": list(DECIDED_STATUSES),
    **{s.value: [s] for s in ItemStatus},
    "all": [],
}


class _LoginRequired(Exception):
    """Raised by routes when the request carries no valid session."""


class _Forbidden(Exception):
    """A POST without the session's CSRF token, or from another origin."""


def create_review_app(
    queue: ReviewQueue,
    token: str | None = None,
    *,
    reviewers: ReviewerFile | None = None,
    lease_s: float = DEFAULT_LEASE_S,
    session_max_age_s: float = _SESSION_MAX_AGE_S,
    secure_cookie: bool = False,
    login_throttle: LoginThrottle | None = None,
    clock: Callable[[], float] = time.time,
) -> FastAPI:
    """The review app over ``queue``: reviewers log in with their ``reviewers`` credentials,
    or, without a reviewers file, with the shared ``token`` (16+ characters).

    ``secure_cookie`` adds the Secure flag (set it when the page is served over HTTPS;
    it is added anyway when the request arrives as https).
    """
    if reviewers is None:
        token = check_token(token)
        _log.warning(
            "review.shared_token",
            note="anyone with the token may log in under any name; give reviewers their own "
            "passwords with `ragguard review add-reviewer`",
        )
    # Sessions belong to the credentials: a new shared token ends every session made with the old one.
    realm = "reviewers" if reviewers is not None else hashlib.sha256((token or "").encode()).hexdigest()
    sessions = SessionStore(max_age_s=session_max_age_s, clock=clock, queue=queue, realm=realm)
    throttle = login_throttle or LoginThrottle()

    def credentials_match(reviewer: str, secret: str) -> bool:
        if reviewers is not None:
            return reviewers.verify(reviewer, secret)
        return _constant_equal(secret, token or "")
    css = (files("guard.review") / "templates" / "review.css").read_text(encoding="utf-8")
    templates = _templates(css)
    headers = _security_headers(css)
    app = FastAPI(title="ragguard review", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.review_queue = queue
    app.state.sessions = sessions

    @app.middleware("http")
    async def _harden(request: Request, call_next):
        response = await call_next(request)
        response.headers.update(headers)
        return response

    @app.exception_handler(_LoginRequired)
    async def _login_required(request: Request, _exc: _LoginRequired):
        if request.method == "GET" and not request.url.path.endswith(".jsonl"):
            return RedirectResponse(_href(request, "/login"), status_code=303)
        return PlainTextResponse("Log in with the review token first.", status_code=401)

    def session_of(request: Request) -> Session:
        session = sessions.read(request.cookies.get(COOKIE_NAME))
        if session is None:
            raise _LoginRequired()
        if reviewers is not None and not reviewers.exists(session.reviewer):
            sessions.revoke_reviewer(session.reviewer)  # removed from the reviewers file
            raise _LoginRequired()
        return session

    def checked_post(request: Request, csrf: str) -> Session:
        session = session_of(request)
        if not _same_origin(request) or not _constant_equal(csrf, session.csrf):
            raise _Forbidden()
        return session

    def page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
        for key in ("session", "error", "done"):
            context.setdefault(key, None)
        return templates.TemplateResponse(
            request,
            name,
            {"css": css, "href": lambda path: _href(request, path), **context},
            status_code=status_code,
        )

    @app.exception_handler(_Forbidden)
    async def _forbidden(_request: Request, _exc: _Forbidden):
        return PlainTextResponse("Refused: the form's CSRF token or origin is wrong; reload the page.", 403)

    # --- login ---------------------------------------------------------------------------------

    def login_page(request: Request, status_code: int = 200, **context: Any) -> HTMLResponse:
        # Login CSRF: the form's token must match a cookie only this site's page can have set.
        nonce = secrets.token_urlsafe(24)
        response = page(
            request,
            "login.html",
            status_code=status_code,
            login_csrf=nonce,
            per_reviewer=reviewers is not None,
            **context,
        )
        response.set_cookie(
            LOGIN_COOKIE_NAME,
            nonce,
            max_age=3600,
            path=_cookie_path(request),
            httponly=True,
            samesite="strict",
            secure=secure_cookie or request.url.scheme == "https",
        )
        return response

    @app.get("/login", response_class=HTMLResponse, name="login")
    def login_form(request: Request):
        return login_page(request)

    @app.post("/login")
    def login(request: Request, token: str = Form(""), reviewer: str = Form(""), csrf: str = Form("")):
        reviewer = reviewer.strip()
        if not _same_origin(request) or not _constant_equal(csrf, request.cookies.get(LOGIN_COOKIE_NAME, "")):
            raise _Forbidden()
        address = request.client.host if request.client else "unknown"
        keys = (f"address:{address}", f"reviewer:{reviewer.lower()[:200]}")
        wait_s = throttle.wait_s(*keys)
        if wait_s > 0:
            _log.warning("review.login_throttled", reviewer=reviewer[:200], client=address)
            problem = f"Too many failed logins; try again in {wait_s:.0f} s."
            return login_page(request, 429, error=problem, reviewer=reviewer)
        if not reviewer or len(reviewer) > 200:
            return login_page(request, 401, error="Give your name or reviewer id.", reviewer=reviewer)
        if not credentials_match(reviewer, token):
            throttle.failed(*keys)
            _log.warning("review.login_failed", reviewer=reviewer[:200], client=address)
            problem = "Wrong name or password." if reviewers is not None else "Wrong token."
            return login_page(request, 401, error=problem, reviewer=reviewer)
        _session, cookie = sessions.issue(reviewer)
        _log.info("review.login", reviewer=reviewer, client=address)
        response = RedirectResponse(_href(request, "/"), status_code=303)
        response.delete_cookie(
            LOGIN_COOKIE_NAME, path=_cookie_path(request), httponly=True, samesite="strict"
        )
        response.set_cookie(
            COOKIE_NAME,
            cookie,
            max_age=int(session_max_age_s),
            path=_cookie_path(request),
            httponly=True,
            samesite="strict",
            secure=secure_cookie or request.url.scheme == "https",
        )
        return response

    @app.post("/logout")
    def logout(request: Request, csrf: str = Form("")):
        checked_post(request, csrf)
        sessions.revoke(request.cookies.get(COOKIE_NAME))
        response = RedirectResponse(_href(request, "/login"), status_code=303)
        response.delete_cookie(COOKIE_NAME, path=_cookie_path(request), httponly=True, samesite="strict")
        return response

    # --- the queue -----------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    def queue_page(
        request: Request,
        status: str = "open",
        policy: str = "",
        reason: str = "",
        min_age_min: str = "",
        max_age_min: str = "",
        done: str = "",
    ):
        session = session_of(request)
        filters = {
            "status": status,
            "policy": policy,
            "reason": reason,
            "min_age_min": min_age_min,
            "max_age_min": max_age_min,
        }
        try:
            where = _item_filter(status, policy, reason, min_age_min, max_age_min)
        except InputError as exc:
            return page(
                request,
                "queue.html",
                status_code=400,
                session=session,
                error=str(exc),
                items=[],
                counts=queue.counts(),
                filters=filters,
                reasons=_REASONS,
                statuses=list(_STATUS_CHOICES),
                now=_now(clock),
            )
        return page(
            request,
            "queue.html",
            session=session,
            items=queue.list_items(where),
            counts=queue.counts(),
            filters=filters,
            reasons=_REASONS,
            statuses=list(_STATUS_CHOICES),
            done=done,
            now=_now(clock),
        )

    @app.post("/next")
    def review_next(request: Request, csrf: str = Form("")):
        session = checked_post(request, csrf)
        item = queue.claim(session.reviewer, lease_s=lease_s)
        target = f"/items/{item.id}" if item else "/?" + urlencode({"done": "nothing left to review"})
        return RedirectResponse(_href(request, target), status_code=303)

    @app.get("/export.jsonl")
    def export(request: Request):
        session_of(request)
        return Response(
            golden_jsonl(golden_records(queue)),
            media_type="application/x-ndjson",
            headers={"Content-Disposition": 'attachment; filename="review-golden.jsonl"'},
        )

    # --- one item ------------------------------------------------------------------------------

    @app.get("/items/{item_id}", response_class=HTMLResponse)
    def item_page(request: Request, item_id: str):
        session = session_of(request)
        try:
            item = queue.get(item_id)
        except ItemNotFoundError as exc:
            return page(request, "message.html", status_code=404, session=session, message=str(exc))
        if item.status in OPEN_STATUSES:
            item = queue.claim(session.reviewer, item_id=item_id, lease_s=lease_s) or queue.get(item_id)
        return item_view(request, session, item)

    def item_view(
        request: Request,
        session: Session,
        item: EscalationItem,
        error: str = "",
        status_code: int = 200,
        **form: str,
    ) -> HTMLResponse:
        now = _now(clock)
        return page(
            request,
            "item.html",
            status_code=status_code,
            session=session,
            item=item,
            error=error,
            segments=draft_segments(item.draft, item.claims),
            evidence=[_evidence(item, claim) for claim in item.claims if claim.flagged],
            editable=item.status in OPEN_STATUSES and not item.held_by_other(session.reviewer, now),
            events=queue.events(item.id),
            now=now,
            form=form,
        )

    def decide(
        request: Request, item_id: str, csrf: str, act: Callable[[str], EscalationItem], **form: str
    ) -> Response:
        session = checked_post(request, csrf)
        try:
            item = act(session.reviewer)
        except ItemNotFoundError as exc:
            return page(request, "message.html", status_code=404, session=session, message=str(exc))
        except (ReviewConflictError, InputError) as exc:
            code = 409 if isinstance(exc, ReviewConflictError) else 400
            return item_view(request, session, queue.get(item_id), str(exc), code, **form)
        done = f"{item.status.value} item {item.id}"
        return RedirectResponse(_href(request, "/?" + urlencode({"done": done})), status_code=303)

    @app.post("/items/{item_id}/approve")
    def approve(request: Request, item_id: str, csrf: str = Form(""), comment: str = Form("")):
        return decide(
            request, item_id, csrf, lambda me: queue.approve(item_id, me, comment=comment), comment=comment
        )

    @app.post("/items/{item_id}/edit")
    def edit(
        request: Request,
        item_id: str,
        csrf: str = Form(""),
        comment: str = Form(""),
        final_answer: str = Form(""),
    ):
        return decide(
            request,
            item_id,
            csrf,
            lambda me: queue.edit(item_id, me, final_answer, comment=comment),
            comment=comment,
            final_answer=final_answer,
        )

    @app.post("/items/{item_id}/reject")
    def reject(request: Request, item_id: str, csrf: str = Form(""), comment: str = Form("")):
        return decide(
            request, item_id, csrf, lambda me: queue.reject(item_id, me, comment=comment), comment=comment
        )

    @app.post("/items/{item_id}/release")
    def release(request: Request, item_id: str, csrf: str = Form("")):
        session = checked_post(request, csrf)
        try:
            queue.release(item_id, session.reviewer)
        except (ItemNotFoundError, ReviewConflictError) as exc:
            return page(request, "message.html", status_code=409, session=session, message=str(exc))
        return RedirectResponse(_href(request, "/?" + urlencode({"done": f"released item {item_id}"})), 303)

    return app


def _reasons() -> list[str]:
    from guard.policy import Condition

    return [c.value for c in Condition]


_REASONS = _reasons()


def _item_filter(status: str, policy: str, reason: str, min_age_min: str, max_age_min: str) -> ItemFilter:
    if status not in _STATUS_CHOICES:
        raise InputError(f"Unknown status {status!r}; use one of {', '.join(_STATUS_CHOICES)}.")
    if reason and reason not in _REASONS:
        raise InputError(f"Unknown reason {reason!r}; use one of {', '.join(_REASONS)}.")
    return ItemFilter(
        statuses=_STATUS_CHOICES[status],
        policy=policy.strip() or None,
        reason=reason or None,
        min_age_s=_minutes(min_age_min, "older than"),
        max_age_s=_minutes(max_age_min, "newer than"),
        limit=500,
    )


def _minutes(value: str, what: str) -> float | None:
    if not value.strip():
        return None
    try:
        minutes = float(value)
    except ValueError:
        minutes = -1.0
    if not minutes >= 0:
        raise InputError(f"'{what}' must be a number of minutes, got {value!r}.")
    return minutes * 60.0


def _evidence(item: EscalationItem, claim) -> dict[str, Any]:
    # imported here: it loads the fact layer (about 0.5 s), which the rest of the review app never needs
    from guard.verifiers.verdict import describe_rule

    passage = item.passage(claim.best_passage_id)
    return {
        "claim": claim,
        "passage": passage,
        "pieces": sentence_segments(passage.text, claim.best_sentence) if passage else [],
        # read at render time, so an item stored earlier shows this version's wording
        "rule_text": describe_rule(claim.rule),
    }


def _templates(css: str) -> Jinja2Templates:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("guard.review", "templates"),
        autoescape=True,  # every value is escaped unless a template says otherwise
        undefined=jinja2.StrictUndefined,
    )
    env.filters["ago"] = _ago
    env.filters["utc"] = lambda moment: moment.strftime("%Y-%m-%d %H:%M UTC") if moment else ""
    return Jinja2Templates(env=env)


def _security_headers(css: str) -> dict[str, str]:
    style_hash = base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii")
    return {
        "Content-Security-Policy": (
            f"default-src 'none'; style-src 'sha256-{style_hash}'; form-action 'self'; "
            "frame-ancestors 'none'; base-uri 'none'"
        ),
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        # same-origin, not no-referrer: under no-referrer Chromium sends "Origin: null" on form
        # posts, which the origin check must refuse; other sites still get no referrer.
        "Referrer-Policy": "same-origin",
        "Cache-Control": "no-store",
    }


def _href(request: Request, path: str) -> str:
    """``path`` inside this app, wherever it is mounted."""
    return request.scope.get("root_path", "").rstrip("/") + path


def _cookie_path(request: Request) -> str:
    return request.scope.get("root_path", "").rstrip("/") or "/"


def _same_origin(request: Request) -> bool:
    # Browsers send Origin on POST; when present it must be this host.
    origin = request.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == request.headers.get("host", "")


def _constant_equal(given: str, expected: str) -> bool:
    return bool(given) and hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def _now(clock: Callable[[], float]) -> datetime:
    return datetime.fromtimestamp(clock(), tz=UTC)


def _ago(moment: datetime | None, now: datetime) -> str:
    if moment is None:
        return ""
    seconds = max(0.0, (now - moment).total_seconds())
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.0f} {unit}"
    return f"{seconds:.0f} s"
