"""Shared fixtures for the retrieval tests: a small document folder and its index."""

from __future__ import annotations

from pathlib import Path

import pytest
from retrieval_helpers import write_docs


@pytest.fixture(scope="module")
def docs_dir(tmp_path_factory) -> Path:
    return write_docs(tmp_path_factory.mktemp("docs"))


@pytest.fixture(scope="module")
def kb(docs_dir):
    from retrievers.knowledge_base import KnowledgeBase

    return KnowledgeBase.from_directory(docs_dir, show_progress=False)
