from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_KB = REPO / "examples" / "kb"


@pytest.fixture(scope="session")
def example_kb():
    from retrievers.knowledge_base import KnowledgeBase

    return KnowledgeBase.from_directory(EXAMPLE_KB, show_progress=False)


@pytest.fixture(autouse=True)
def unhurried_verification(monkeypatch):
    """These tests are about decisions, not the clock: on a busy 2-core machine a strict
    profile's verification can pass its 10 s deadline and turn every answer into a
    verifier_error. The deadline has its own tests (tests/verifiers/test_verify_stage.py)."""
    import guard.pipeline
    from guard.policy import load_policy

    def load_unhurried(name_or_path, **kwargs):
        policy = load_policy(name_or_path, **kwargs)
        return policy.model_copy(update={"verification_deadline_s": 600.0})

    monkeypatch.setattr(guard.pipeline, "load_policy", load_unhurried)
