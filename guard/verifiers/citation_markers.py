"""Citation markers as models write them: ``[1]``, ``[1, 3]``, ``[1][2]``, ``[1-3]``, ``【1】``.

A marker is a bracket pair holding only passage numbers, separated by commas,
semicolons or spaces, with ``a-b`` ranges; an optional word "passage",
"source", "doc" or "document" before the numbers is accepted because small
models copy it from the prompt. Numbers have at most three digits so that a
bracketed year ("[2019]") is not read as a citation.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["MARKER_PATTERN", "Marker", "find_markers", "format_marker", "removal_spans", "strip_markers"]

_NUM = r"\d{1,3}"
_ITEM = rf"{_NUM}(?:\s*[-–]\s*{_NUM})?"
_LIST = rf"(?:(?:passages?|sources?|docs?|documents?)\s*)?{_ITEM}(?:\s*[,;]\s*{_ITEM}|\s+{_ITEM})*"
MARKER_PATTERN = re.compile(rf"\[\s*{_LIST}\s*\]|【\s*{_LIST}\s*】", re.IGNORECASE)

# A range wider than this is a typo or not a citation; keep only its ends.
_MAX_RANGE = 20


class Marker(NamedTuple):
    start: int
    end: int
    numbers: list[int]


def find_markers(text: str) -> list[Marker]:
    """Every citation marker in ``text`` with its span and the numbers it names, in order."""
    return [Marker(m.start(), m.end(), _numbers(m.group(0))) for m in MARKER_PATTERN.finditer(text)]


def _numbers(marker: str) -> list[int]:
    out: list[int] = []
    for lo, hi in re.findall(rf"({_NUM})(?:\s*[-–]\s*({_NUM}))?", marker):
        first = int(lo)
        last = int(hi) if hi else first
        if last < first or last - first > _MAX_RANGE:
            out.extend([first, last] if hi else [first])
        else:
            out.extend(range(first, last + 1))
    return out


def format_marker(number: int) -> str:
    return f"[{number}]"


def removal_spans(text: str, markers: list[Marker]) -> list[tuple[int, int]]:
    """Spans to cut so that the text reads as if the markers were never written.

    Each cut takes the marker and the spaces just before it, so "here [1]."
    becomes "here." rather than "here ."; line breaks stay, they separate claims.
    """
    spans: list[tuple[int, int]] = []
    floor = 0
    for marker in markers:
        start = marker.start
        while start > floor and text[start - 1].isspace() and text[start - 1] not in "\r\n":
            start -= 1
        spans.append((start, marker.end))
        floor = marker.end
    return spans


def strip_markers(text: str) -> str:
    """``text`` with its citation markers (and the space before each) removed."""
    out, pos = [], 0
    for start, end in removal_spans(text, find_markers(text)):
        out.append(text[pos:start])
        pos = end
    out.append(text[pos:])
    return "".join(out)
