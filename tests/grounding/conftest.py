"""A bag-of-words stand-in for the sentence embedder, so evidence tests run in milliseconds."""

from __future__ import annotations

import re
import zlib

import numpy as np
import pytest


class WordHashEmbedder:
    """Texts sharing words get similar unit vectors; deterministic across runs."""

    def encode(self, texts):
        out = np.zeros((len(texts), 384), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                out[row, zlib.crc32(word.encode()) % 384] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.clip(norms, 1e-12, None)


@pytest.fixture
def word_embedder():
    return WordHashEmbedder()
