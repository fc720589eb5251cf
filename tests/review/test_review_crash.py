"""Crash safety: SIGKILL an enqueuing process mid-way, restart it, lose and duplicate nothing."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from guard.review import ItemFilter, open_queue

SCRIPT = Path(__file__).with_name("enqueue_loop.py")
KILL_AFTER = 40
AFTER_RESTART = 30


def _acks(lines) -> dict[int, str]:
    acked = {}
    for line in lines:
        word, n, item_id = line.split()
        assert word == "ack"
        acked[int(n)] = item_id
    return acked


def test_a_killed_enqueuer_loses_and_duplicates_nothing(target):
    child = subprocess.Popen(
        [sys.executable, str(SCRIPT), target, "0", "1000000"], stdout=subprocess.PIPE, text=True
    )
    seen = []
    for line in child.stdout:
        seen.append(line)
        if len(seen) == KILL_AFTER:
            child.send_signal(signal.SIGKILL)  # most likely inside the next enqueue
            break
    seen.extend(child.stdout)  # acknowledgements already in the pipe count too
    child.stdout.close()
    assert child.wait(timeout=30) == -signal.SIGKILL
    first = _acks(seen)
    last = max(first)
    assert sorted(first) == list(range(last + 1))

    # The restarted client re-sends what it may not have seen acknowledged, and some it had.
    resend_from, stop = last - 5, last + 1 + AFTER_RESTART
    rerun = subprocess.run(
        [sys.executable, str(SCRIPT), target, str(resend_from), str(stop)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    second = _acks(rerun.stdout.splitlines())
    assert sorted(second) == list(range(resend_from, stop))
    assert all(second[n] == first[n] for n in range(resend_from, last + 1))  # same trace, same item

    queue = open_queue(target)
    items = queue.list_items(ItemFilter(limit=10_000))
    queue.close()
    by_trace = {item.trace_id: item.id for item in items}
    assert len(items) == len(by_trace) == stop  # nothing duplicated
    acknowledged = {**first, **second}
    assert all(by_trace[f"crash-{n}"] == item_id for n, item_id in acknowledged.items())  # nothing lost
    if not target.startswith("postgresql://"):
        with sqlite3.connect(target) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        conn.close()
