"""The public surface changes only on purpose."""

import os
import subprocess
import sys
from pathlib import Path

import guard

REPO = Path(__file__).resolve().parents[1]

PUBLIC = [
    "guarded_completion", "aguarded_completion", "verify", "averify", "verify_batch", "averify_batch",
    "VerifyItem", "KnowledgeBase",
    "GuardedResponse", "Verification", "ClaimVerdict", "Decision", "Action", "Policy", "load_policy",
    "RetrievalResult", "Passage", "Retriever", "SupportLabel", "UnsupportedSpan", "Condition", "Reason",
    "ReviewQueue", "register_verifier",
    "GuardError", "ConfigError", "InputError", "IndexFormatError", "ModelError", "VerifierError",
    "QueueError", "ItemNotFoundError", "ReviewConflictError",
]
ERRORS = [
    "ConfigError", "InputError", "IndexFormatError", "ModelError", "VerifierError", "QueueError",
    "ItemNotFoundError", "ReviewConflictError",
]


def test_public_names_are_pinned():
    assert sorted(guard.__all__) == sorted(PUBLIC)


def test_every_public_name_resolves():
    for name in PUBLIC:
        assert getattr(guard, name) is not None, name


def test_verify_is_the_function_even_after_the_verifiers_package_loaded():
    import guard.verifiers.api  # noqa: F401
    from guard import verify

    assert callable(verify) and verify.__module__ == "guard.verifiers.api"


def test_every_error_derives_from_guard_error():
    for name in ERRORS:
        assert issubclass(getattr(guard, name), guard.GuardError)


def test_review_errors_are_the_ones_the_queue_raises():
    from guard.review import ItemNotFoundError, QueueError, ReviewConflictError

    assert (QueueError, ItemNotFoundError, ReviewConflictError) == (
        guard.QueueError, guard.ItemNotFoundError, guard.ReviewConflictError)
    assert issubclass(guard.ItemNotFoundError, guard.InputError)


def test_model_error_carries_its_attempts():
    from guard.llm.types import Attempt, AttemptOutcome

    assert guard.ModelError("no model").attempts == []
    attempt = Attempt(model="m", number=1, outcome=AttemptOutcome.error, elapsed_s=0.1)
    error = guard.ModelError("failed", attempts=(attempt,))
    assert error.attempts == [attempt] and str(error) == "failed"


def test_import_guard_leaves_the_environment_alone():
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "LITELLM_LOCAL_MODEL_COST_MAP")}
    code = (
        "import os; before = dict(os.environ); import guard; "
        "[getattr(guard, n) for n in guard.__all__]; "
        "assert dict(os.environ) == before, set(os.environ.items()) ^ set(before.items())"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
