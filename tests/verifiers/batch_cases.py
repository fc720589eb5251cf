"""Inputs for the batch tests: RAGTruth dev rows, example drafts and edge cases."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from guard.verifiers.batch import VerifyItem
from guard.verifiers.types import Verification
from retrievers.types import Passage

REPO = Path(__file__).resolve().parents[2]
RAGTRUTH = REPO.parent / "shared" / "data" / "ragtruth"


def ragtruth_items(per_task: int = 8) -> list[VerifyItem]:
    """RAGTruth dev responses of each task, sources shared by several of them (as in the data)."""
    from guard.eval.records import load_ragtruth_split

    if not RAGTRUTH.is_dir():
        pytest.skip(f"RAGTruth is not at {RAGTRUTH}")
    items = []
    for task in ("QA", "Summary", "Data2txt"):
        records = load_ragtruth_split(RAGTRUTH, "dev", tasks=[task])[:per_task]
        items += [VerifyItem(question=r.question, contexts=r.contexts, answer=r.answer, generator=r.model)
                  for r in records]
    return items


def draft_items(count: int = 10) -> list[VerifyItem]:
    """The example drafts: cited answers over markdown passages with tables, passed as Passages."""
    rows = [json.loads(line) for line in (REPO / "examples" / "drafts.jsonl").read_text().splitlines()][:count]
    return [
        VerifyItem(
            question=row["question"],
            contexts=[Passage(id=str(i), text=c["text"], source=c["source"]) for i, c in enumerate(row["contexts"], 1)],
            answer=row["draft"],
        )
        for row in rows
    ]


EDGE_CASES = [
    VerifyItem(question="What is it?", contexts=[], answer="It was built in 1889 by Gustave Eiffel."),
    VerifyItem(question="What is it?", contexts=["The tower is 330 metres tall."], answer=""),
    VerifyItem(question="What is it?", contexts=["The tower is 330 metres tall.", ""], answer="It is tall [2][9]."),
]


# On CPUs whose kernels depend on a batch's shape (seen on one with AVX-512 VNNI and AMX, 2026-12-03), a
# text embedded with others gets a vector that differs from its own by up to 7e-5 an element (cosine of
# the two 0.9999999), and the scores built on those vectors differ from one-by-one calls by up to ~3e-4 (cosine
# 0.92849 against 0.92836, support 0.66195 against 0.66225). Labels, rules, spans, decisions and every
# other field must be equal; numbers within these tolerances (the behaviour recording's 2e-3).
REL_TOL = 1e-3
ABS_TOL = 2e-3


def comparable(report: Verification) -> dict:
    """A report as JSON without its timings (which differ from run to run)."""
    dumped = report.model_dump(mode="json")
    dumped.pop("timings")
    return dumped


def assert_same(actual, expected, where: str = "report", *, rel_tol: float = REL_TOL, abs_tol: float = ABS_TOL) -> None:
    """``actual == expected`` for dumped reports, floats compared within ``rel_tol`` / ``abs_tol``."""
    if isinstance(expected, float) or isinstance(actual, float):
        assert isinstance(actual, (int, float)) and isinstance(expected, (int, float)), f"{where}: {actual!r} != {expected!r}"
        assert math.isclose(actual, expected, rel_tol=rel_tol, abs_tol=abs_tol), f"{where}: {actual!r} != {expected!r}"
    elif isinstance(expected, dict):
        assert isinstance(actual, dict) and actual.keys() == expected.keys(), f"{where}: keys differ"
        for key in expected:
            assert_same(actual[key], expected[key], f"{where}.{key}", rel_tol=rel_tol, abs_tol=abs_tol)
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r} != {expected!r}"
        for n, (a, e) in enumerate(zip(actual, expected)):
            assert_same(a, e, f"{where}[{n}]", rel_tol=rel_tol, abs_tol=abs_tol)
    elif isinstance(expected, str) and isinstance(actual, str) and _NUMBER.search(expected):
        _assert_same_text(actual, expected, where, rel_tol=rel_tol, abs_tol=abs_tol)
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


# Reasons print scores ("support 0.56, below 0.70"): the words must be equal, each printed number within the
# tolerance plus one unit of its last printed place (a score within tolerance can round the other way).
_NUMBER = re.compile(r"\d+(?:\.(\d+))?")


def _assert_same_text(actual: str, expected: str, where: str, *, rel_tol: float, abs_tol: float) -> None:
    same_words = _NUMBER.sub("#", actual) == _NUMBER.sub("#", expected)
    assert same_words, f"{where}: {actual!r} != {expected!r}"
    for a, e in zip(_NUMBER.finditer(actual), _NUMBER.finditer(expected)):
        if e.group(1) is None:  # whole numbers (counts, ids, ages) are never scores: exactly equal
            assert a.group() == e.group(), f"{where}: {actual!r} != {expected!r}"
            continue
        place = 10.0 ** -len(e.group(1))
        close = math.isclose(float(a.group()), float(e.group()), rel_tol=rel_tol, abs_tol=abs_tol + place)
        assert close, f"{where}: {actual!r} != {expected!r}"
