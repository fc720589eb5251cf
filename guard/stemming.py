"""English stems for word matching: the fact layer's slots and the relevance gate's terms.

snowballstemmer, not nltk: importing nltk loads scikit-learn, which verify() must not load.
One stemmer per thread: a snowball stemmer keeps the word it works on in itself, so two threads
sharing one (a server's two verifying threads) got wrong stems and "IndexError: string index out
of range" (issue 15; tests/verifiers/test_thread_safety.py).
"""

from __future__ import annotations

import threading
from functools import lru_cache

__all__ = ["stem"]

_per_thread = threading.local()


def _stemmer():
    stemmer = getattr(_per_thread, "stemmer", None)
    if stemmer is None:
        import snowballstemmer

        stemmer = _per_thread.stemmer = snowballstemmer.stemmer("english")
    return stemmer


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball stem ("given" and "give", "doses" and "dose", "opening" and "opened" meet)."""
    return _stemmer().stemWord(word)
