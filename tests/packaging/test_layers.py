"""The import layering of .importlinter holds (import-linter, run on this checkout)."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_layers_contract_is_kept():
    lint_imports = Path(sys.executable).parent / "lint-imports"  # pinned in the dev extra
    assert lint_imports.is_file(), f"{lint_imports} is missing: install the dev extra (make setup)"
    result = subprocess.run(
        [str(lint_imports), "--config", str(REPO / ".importlinter"), "--no-cache"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "1 kept, 0 broken" in result.stdout
