r"""Giving freed memory back to the system, so that a long-running server's RSS stays bounded.

Why: verification frees most of what it allocates (token batches, ONNX activations, spaCy
docs), but glibc's malloc keeps freed pages in its arenas: the server's worker threads each
allocate from their own arena, and what one batch frees is spread over all of them in holes
too scattered to hand back at the top of the heap. Measured on a loaded 2-core machine
(issue 15, item 5): after the soak's warm-up the arenas held 378 MB of which 165 MB free; one
``malloc_trim(0)`` in a running server (through gdb) took its RSS from 722 MB to 636 MB.
``malloc_trim`` returns the free pages of every arena (``madvise``), leaving the heap's
layout as it is, so the next batch reuses the same addresses.

:func:`schedule_release` is called by the micro-batcher after each batch: a daemon thread then
trims, at most once per :data:`TRIM_INTERVAL_S`. Not in the batch's own thread, since the
batch's responses would wait for it: one trim of a 400 MB heap with 100,000 free holes cost
about 20 ms of CPU but 250 to 400 ms of wall time on the loaded 2-core machine (it walks the
free lists and ``madvise``\ s each run of free pages). Elsewhere than glibc (musl, macOS) it
does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
import time
from collections.abc import Callable

__all__ = ["release_free_memory", "schedule_release"]

# A trim every few seconds keeps the RSS within a few seconds' garbage of what is in use; at
# ~20 ms CPU a trim, that is under 0.5 % of one core.
TRIM_INTERVAL_S = 5.0

_lock = threading.Lock()
_last_trim = float("-inf")
_trim: Callable[[int], int] | None | bool = False  # False: not looked up yet; None: not glibc


def release_free_memory(min_interval_s: float = TRIM_INTERVAL_S) -> bool:
    """Return the allocator's free pages to the system, unless done less than ``min_interval_s``
    ago (or not glibc). True when it trimmed."""
    global _last_trim
    trim = _malloc_trim()
    if trim is None:
        return False
    now = time.monotonic()
    with _lock:
        if now - _last_trim < min_interval_s:
            return False
        _last_trim = now
    trim(0)
    return True


_wanted = threading.Event()
_trimmer: threading.Thread | None = None


def schedule_release() -> None:
    """Ask the trimming thread to :func:`release_free_memory` soon; return at once."""
    global _trimmer
    if _malloc_trim() is None:
        return
    _wanted.set()
    if _trimmer is None:
        with _lock:
            if _trimmer is None:
                _trimmer = threading.Thread(target=_trim_when_wanted, name="ragguard-trim", daemon=True)
                _trimmer.start()


def _trim_when_wanted() -> None:
    while True:
        _wanted.wait()
        _wanted.clear()
        release_free_memory(0.0)
        time.sleep(TRIM_INTERVAL_S)  # batches meanwhile set the event again: one trim after it


def _malloc_trim() -> Callable[[int], int] | None:
    global _trim
    if _trim is False:
        _trim = _load_malloc_trim()
    return _trim  # type: ignore[return-value]


def _load_malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        trim = libc.malloc_trim  # glibc only: AttributeError elsewhere
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim
