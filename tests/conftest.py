"""Suite-wide fixtures."""

from __future__ import annotations

import pytest

UNHURRIED_S = 600.0


def pytest_configure(config):
    config.addinivalue_line("markers", "real_deadline: the test checks the policy's own verification deadline")


@pytest.fixture(autouse=True)
def unhurried_verification(request, monkeypatch):
    """Tests are about verdicts and decisions, not the clock: on a busy 2-core machine a
    verification can pass a policy's 10 s deadline and turn answers into verifier_error.
    Every policy's verification settings get a 600 s deadline, except in tests marked
    ``real_deadline`` (the deadline's own tests build settings with explicit deadlines)."""
    if request.node.get_closest_marker("real_deadline"):
        return
    import guard.policy

    settings = guard.policy._settings

    def unhurried(names, options, support, deadline_s, refusal_text):
        return settings(names, options, support, max(deadline_s, UNHURRIED_S), refusal_text)

    monkeypatch.setattr(guard.policy, "_settings", unhurried)
