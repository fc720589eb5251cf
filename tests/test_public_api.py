"""The public surface changes only on purpose."""

import guard

PUBLIC = [
    "guarded_completion", "aguarded_completion", "verify", "averify", "KnowledgeBase",
    "GuardedResponse", "Verification", "ClaimVerdict", "Decision", "Action", "Policy", "load_policy",
    "RetrievalResult", "Passage", "GuardError", "ConfigError", "InputError", "IndexFormatError",
    "ModelError", "VerifierError",
]


def test_public_names_are_pinned():
    assert sorted(guard.__all__) == sorted(PUBLIC)


def test_verify_is_the_function_even_after_the_verifiers_package_loaded():
    import guard.verifiers.api  # noqa: F401

    from guard import verify

    assert callable(verify) and verify.__module__ == "guard.verifiers.api"


def test_every_error_derives_from_guard_error():
    for name in ["ConfigError", "InputError", "IndexFormatError", "ModelError", "VerifierError"]:
        assert issubclass(getattr(guard, name), guard.GuardError)
