"""Shared helpers used by two verifying threads at once give what one thread alone gives.

A server verifies in two threads, and ``verify_batch`` warms one batch while it verifies
another. A snowball stemmer keeps the word it is working on in itself: one shared by the
threads gave wrong stems and "IndexError: string index out of range" in the support verifier
(issue 15). Each thread now has its own.
"""

from __future__ import annotations

import random
import string
import sys
import threading

from guard import stemming
from guard.facts import slots
from retrievers import gate

_WORDS = 12_000  # shared, one stemmer went wrong about 3 times in 1,000 words here


def _words(seed: int) -> list[str]:
    rng = random.Random(seed)
    endings = ["ing", "ed", "ness", "ational", "ies", "ly", "fulness", "ization", "ement"]
    return [
        "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 12))) + rng.choice(endings)
        for _ in range(_WORDS)
    ]


def _stem_in_two_threads(stem, words: list[str]) -> tuple[list[str], list[BaseException]]:
    """Each of two threads stems half the words (interleaved), thread switches as often as possible."""
    out: list[str | None] = [None] * len(words)
    errors: list[BaseException] = []

    def work(k: int) -> None:
        for i in range(k, len(words), 2):
            try:
                out[i] = stem(words[i])
            except Exception as exc:  # noqa: BLE001 - collected and asserted below
                errors.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    return out, errors


def test_stemming_in_two_threads_equals_one_thread():
    stem = stemming.stem.__wrapped__  # past its lru cache: every call stems
    words = _words(15)
    alone = [stem(w) for w in words]
    together, errors = _stem_in_two_threads(stem, words)
    assert errors == []
    assert together == alone


def test_the_fact_layer_and_the_gate_stem_with_the_per_thread_stemmer():
    assert slots.stem is stemming.stem
    assert gate._stem is stemming.stem


def test_each_thread_has_its_own_stemmer():
    seen = []
    thread = threading.Thread(target=lambda: seen.append(stemming._stemmer()))
    thread.start()
    thread.join()
    assert seen[0] is not stemming._stemmer()
    assert stemming._stemmer() is stemming._stemmer()  # and keeps it
