"""Parsing shared by several commands' options."""

from __future__ import annotations

from collections.abc import Iterable

import typer

__all__ = ["comma_names"]


def comma_names(text: str, allowed: Iterable[str], *, kind: str, option: str) -> list[str]:
    """The names of a comma-separated option, each one of ``allowed``.

    A usage error (exit 2) names the unknown ones, or says none was given, and lists the
    allowed names; ``kind`` is what a name is ("detector"), ``option`` the flag ("--detectors").
    """
    allowed = list(allowed)
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in allowed]
    if not names or unknown:
        raise typer.BadParameter(
            f"unknown {kind}(s) {', '.join(unknown) or '(none given)'}; choose from {', '.join(allowed)}",
            param_hint=option,
        )
    return names
