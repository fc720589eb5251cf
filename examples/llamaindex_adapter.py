"""ragguard inside LlamaIndex: a guarded query engine, and a check of another engine's response.

Run from the repository root:  .venv/bin/python examples/llamaindex_adapter.py
(needs ragguard[llamaindex]; MockLLM and MockEmbedding stand in for real ones)
"""

from llama_index.core import Document, VectorStoreIndex
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.llms import MockLLM

from guard.integrations.llamaindex import GuardedQueryEngine, GuardNodePostprocessor

LEAFLET = [
    "Adults: the usual dose of Zelorin is 20 mg (one tablet) once a day, in the morning.",
    "Never take more than 40 mg of Zelorin in one day.",
]
QUESTION = "What is the usual adult dose of Zelorin?"

index = VectorStoreIndex.from_documents([Document(text=t) for t in LEAFLET], embed_model=MockEmbedding(embed_dim=8))
engine = GuardedQueryEngine.from_index(index, llm=MockLLM(max_tokens=6), similarity_top_k=2)
response = engine.query(QUESTION)
print(response.metadata["decision"].action.value, "|", response.response)

plain = index.as_query_engine(llm=MockLLM(max_tokens=6), similarity_top_k=2).query(QUESTION)
checked = GuardNodePostprocessor(policy="default").verify_response(plain, QUESTION)
print(checked.metadata["decision"].action.value, [v.label.value for v in checked.metadata["verification"].claims])
