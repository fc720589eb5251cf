"""`ragguard review`: serve the reviewer web page over an escalation queue, export its decisions,
and manage reviewers' credentials (``add-reviewer``, ``remove-reviewer``).

Secrets never travel on the command line (``ps`` shows it to every local user): the
shared token comes from ``RAGGUARD_REVIEW_TOKEN`` or ``--token-file``, passwords from a
prompt or standard input.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import typer

from guard.cli import app

__all__ = ["review"]

TOKEN_ENV = "RAGGUARD_REVIEW_TOKEN"
review_app = typer.Typer(help="The human review of escalated answers.", invoke_without_command=True)
app.add_typer(review_app, name="review")


@review_app.callback(invoke_without_command=True)
def review(
    ctx: typer.Context,
    queue: str | None = typer.Option(None, "--queue", "-q", help="Queue file (SQLite) or postgresql:// URL."),
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8765, min=1, max=65535, help="Port to listen on."),
    reviewers: Path | None = typer.Option(
        None,
        "--reviewers",
        help="Reviewers file (add-reviewer): each reviewer logs in with their own password.",
    ),
    token_file: Path | None = typer.Option(
        None, "--token-file", help=f"File holding the shared token (else ${TOKEN_ENV}); without --reviewers."
    ),
    secure_cookie: bool = typer.Option(
        False, "--secure-cookie", help="Mark the session cookie Secure (behind an HTTPS proxy)."
    ),
    export: Path | None = typer.Option(
        None, "--export", help="Write the decided items as golden-set JSONL to this file and exit."
    ),
) -> None:
    """Serve the page where reviewers approve, edit or reject escalated answers."""
    if ctx.invoked_subcommand is not None:
        return
    if queue is None:
        raise typer.BadParameter(
            "give the escalation queue: --queue FILE or postgresql:// URL", param_hint="--queue"
        )
    token = None
    if export is None and reviewers is None:
        token = read_token(token_file)
    from guard.review import open_queue

    store = open_queue(queue)
    try:
        if export is not None:
            _export(store, export)
            return
        _serve(store, token, reviewers, host, port, secure_cookie)
    finally:
        store.close()


def read_token(token_file: Path | None) -> str:
    """The shared review token from ``token_file`` or ``$RAGGUARD_REVIEW_TOKEN`` (usage error if neither)."""
    if token_file is not None:
        try:
            token = token_file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise typer.BadParameter(f"cannot read {token_file}: {exc}", param_hint="--token-file") from None
    else:
        token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        raise typer.BadParameter(
            f"refusing to serve escalated content without credentials: set {TOKEN_ENV}, pass --token-file, "
            "or give reviewers their own passwords (add-reviewer, then --reviewers)",
            param_hint="--token-file",
        )
    return token


@review_app.command("add-reviewer")
def add_reviewer(
    name: str = typer.Argument(..., help="The reviewer's name (letters, digits, _ . @ -)."),
    reviewers: Path = typer.Option(..., "--reviewers", help="Reviewers file (created 0600 if missing)."),
    password_stdin: bool = typer.Option(
        False, "--password-stdin", help="Read the password from standard input instead of a prompt."
    ),
) -> None:
    """Add a reviewer (or set a new password): only its argon2 hash is stored."""
    from guard.review.reviewers import ReviewerFile

    if password_stdin:
        password = typer.get_text_stream("stdin").readline().rstrip("\r\n")
    else:
        password = typer.prompt(f"Password for {name}", hide_input=True, confirmation_prompt=True)
    ReviewerFile(reviewers).add(name, password)
    typer.echo(f"reviewer {name} saved in {reviewers}")


@review_app.command("remove-reviewer")
def remove_reviewer(
    name: str = typer.Argument(...),
    reviewers: Path = typer.Option(..., "--reviewers", help="Reviewers file."),
) -> None:
    """Remove a reviewer: their sessions end at their next request."""
    from guard.review.reviewers import ReviewerFile

    if not ReviewerFile(reviewers).remove(name):
        typer.secho(f"error: no reviewer {name!r} in {reviewers}", fg=typer.colors.RED, err=True)
        raise typer.Exit(1)
    typer.echo(f"reviewer {name} removed from {reviewers}")


def _export(store, export: Path) -> None:
    from guard.review.golden_export import golden_records, write_golden

    try:
        count = write_golden(golden_records(store), export)
    except OSError as exc:
        typer.secho(f"error: cannot write {export}: {exc.strerror or exc}", fg=typer.colors.RED, err=True)
        raise typer.Exit(1) from None
    typer.echo(f"wrote {count} reviewed case(s) to {export}")


def _serve(
    store, token: str | None, reviewers: Path | None, host: str, port: int, secure_cookie: bool
) -> None:
    import uvicorn

    from guard.review.reviewers import ReviewerFile
    from guard.review.web import create_review_app

    warn_plain_http(host, secure_cookie, "--secure-cookie")
    page = create_review_app(
        store,
        token,
        reviewers=ReviewerFile(reviewers) if reviewers is not None else None,
        secure_cookie=secure_cookie,
    )
    typer.echo(f"review page on http://{host}:{port}/ (queue {store!r}); Ctrl-C stops it", err=True)
    uvicorn.run(page, host=host, port=port, log_level="warning")


def warn_plain_http(host: str, secure_cookie: bool, flag: str) -> None:
    """A warning when a non-loopback address serves plain HTTP (passwords and cookies in clear)."""
    if _is_loopback(host):
        return
    typer.secho(
        f"warning: serving plain HTTP on {host}: logins and session cookies cross the network unencrypted. "
        "Put a TLS-terminating proxy in front"
        + ("" if secure_cookie else f" and pass {flag} so browsers send the cookie over HTTPS only")
        + ".",
        fg=typer.colors.YELLOW,
        err=True,
    )


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
