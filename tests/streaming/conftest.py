from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_KB = REPO / "examples" / "kb"


@pytest.fixture(scope="session")
def example_kb():
    from retrievers.knowledge_base import KnowledgeBase

    return KnowledgeBase.from_directory(EXAMPLE_KB, show_progress=False)


@pytest.fixture
def strip_policy(tmp_path):
    """Default, except that an unsupported claim is removed (the fabricated sentence below is one)."""
    path = tmp_path / "strip-unsupported.yaml"
    path.write_text("name: strip-unsupported\nextends: default\nactions:\n  unsupported_claim: strip\n")
    return str(path)
