"""OpenMP's wait policy, set just before torch first loads (never at ``import guard``).

torch's OpenMP threads spin while they wait for work. On shared cores (a server next to
other processes, CI beside a database) that made model scoring 3-5x slower (FRANQ p50
12.9 s -> 2.5 s measured under load). The runtime reads ``OMP_WAIT_POLICY`` once, when
torch (or spaCy, whose thinc imports torch) is first imported, so every loader that can be
first calls :func:`prefer_passive_wait` before that import. An explicit setting of the
user's wins; importing the library changes nothing in the environment.
"""

from __future__ import annotations

import os

__all__ = ["prefer_passive_wait"]


def prefer_passive_wait() -> None:
    """``OMP_WAIT_POLICY=PASSIVE`` unless the user set it (no effect once torch has loaded)."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
