"""ragguard inside LangChain: a guarded chain, and a verifier for a chain that already answers.

Run from the repository root:  .venv/bin/python examples/langchain_adapter.py
(needs ragguard[langchain]; the fake chat model stands in for any LangChain chat model)
"""

from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.retrievers import BaseRetriever

from guard.integrations.langchain import GuardedChain, GuardVerifier

LEAFLET = [
    "Adults: the usual dose of Zelorin is 20 mg (one tablet) once a day, in the morning.",
    "Never take more than 40 mg of Zelorin in one day.",
]
QUESTION = "What is the usual adult dose of Zelorin?"
DRAFT = ("The usual adult dose of Zelorin is 20 mg once a day [1]. "
         "Zelorin was discovered in Vienna in 1987 and cures migraines [1].")


class LeafletRetriever(BaseRetriever):
    def _get_relevant_documents(self, query, *, run_manager=None):
        return [Document(page_content=text) for text in LEAFLET]


chain = GuardedChain(llm=FakeListChatModel(responses=[DRAFT]), retriever=LeafletRetriever())
response = chain.invoke(QUESTION)
print(response.decision.action.value, "|", response.answer)

checked = GuardVerifier(policy="default").invoke({"question": QUESTION, "documents": LEAFLET, "answer": DRAFT})
print(checked.decision.action.value, [v.label.value for v in checked.verification.claims])
