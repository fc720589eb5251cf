"""The embedder's backends: the bfloat16 option, and how the verifiers' backend is chosen.

``torch-bf16`` is an opt-in speed-up (issue 15): its vectors must stay those of the fp32 model
to the fourth decimal, not depend on the batch a text is in (``verify_batch`` and ``verify()``
must agree), and be kept apart from other backends' vectors in the content cache.
"""

from __future__ import annotations

import numpy as np
import pytest

from guard.errors import ModelError
from retrievers import embedder as emb

TEXTS = [
    "The Eiffel Tower was completed in 1889.",
    "It is 330 metres tall and stands on the Champ de Mars in Paris.",
    "Gustave Eiffel's company designed and built the tower for the 1889 World's Fair.",
    "Paris",
    "",
    "The tower was the tallest man-made structure in the world until the Chrysler Building was finished "
    "in New York in 1930, and it received about 5.9 million visitors in 2022. " * 3,
]


@pytest.fixture(scope="module")
def bf16():
    return emb.Embedder("torch-bf16")


@pytest.fixture(scope="module")
def fp32():
    return emb.Embedder("torch")


def test_bfloat16_vectors_are_the_fp32_models_to_the_fourth_decimal(bf16, fp32):
    low, full = bf16.encode(TEXTS), fp32.encode(TEXTS)
    assert low.dtype == np.float32 and low.shape == (len(TEXTS), emb.EMBED_DIM)
    assert np.allclose(np.linalg.norm(low, axis=1), 1.0, atol=1e-5)
    cosines = (low * full).sum(axis=1)
    assert cosines.min() > 0.9995  # measured on 2,094 RAGTruth texts: min 0.99986, mean 0.99996


def test_bfloat16_vectors_do_not_depend_on_the_batch(bf16):
    together = bf16.encode(TEXTS)
    alone = np.stack([bf16.encode([text])[0] for text in TEXTS])
    assert np.array_equal(together, alone)



def test_prepacked_bfloat16_linears_give_the_plain_models_vectors(bf16, monkeypatch):
    """The weights laid out once for oneDNN (issue 15) must not move a single bit."""
    import torch

    if not emb.native_bfloat16():
        pytest.skip("this CPU has no native bfloat16: the model is not packed")
    assert not any(isinstance(m, torch.nn.Linear) for m in bf16._model.modules())
    monkeypatch.setattr(emb, "_pack_linears", lambda model: None)
    plain = emb.Embedder("torch-bf16")
    assert any(isinstance(m, torch.nn.Linear) for m in plain._model.modules())
    assert np.array_equal(bf16.encode(TEXTS), plain.encode(TEXTS))

@pytest.mark.parametrize("backend", ["torch-bf16", "torch"])
def test_the_lean_forward_gives_the_models_own_hidden_states(backend, bf16, fp32, monkeypatch):
    """The embedder runs BERT's layers without transformers' per-call Python (issue 15): the
    vectors must be those of the model's own forward bit for bit, in batches and one by one."""
    embedder = bf16 if backend == "torch-bf16" else fp32
    assert embedder._layers is not None  # the load-time check found the lean path equal
    lean_together = embedder.encode(TEXTS)
    lean_alone = [embedder.encode([text]) for text in TEXTS]
    monkeypatch.setattr(embedder, "_layers", None)
    assert np.array_equal(lean_together, embedder.encode(TEXTS))
    assert all(np.array_equal(a, embedder.encode([t])) for a, t in zip(lean_alone, TEXTS))


def test_a_model_the_lean_forward_does_not_know_keeps_its_own_forward(bf16):
    config = bf16._model.config
    saved = config._attn_implementation
    try:
        config._attn_implementation = "eager"
        assert emb._lean_layers(bf16._model) is None
    finally:
        config._attn_implementation = saved


def test_the_verifiers_backend_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("RAGGUARD_EMBEDDER", "onnx-int8")
    assert emb.configured_backend() == "onnx-int8"
    monkeypatch.setenv("RAGGUARD_EMBEDDER", "torch-bf16")
    assert emb.configured_backend() == "torch-bf16"
    monkeypatch.setenv("RAGGUARD_EMBEDDER", "int4")
    with pytest.raises(ModelError, match="RAGGUARD_EMBEDDER must be one of onnx-int8, torch, torch-bf16 or auto"):
        emb.configured_backend()


@pytest.mark.parametrize("setting", ["auto", ""])  # unset means auto
def test_auto_takes_bfloat16_only_where_the_cpu_computes_it(monkeypatch, setting):
    monkeypatch.setenv("RAGGUARD_EMBEDDER", setting)
    expected = "torch-bf16" if emb.native_bfloat16() else "onnx-int8"
    assert emb.configured_backend() == expected
    monkeypatch.setattr(emb, "native_bfloat16", lambda: False)
    assert emb.configured_backend() == "onnx-int8"


def test_get_embedder_follows_the_environment_and_keeps_one_per_backend(monkeypatch):
    monkeypatch.setenv("RAGGUARD_EMBEDDER", "torch-bf16")
    chosen = emb.get_embedder()
    assert chosen.backend == "torch-bf16"
    assert emb.get_embedder("torch-bf16") is chosen
    monkeypatch.setenv("RAGGUARD_EMBEDDER", "onnx-int8")
    assert emb.get_embedder().backend == "onnx-int8"


def test_the_content_cache_keeps_each_backends_vectors_apart(monkeypatch):
    from guard.content_cache import clear_content_caches, shared_embedder

    clear_content_caches()
    monkeypatch.setenv("RAGGUARD_EMBEDDER", "onnx-int8")
    default = shared_embedder().encode(TEXTS[:2])
    monkeypatch.setenv("RAGGUARD_EMBEDDER", "torch-bf16")
    low = shared_embedder().encode(TEXTS[:2])
    assert np.array_equal(low, emb.get_embedder("torch-bf16").encode(TEXTS[:2]))
    assert not np.array_equal(low, default)


def test_an_unknown_backend_names_the_allowed_ones():
    with pytest.raises(ModelError, match="use one of onnx-int8, torch, torch-bf16"):
        emb.Embedder("int4")  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["onnx-int8", "torch-bf16"])
def test_texts_that_are_the_same_word_pieces_run_once_with_the_same_vectors(backend, monkeypatch):
    """Case and spacing are lost to the uncased tokenizer: such texts share one model row, and
    every vector is the one the text gets on its own."""
    embedder = emb.get_embedder(backend)
    texts = [TEXTS[0], TEXTS[0].upper(), TEXTS[0].replace(" ", "  "), TEXTS[1], TEXTS[0]]
    rows: list[int] = []
    run = embedder._encode_batch
    monkeypatch.setattr(embedder, "_encode_batch", lambda ids: rows.append(len(ids)) or run(ids))
    together = embedder.encode(texts)
    assert sum(rows) == 2
    alone = np.stack([embedder.encode([text])[0] for text in texts])
    assert np.array_equal(together, alone)
    assert np.array_equal(together[0], together[1]) and np.array_equal(together[0], together[2])
