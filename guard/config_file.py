"""Reading a YAML settings file strictly, and saying what is wrong with it in one voice.

Policies (:mod:`guard.policy`) and the server settings (:mod:`guard.server.config`) are read
here: safe YAML (no arbitrary objects), duplicate keys rejected instead of the last one
silently winning, a top level that must be a mapping, and pydantic's validation errors turned
into sentences that name the file, the dotted key, the value and what is allowed.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Iterable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from guard.errors import ConfigError

__all__ = ["describe_errors", "read_mapping"]


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses duplicate keys instead of keeping the last one silently."""


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_mapping(source: Traversable | Path, display: str, keys: Iterable[str]) -> dict[str, Any]:
    """The YAML mapping in ``source`` (an empty file is ``{}``); ``keys`` are named when it is not one."""
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ConfigError(f"{display}: cannot read the file ({reason})") from None
    try:
        data = yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass: no arbitrary objects
    except yaml.YAMLError as exc:
        raise ConfigError(f"{display}: not valid YAML{_where(exc)}: {_problem(exc)}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(
            f"{display}: the top level must be a mapping of keys ({', '.join(keys)}), "
            f"not a {type(data).__name__}"
        )
    return data


def _where(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    return f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""


def _problem(exc: yaml.YAMLError) -> str:
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    return f"{problem} {context}".strip() if context else problem


# --- validation errors as sentences ---------------------------------------------------------------


def describe_errors(display: str, exc: ValidationError, root: type[BaseModel]) -> str:
    """One line per problem: ``<display>: <dotted key> = <value> is not allowed; <what to do>``."""
    return "\n".join(f"{display}: {_describe(error, root)}" for error in exc.errors())


_HINTS = {
    "float_type": "use a number",
    "float_parsing": "use a number",
    "int_type": "use a whole number",
    "int_parsing": "use a whole number",
    "int_from_float": "use a whole number",
    "bool_type": "use true or false",
    "bool_parsing": "use true or false",
    "string_type": "use a text string",
    "list_type": "use a list",
    "dict_type": "use a mapping of keys",
}


def _dotted(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _nested_model(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds, also through ``X | None``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        found = [a for a in typing.get_args(annotation) if isinstance(a, type) and issubclass(a, BaseModel)]
        return found[0] if len(found) == 1 else None
    return None


def _model_at(root: type[BaseModel], loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    model: type[BaseModel] = root
    for part in loc:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(str(part))
        nested = _nested_model(field.annotation) if field else None
        if nested is None:
            return None
        model = nested
    return model


def _quoted_choices(expected: str) -> str:
    return ", ".join(re.findall(r"'([^']*)'", expected))


def _hint(error: dict[str, Any], root: type[BaseModel]) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind in ("enum", "literal_error"):
        return f"use one of: {_quoted_choices(str(ctx.get('expected', '')))}"
    if kind in ("model_type", "model_attributes_type"):
        model = _model_at(root, error["loc"])
        keys = ", ".join(model.model_fields) if model else ""
        return f"use a mapping with the keys: {keys}"
    if kind in _HINTS:
        return _HINTS[kind]
    message = str(error["msg"]).removeprefix("Value error, ")
    return message[:1].lower() + message[1:]


def _describe(error: dict[str, Any], root: type[BaseModel]) -> str:
    loc = tuple(error["loc"])
    dotted = _dotted(loc) or "(top level)"
    if error["type"] == "extra_forbidden":
        model = _model_at(root, loc[:-1])
        where = f" under {_dotted(loc[:-1])}" if loc[:-1] else ""
        allowed = ", ".join(model.model_fields) if model else ""
        return f"unknown key {dotted!r}; allowed keys{where}: {allowed}"
    if error["type"] == "missing":
        return f"{dotted} is required"
    if not loc:  # a model-level check: its message says what is wrong
        return _hint(error, root)
    value = error.get("input")
    shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
    return f"{dotted} = {shown} is not allowed; {_hint(error, root)}"
