"""The LlamaIndex adapter with llama-index-core's MockLLM and MockEmbedding."""

from __future__ import annotations

import asyncio

import pytest
from adapter_data import FABRICATED, LEAFLET, QUESTION, TRUE

pytest.importorskip("llama_index.core")

from llama_index.core import Document, VectorStoreIndex  # noqa: E402
from llama_index.core.base.response.schema import Response  # noqa: E402
from llama_index.core.embeddings import MockEmbedding  # noqa: E402
from llama_index.core.llms import MockLLM  # noqa: E402
from llama_index.core.schema import NodeWithScore, TextNode  # noqa: E402

from guard.errors import InputError  # noqa: E402
from guard.integrations.llamaindex import GuardedQueryEngine, GuardNodePostprocessor  # noqa: E402
from guard.policy import Action, load_policy  # noqa: E402


@pytest.fixture(scope="module")
def index():
    return VectorStoreIndex.from_documents([Document(text=t) for t in LEAFLET], embed_model=MockEmbedding(embed_dim=8))


@pytest.mark.slow
def test_guarded_query_engine_verifies_the_mock_llm_draft(index):
    engine = GuardedQueryEngine.from_index(index, llm=MockLLM(max_tokens=6), similarity_top_k=2)
    response = engine.query(QUESTION)
    guarded = response.metadata["guarded_response"]
    # MockLLM writes "text" once per token: nothing the leaflet supports, so the guard replaces it
    # by the leaflet's own words (default: quote; strip, here the refusal, with no unit to quote)
    assert guarded.draft == " ".join(["text"] * 6)
    assert response.metadata["decision"].action in (Action.quote, Action.strip)
    assert response.metadata["verification"].claims[0].label.value == "unsupported"
    assert response.response == guarded.answer and "text text" not in response.response
    assert len(response.source_nodes) == 2
    assert sorted(p.text for p in guarded.retrieval.passages) == sorted(LEAFLET)
    again = asyncio.run(engine.aquery(QUESTION))
    assert again.metadata["decision"].action is response.metadata["decision"].action


def _nodes():
    return [NodeWithScore(node=TextNode(text=t, id_=f"n{i}"), score=1.0) for i, t in enumerate(LEAFLET)]


@pytest.mark.slow
def test_postprocessor_checks_a_response_against_its_source_nodes(strip_policy):
    response = Response(response=f"{TRUE} {FABRICATED}", source_nodes=_nodes(), metadata={"engine": "other"})
    checker = GuardNodePostprocessor(policy=strip_policy)
    checked = checker.verify_response(response, QUESTION)
    assert checked.metadata["decision"].action is Action.strip
    notice = load_policy(strip_policy).strip_notice  # the default's notice that something was removed
    assert checked.response == f"{TRUE}\n\n{notice}" and checked.metadata["draft"] == response.response
    assert checked.metadata["engine"] == "other" and checked.source_nodes == response.source_nodes
    assert checker.postprocess_nodes(_nodes(), query_str=QUESTION) == _nodes()  # before synthesis: unchanged


def test_postprocessor_needs_source_nodes():
    with pytest.raises(InputError, match="no source_nodes"):
        GuardNodePostprocessor().verify_response(Response(response=TRUE), QUESTION)
