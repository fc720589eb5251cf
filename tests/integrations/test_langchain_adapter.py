"""The LangChain adapter with langchain-core's fake chat models and a plain retriever."""

from __future__ import annotations

import asyncio

import pytest
from adapter_data import FABRICATED, LEAFLET, QUESTION, TRUE

pytest.importorskip("langchain_core")

from langchain_core.documents import Document  # noqa: E402
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel  # noqa: E402
from langchain_core.messages import AIMessage  # noqa: E402
from langchain_core.output_parsers import StrOutputParser  # noqa: E402
from langchain_core.retrievers import BaseRetriever  # noqa: E402
from langchain_core.runnables import RunnableLambda, RunnableParallel, RunnablePassthrough  # noqa: E402

from guard.errors import InputError  # noqa: E402
from guard.integrations.langchain import GuardedChain, GuardVerifier  # noqa: E402
from guard.policy import Action  # noqa: E402
from guard.response import GuardedResponse  # noqa: E402
from guard.streaming import GuardedChunk  # noqa: E402


class LeafletRetriever(BaseRetriever):
    documents: list[Document]
    queries: list[str] = []

    def _get_relevant_documents(self, query, *, run_manager=None):
        self.queries.append(query)
        return self.documents


@pytest.fixture
def retriever():
    return LeafletRetriever(
        documents=[Document(page_content=t, metadata={"source": f"leaflet#{i}"}, id=f"d{i}") for i, t in
                   enumerate(LEAFLET)]
    )


@pytest.mark.slow
def test_guarded_chain_answers_through_the_pipeline(retriever):
    chain = GuardedChain(llm=FakeListChatModel(responses=[TRUE]), retriever=retriever)
    response = chain.invoke({"question": QUESTION})
    assert isinstance(response, GuardedResponse)
    assert retriever.queries == [QUESTION]
    assert response.draft == TRUE and response.answer == TRUE
    assert response.decision.action is Action.pass_
    assert [p.text for p in response.retrieval.passages] == LEAFLET
    assert response.retrieval.passages[0].metadata["document_id"] == "d0"
    assert response.verification.claims[0].label.value == "supported"


@pytest.mark.slow
def test_guarded_chain_strips_a_fabrication_and_composes(retriever, strip_policy):
    llm = GenericFakeChatModel(messages=iter([AIMessage(content=f"{TRUE} {FABRICATED}")]))
    chain = RunnableLambda(lambda q: q.strip()) | GuardedChain(llm=llm, retriever=retriever, policy=strip_policy)
    response = chain.invoke(f"  {QUESTION} ")
    assert response.decision.action is Action.strip
    assert "Gruber" not in response.answer and response.answer.startswith(TRUE)


@pytest.mark.slow
def test_guarded_chain_streams_checked_sentences_and_runs_async(retriever, strip_policy):
    chain = GuardedChain(llm=FakeListChatModel(responses=[f"{TRUE} {FABRICATED}"] * 2), retriever=retriever,
                         policy=strip_policy)
    chunks = list(chain.stream(QUESTION))
    assert all(isinstance(c, GuardedChunk) for c in chunks) and chunks[-1].final
    assert [c.text for c in chunks[:-1]] == [f"{TRUE} "]
    response = asyncio.run(chain.ainvoke(QUESTION))
    # the same words; the stream sent the space before the withheld sentence, the whole-answer path trims it
    assert response.answer.split() == chunks[-1].response.answer.split()
    assert "Gruber" not in response.answer


def test_guarded_chain_refuses_what_is_not_a_question(retriever):
    chain = GuardedChain(llm=FakeListChatModel(responses=[TRUE]), retriever=retriever)
    with pytest.raises(InputError, match="takes a question"):
        chain.invoke({"query": QUESTION})
    with pytest.raises(InputError, match="BaseRetriever or a ragguard KnowledgeBase"):
        GuardedChain(llm=FakeListChatModel(responses=[TRUE]), retriever=object())


@pytest.mark.slow
def test_verifier_checks_an_existing_chain(retriever):
    # an ordinary LCEL chain that already answers: retriever + fake model, no guard inside
    answer_chain = RunnableLambda(lambda _: "ignored") | FakeListChatModel(responses=[f"{TRUE} {FABRICATED}"]) \
        | StrOutputParser()
    checked = (
        RunnableParallel(question=RunnablePassthrough(), documents=retriever, answer=answer_chain)
        | GuardVerifier(policy="default")
    ).invoke(QUESTION)
    assert checked.draft == f"{TRUE} {FABRICATED}"
    assert checked.decision.action in (Action.quote, Action.strip)  # default: the evidence in its place
    assert [v.label.value for v in checked.verification.claims] == ["supported", "unsupported"]
    assert FABRICATED not in checked.answer and TRUE.rstrip(".") in checked.answer


@pytest.mark.slow
def test_verifier_takes_strings_and_messages_async():
    checked = asyncio.run(
        GuardVerifier().ainvoke({"question": QUESTION, "documents": LEAFLET, "answer": AIMessage(content=TRUE)})
    )
    assert checked.decision.action is Action.pass_ and checked.answer == TRUE
    with pytest.raises(InputError, match="missing: \\['answer'\\]"):
        GuardVerifier().invoke({"question": QUESTION, "documents": LEAFLET})
