"""ragguard in a dozen lines: index documents, ask through the guard, read the verdict.

Run from the repository root:  .venv/bin/python examples/quickstart.py
"""

from pathlib import Path

from guard import KnowledgeBase, guarded_completion, verify

kb = KnowledgeBase.from_directory(Path(__file__).parent / "kb")  # or KnowledgeBase.load(index_dir)
resp = guarded_completion(
    messages=[{"role": "user", "content": "What is the usual adult dose of Zelorin?"}],
    knowledge_base=kb,
    model="local/smollm2-135m-instruct",  # any litellm model string works the same way
    policy="medical",  # default | medical | legal | path/to/policy.yaml
)
print(resp.answer)
print(resp.decision.action.value, [r.detail for r in resp.decision.reasons])

# Detect-only: check an answer from a pipeline the guard did not run.
report = verify(question="Capital of France?", contexts=["Paris is the capital of France."],
                answer="The capital of France is Lyon [1].")
print(report.faithfulness, [(c.claim.text, c.label.value) for c in report.claims])
