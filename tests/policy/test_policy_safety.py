"""Issue 13, Low: policies that fail open are refused in strict profiles and warned about elsewhere."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from guard.errors import ConfigError
from guard.policy import load_policy
from guard.policy_safety import check_fail_open, fail_open_settings


def _policy(tmp_path, extends: str, body: str):
    path = tmp_path / f"{extends}-open.yaml"
    path.write_text(f"extends: {extends}\n{body}")
    return load_policy(path)


@pytest.mark.parametrize("profile", ["default", "medical", "legal"])
def test_the_packaged_profiles_fail_closed(profile):
    assert fail_open_settings(load_policy(profile)) == []


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("actions:\n  verifier_error: pass\n", "actions.verifier_error"),
        ("actions:\n  declined: pass\n", "actions.declined"),
        ("regenerate:\n  on_exhausted: pass\n", "regenerate.on_exhausted"),
    ],
)
def test_a_strict_profile_that_fails_open_is_refused_at_load(tmp_path, body, key):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")) as raised:
        _policy(tmp_path, "medical", body)  # load_policy runs check_fail_open
    assert "medical-open.yaml" in str(raised.value) and "escalate" in str(raised.value)


def test_elsewhere_failing_open_is_a_logged_warning(tmp_path):
    policy = _policy(tmp_path, "default", "actions:\n  verifier_error: pass\n")
    with capture_logs() as logs:
        assert check_fail_open(policy, where="x.yaml") == ["actions.verifier_error"]
    assert any(e["event"] == "policy.fails_open" for e in logs)
