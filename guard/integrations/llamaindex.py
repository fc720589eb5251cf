"""LlamaIndex adapter: a guarded query engine and a response check against source nodes
(``ragguard[llamaindex]``).

>>> from guard.integrations.llamaindex import GuardedQueryEngine, GuardNodePostprocessor
>>> engine = GuardedQueryEngine.from_index(index, llm=llm, policy="default")
>>> response = engine.query("What is the usual adult dose of Zelorin?")
>>> response.response, response.metadata["decision"].action, response.metadata["verification"]
>>> checked = GuardNodePostprocessor().verify_response(other_engine.query(question), question)

``GuardedQueryEngine`` retrieves with a LlamaIndex retriever, then runs the ragguard
pipeline with the LlamaIndex LLM as its generator: the nodes are the passages (citation
``[n]`` names ``source_nodes[n-1]``), the draft is verified and decided by the policy, and
the response's ``metadata`` carries ``decision``, ``verification`` and the whole
``guarded_response``.

``GuardNodePostprocessor`` checks a response someone else synthesised against its own
``source_nodes`` (:meth:`~GuardNodePostprocessor.verify_response`). A node postprocessor
inside a query engine runs before the answer exists, so there it passes the nodes through
unchanged; the check is the call on the response.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.base.response.schema import Response
from llama_index.core.llms import LLM
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.schema import NodeWithScore, QueryBundle
from pydantic import Field

from guard.errors import InputError
from guard.integrations._common import CheckedAnswer, check_answer, register_chat_function
from guard.llm.types import GenerationParams
from guard.pipeline import aguarded_completion, guarded_completion
from guard.policy import Policy
from guard.response import GuardedResponse
from retrievers.types import Passage

__all__ = ["GuardNodePostprocessor", "GuardedQueryEngine", "passages_from_nodes"]


class GuardedQueryEngine(BaseQueryEngine):
    """A query engine whose answers went through the guard; ``completion_kwargs`` go to the pipeline."""

    def __init__(
        self,
        retriever: BaseRetriever,
        llm: LLM,
        *,
        policy: str | Policy = "default",
        callback_manager: Any = None,
        **completion_kwargs: Any,
    ) -> None:
        super().__init__(callback_manager)
        self.retriever = retriever
        self.llm = llm
        self.policy = policy
        self.completion_kwargs = completion_kwargs
        self.model = register_chat_function("llamaindex", self._chat)

    @classmethod
    def from_index(
        cls, index: Any, llm: LLM, *, similarity_top_k: int = 5, **kwargs: Any
    ) -> GuardedQueryEngine:
        """Over ``index.as_retriever(similarity_top_k=...)`` (a VectorStoreIndex, say)."""
        return cls(index.as_retriever(similarity_top_k=similarity_top_k), llm, **kwargs)

    def _query(self, query_bundle: QueryBundle) -> Response:
        nodes = self.retriever.retrieve(query_bundle)
        guarded = guarded_completion(**self._arguments(query_bundle, nodes))
        return _response(guarded, nodes)

    async def _aquery(self, query_bundle: QueryBundle) -> Response:
        nodes = await self.retriever.aretrieve(query_bundle)
        guarded = await aguarded_completion(**self._arguments(query_bundle, nodes))
        return _response(guarded, nodes)

    def _get_prompt_modules(self) -> dict[str, Any]:
        return {}  # the guard's prompts live in prompts/, not in LlamaIndex's prompt registry

    def _arguments(self, query_bundle: QueryBundle, nodes: list[NodeWithScore]) -> dict[str, Any]:
        if not nodes:
            # The gate needs passages to judge; none retrieved is the clearest "cannot answer".
            nodes_or_refusal: dict[str, Any] = {"contexts": [Passage(id="1", text="")]}
        else:
            nodes_or_refusal = {"contexts": passages_from_nodes(nodes)}
        return {"question": query_bundle.query_str, "model": self.model, "policy": self.policy,
                **nodes_or_refusal, **self.completion_kwargs}

    def _chat(self, messages: list[dict[str, Any]], params: GenerationParams) -> str:
        chat = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
        options = {"stop": params.stop} if params.stop else {}
        return self.llm.chat(chat, **options).message.content or ""


class GuardNodePostprocessor(BaseNodePostprocessor):
    """Checks a response against its source nodes with the policy's verifiers and decision."""

    policy: str = Field(default="default", description="a packaged profile name or a policy YAML path")

    @classmethod
    def class_name(cls) -> str:
        return "GuardNodePostprocessor"

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        return nodes  # no answer exists yet at this stage: see verify_response

    def verify_response(self, response: Response, query: str | QueryBundle) -> Response:
        """``response`` with the guard's answer; its source nodes kept; decision, verification in metadata."""
        if not response.source_nodes:
            raise InputError("the response has no source_nodes to check it against; query with a retriever")
        question = query.query_str if isinstance(query, QueryBundle) else query
        checked = self.check(question, response.source_nodes, response.response or "")
        return Response(
            response=checked.answer,
            source_nodes=response.source_nodes,
            metadata={**(response.metadata or {}), "decision": checked.decision,
                      "verification": checked.verification, "draft": checked.draft},
        )

    def check(self, question: str, nodes: Sequence[NodeWithScore], answer: str) -> CheckedAnswer:
        return check_answer(question, passages_from_nodes(nodes), answer, self.policy)


def passages_from_nodes(nodes: Sequence[NodeWithScore]) -> list[Passage]:
    """Nodes as passages "1".."n" (their citation numbers); the node id stays in metadata."""
    passages = []
    for number, scored in enumerate(nodes, start=1):
        node = scored.node
        meta = {**node.metadata, "node_id": node.node_id}
        source = str(meta.get("file_name", meta.get("source", "")))
        passages.append(
            Passage(id=str(number), text=node.get_content(), source=source, title=meta.get("title"),
                    metadata=meta, score=scored.score or 0.0)
        )
    return passages


def _response(guarded: GuardedResponse, nodes: list[NodeWithScore]) -> Response:
    return Response(
        response=guarded.answer,
        source_nodes=nodes,
        metadata={
            "decision": guarded.decision,
            "verification": guarded.verification,
            "guarded_response": guarded,
        },
    )
