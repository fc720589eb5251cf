import pytest


@pytest.fixture
def strip_policy(tmp_path):
    """Default, except that an unsupported claim is removed."""
    path = tmp_path / "strip-unsupported.yaml"
    path.write_text("name: strip-unsupported\nextends: default\nactions:\n  unsupported_claim: strip\n")
    return str(path)
