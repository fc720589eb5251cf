"""Enqueue items crash-<START>..crash-<STOP-1> into TARGET, printing each acknowledged id.

Run by test_review_crash.py, which kills it with SIGKILL mid-way. A line is printed
only after enqueue() returned, i.e. after the transaction committed.
"""

from __future__ import annotations

import sys

from review_builders import make_item

from guard.review import open_queue


def main(target: str, start: int, stop: int) -> None:
    queue = open_queue(target)
    for n in range(start, stop):
        item_id = queue.enqueue(make_item(f"crash-{n}"))
        print(f"ack {n} {item_id}", flush=True)
    queue.close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
