"""Shared inputs of the fact-layer tests: the example knowledge base's Febrilon leaflet."""

from __future__ import annotations

from pathlib import Path

import pytest

KB = Path(__file__).resolve().parents[2] / "examples" / "kb"


@pytest.fixture(scope="session")
def febrilon_text() -> str:
    return (KB / "clinic-febrilon-childrens-suspension.md").read_text(encoding="utf-8")
