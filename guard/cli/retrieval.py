"""`ragguard index` and `ragguard search` (owned by the retrieval work)."""

from __future__ import annotations

from guard.cli import app  # noqa: F401
