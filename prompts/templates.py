"""The one render function: a template file in, chat messages out.

A template is a text file in this folder made of sections, each opened by a line holding
only ``[system]``, ``[user]`` or ``[assistant]``. Fields are ``$name`` / ``${name}``
(``string.Template``; ``$$`` is a literal dollar). The file is cut into sections *before*
the fields are filled in, so no field value, however crafted, can open a new turn.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from string import Template
from typing import Literal, TypedDict

from guard.errors import ConfigError

__all__ = ["TEMPLATE_DIR", "Message", "render", "template_fields"]

TEMPLATE_DIR = Path(__file__).resolve().parent
_SECTION = re.compile(r"^\[(system|user|assistant)\][ \t]*$", re.MULTILINE)

Role = Literal["system", "user", "assistant"]


class Message(TypedDict):
    """A chat message in the shape litellm and every OpenAI-style API take."""

    role: Role
    content: str


def render(name: str, /, **fields: str) -> list[Message]:
    """Fill the template ``<name>.txt`` with ``fields``; every field it uses, and no other, is required."""
    path, sections = _load(name)
    wanted = template_fields(name)
    missing = sorted(wanted - fields.keys())
    unknown = sorted(fields.keys() - wanted)
    if missing or unknown:
        problems = [f"missing field(s) {missing}"] * bool(missing) + [f"unknown field(s) {unknown}"] * bool(
            unknown
        )
        raise ConfigError(
            f"prompt template {path}: {'; '.join(problems)}; the template uses {sorted(wanted)}"
        )
    for key, value in fields.items():
        if not isinstance(value, str):
            raise ConfigError(
                f"prompt template {path}: field '{key}' must be text, got {type(value).__name__}"
            )
    return [Message(role=role, content=template.substitute(fields)) for role, template in sections]


def template_fields(name: str) -> set[str]:
    """The field names the template ``<name>.txt`` uses."""
    _, sections = _load(name)
    return {field for _, template in sections for field in template.get_identifiers()}


@cache
def _load(name: str) -> tuple[Path, tuple[tuple[Role, Template], ...]]:
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise ConfigError(f"prompt template name {name!r} must be lowercase letters, digits and '_'")
    path = TEMPLATE_DIR / f"{name}.txt"
    if not path.is_file():
        known = sorted(p.stem for p in TEMPLATE_DIR.glob("*.txt"))
        raise ConfigError(f"prompt template {path} does not exist; known templates: {known}")
    sections = _split(path, path.read_text(encoding="utf-8"))
    for _, template in sections:
        if not template.is_valid():
            raise ConfigError(
                f"prompt template {path}: a '$' is not followed by a field name; write '$$' for a literal dollar"
            )
    return path, sections


def _split(path: Path, text: str) -> tuple[tuple[Role, Template], ...]:
    headers = list(_SECTION.finditer(text))
    if not headers or text[: headers[0].start()].strip():
        raise ConfigError(
            f"prompt template {path} must start with a section line: [system], [user] or [assistant]"
        )
    ends = [h.start() for h in headers[1:]] + [len(text)]
    sections = tuple(
        (header.group(1), Template(text[header.end() : end].strip("\n")))
        for header, end in zip(headers, ends, strict=True)
    )
    for role, template in sections:
        if not template.template.strip():
            raise ConfigError(f"prompt template {path}: the [{role}] section is empty")
    return sections  # type: ignore[return-value]
