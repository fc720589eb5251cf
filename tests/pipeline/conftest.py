from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_KB = REPO / "examples" / "kb"


@pytest.fixture(scope="session")
def example_kb():
    from retrievers.knowledge_base import KnowledgeBase

    return KnowledgeBase.from_directory(EXAMPLE_KB, show_progress=False)
