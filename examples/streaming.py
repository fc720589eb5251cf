"""Guarded streaming: each sentence is shown once the guard has checked it.

Run from the repository root:  .venv/bin/python examples/streaming.py
"""

from pathlib import Path

from guard import KnowledgeBase, guarded_completion

kb = KnowledgeBase.from_directory(Path(__file__).parent / "kb", show_progress=False)
for chunk in guarded_completion(
    question="What is the usual adult dose of Zelorin?",
    knowledge_base=kb,
    model="local/smollm2-135m-instruct",  # streamed by any litellm model; the embedded one sends its answer whole
    stream=True,  # default policy: sentence by sentence; medical / legal hold until decided
):
    print(chunk.text, end="", flush=True)
    if chunk.final:
        print(f"\n[{chunk.outcome.value}: {chunk.decision.action.value}; withheld sentences: {chunk.withheld}; "
              f"first sentence after {chunk.response.timings.get('first_chunk', 0):.0f} ms]")
