"""ragguard where RAG applications already live: LangChain and LlamaIndex.

- :mod:`guard.integrations.langchain`: ``GuardedChain`` (a Runnable: retriever + chat model
  through the guarded pipeline) and ``GuardVerifier`` (a Runnable that checks the answer of
  an existing chain against its documents). Needs ``ragguard[langchain]``.
- :mod:`guard.integrations.llamaindex`: ``GuardedQueryEngine`` (a query engine over a
  LlamaIndex retriever and LLM, run through the guarded pipeline) and
  ``GuardNodePostprocessor`` (checks a response against its source nodes). Needs
  ``ragguard[llamaindex]``.

Both run the framework's model as the pipeline's generator: it is registered with litellm
as an in-process provider (``integration/<name>``), so retries, timing and the one door to
models (:mod:`guard.llm`) apply to it like to any other model.
"""
