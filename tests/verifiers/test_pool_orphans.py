"""The worker processes of verify_batch(workers=N) and of the server (verify_batch.processes) never outlive
their owner: shut down with the server, and gone on their own when the owner is killed outright (SIGKILL, the
out-of-memory killer, uvicorn re-raising SIGTERM after its shutdown), which runs no exit hook. No model is loaded:
the pool's workers load theirs with the first batch."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import guard.verifiers.batch_pool as batch_pool

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a process's parent is read from POSIX")

_OWNER = """
import os, time
from guard.verifiers import batch_pool
pool = batch_pool._pool(1, embed_threads=1)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().split()[2] != "Z"  # a zombie has ended


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.1)
    return False


def test_a_worker_ends_when_its_owner_is_killed_outright():
    owner = subprocess.Popen([sys.executable, "-c", _OWNER], stdout=subprocess.PIPE, text=True)
    worker = int(owner.stdout.readline())
    assert _alive(worker)
    owner.send_signal(signal.SIGKILL)
    owner.wait(timeout=30)
    try:
        assert _gone_within(worker, 10 * batch_pool._ORPHAN_CHECK_S), "the worker outlived its owner"
    finally:
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)


def test_shutting_the_pool_down_ends_its_workers():
    pool = batch_pool._pool(1, embed_threads=1)
    worker = pool.submit(os.getpid).result()
    batch_pool.shut_down_pool()
    assert batch_pool._kept is None
    assert _gone_within(worker, 5)
    batch_pool.shut_down_pool()  # nothing kept: nothing to do
