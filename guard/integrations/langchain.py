"""LangChain adapter: a guarded RAG chain and a verifier for existing chains (``ragguard[langchain]``).

>>> from guard.integrations.langchain import GuardedChain, GuardVerifier
>>> chain = GuardedChain(llm=chat_model, retriever=retriever, policy="default")
>>> response = chain.invoke("What is the usual adult dose of Zelorin?")   # a GuardedResponse
>>> response.answer, response.decision.action
>>> checked = GuardVerifier().invoke({"question": q, "documents": docs, "answer": answer})
>>> checked.answer, checked.decision.action, checked.verification.faithfulness

``GuardedChain`` runs the ragguard pipeline with the LangChain chat model as its generator:
the retriever's documents (or a ragguard ``KnowledgeBase``) are the evidence, the guard's
prompt asks for cited sentences, and the draft is verified and decided by the policy.
``chain.stream(question)`` yields :class:`~guard.streaming.GuardedChunk` (each sentence
checked before it is yielded), not pieces of the output.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

from langchain_core.documents import Document
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, convert_to_messages
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import Runnable, RunnableConfig

from guard.errors import InputError
from guard.integrations._common import CheckedAnswer, acheck_answer, check_answer, register_chat_function
from guard.llm.types import GenerationParams
from guard.pipeline import Retriever, aguarded_completion, guarded_completion
from guard.policy import Policy
from guard.response import GuardedResponse
from guard.streaming import GuardedChunk
from retrievers.types import Passage

__all__ = ["GuardVerifier", "GuardedChain", "passages_from_documents"]

QuestionInput = str | dict[str, Any]


class GuardedChain(Runnable[QuestionInput, GuardedResponse]):
    """question (a string, or ``{"question": ...}``) → :class:`~guard.response.GuardedResponse`.

    ``retriever``: a LangChain retriever (its documents become the passages, in order, so
    citation ``[n]`` names the n-th document) or a ragguard ``KnowledgeBase``.
    ``completion_kwargs`` go to the pipeline (timeout, retries, max_tokens, stream_mode...).
    """

    def __init__(
        self,
        llm: BaseChatModel,
        retriever: BaseRetriever | Retriever,
        *,
        policy: str | Policy = "default",
        **completion_kwargs: Any,
    ) -> None:
        if not isinstance(retriever, (BaseRetriever, Retriever)):
            raise InputError(
                "retriever must be a LangChain BaseRetriever or a ragguard KnowledgeBase, "
                f"not {type(retriever).__name__}"
            )
        self.llm = llm
        self.retriever = retriever
        self.policy = policy
        self.completion_kwargs = completion_kwargs
        self.model = register_chat_function("langchain", self._chat)

    def invoke(
        self, input: QuestionInput, config: RunnableConfig | None = None, **kwargs: Any
    ) -> GuardedResponse:
        return guarded_completion(**self._arguments(input, config), **kwargs)

    async def ainvoke(
        self, input: QuestionInput, config: RunnableConfig | None = None, **kwargs: Any
    ) -> GuardedResponse:
        return await aguarded_completion(**await self._aarguments(input, config), **kwargs)

    def stream(  # type: ignore[override]
        self, input: QuestionInput, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[GuardedChunk]:
        yield from guarded_completion(**self._arguments(input, config), stream=True, **kwargs)

    async def astream(  # type: ignore[override]
        self, input: QuestionInput, config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[GuardedChunk]:
        stream = await aguarded_completion(**await self._aarguments(input, config), stream=True, **kwargs)
        async for chunk in stream:
            yield chunk

    def _arguments(self, input: QuestionInput, config: RunnableConfig | None) -> dict[str, Any]:
        question = _question(input)
        if isinstance(self.retriever, BaseRetriever):
            documents = self.retriever.invoke(question, config)
            evidence: dict[str, Any] = {"contexts": passages_from_documents(documents)}
        else:
            evidence = {"knowledge_base": self.retriever}
        return {"question": question, "model": self.model, "policy": self.policy, **evidence,
                **self.completion_kwargs}

    async def _aarguments(self, input: QuestionInput, config: RunnableConfig | None) -> dict[str, Any]:
        if not isinstance(self.retriever, BaseRetriever):
            return self._arguments(input, config)
        question = _question(input)
        documents = await self.retriever.ainvoke(question, config)
        return {"question": question, "model": self.model, "policy": self.policy,
                "contexts": passages_from_documents(documents), **self.completion_kwargs}

    def _chat(self, messages: list[dict[str, Any]], params: GenerationParams) -> str:
        reply = self.llm.invoke(convert_to_messages(messages), stop=params.stop or None)
        return _text(reply)


class GuardVerifier(Runnable[dict[str, Any], CheckedAnswer]):
    """``{"question", "documents", "answer"}`` → :class:`CheckedAnswer` (decision, verification, text).

    For chains that already answer: ``documents`` are LangChain documents or strings (in
    the order the answer's ``[n]`` citations count them), ``answer`` a string or a message.
    """

    def __init__(self, policy: str | Policy = "default", generator: str | None = None) -> None:
        self.policy = policy
        self.generator = generator

    def invoke(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> CheckedAnswer:
        question, passages, answer = _verify_input(input)
        return check_answer(question, passages, answer, self.policy, self.generator)

    async def ainvoke(
        self, input: dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> CheckedAnswer:
        question, passages, answer = _verify_input(input)
        return await acheck_answer(question, passages, answer, self.policy, self.generator)


def passages_from_documents(documents: Sequence[Document | str]) -> list[Passage]:
    """Documents as passages "1".."n" (their citation numbers); the document's own id stays in metadata."""
    passages = []
    for number, document in enumerate(documents, start=1):
        if isinstance(document, str):
            passages.append(Passage(id=str(number), text=document))
            continue
        meta = dict(document.metadata)
        if document.id:
            meta.setdefault("document_id", document.id)
        passages.append(
            Passage(id=str(number), text=document.page_content, source=str(meta.get("source", "")),
                    title=meta.get("title"), metadata=meta)
        )
    return passages


def _question(input: QuestionInput) -> str:
    if isinstance(input, dict):
        input = input.get("question", input.get("input"))
    if not isinstance(input, str) or not input.strip():
        raise InputError("GuardedChain takes a question: a non-empty string or {'question': '...'}")
    return input


def _verify_input(input: dict[str, Any]) -> tuple[str, list[Passage], str]:
    missing = [key for key in ("question", "documents", "answer") if key not in input]
    if not isinstance(input, dict) or missing:
        raise InputError(
            f"GuardVerifier takes a dict with question, documents and answer; missing: {missing}"
        )
    answer = input["answer"]
    return input["question"], passages_from_documents(input["documents"]), _text(answer) if isinstance(
        answer, BaseMessage) else answer


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "".join(part if isinstance(part, str) else part.get("text", "") for part in content)
