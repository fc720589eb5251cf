"""`ragguard ask`, `ragguard demo` and `ragguard eval golden`: the guarded pipeline from a shell."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from guard.cli import app, eval_app

if TYPE_CHECKING:
    from guard.response import GuardedResponse

# Package data (a link to examples/kb in the repository), so the demo needs no checkout.
EXAMPLE_KB = Path(__file__).resolve().parents[1] / "demo_data" / "kb"
DEFAULT_MODEL = "local/smollm2-135m-instruct"

# One of each kind the golden set knows: answerable, unanswerable, one that tempts a
# fabrication (a number the leaflet does not give), a qualifier case.
DEMO_QUESTIONS = [
    "What is the usual adult dose of Zelorin?",
    "How many days of annual leave does a full-time Altamira employee get?",
    "What is the half-life of Zelorin?",
    "Does Altamira offer pet insurance?",
    "How much Febrilon Children's Suspension should I give my 3-year-old?",
]


@app.command()
def ask(
    question: str = typer.Argument(..., help="The question to answer."),
    index: Path = typer.Option(..., "--index", help="Index folder made by `ragguard index`."),
    policy: str = typer.Option("default", "--policy", help="Profile name (default, medical, legal) or YAML path."),
    model: str = typer.Option(DEFAULT_MODEL, "--model", help="Any litellm model string."),
    as_json: bool = typer.Option(False, "--json", help="Print the whole GuardedResponse as JSON."),
) -> None:
    """Answer QUESTION from the index, verified and decided by the policy."""
    from guard.pipeline import guarded_completion
    from retrievers.knowledge_base import KnowledgeBase

    kb = KnowledgeBase.load(index)
    response = guarded_completion(question=question, knowledge_base=kb, model=model, policy=policy)
    if as_json:
        typer.echo(response.model_dump_json(indent=2))
    else:
        typer.echo(render_response(response))


@app.command()
def demo(
    policy: str = typer.Option("default", "--policy", help="Profile name or YAML path."),
    model: str = typer.Option(DEFAULT_MODEL, "--model", help="Any litellm model string."),
) -> None:
    """Build the example index if missing, then answer a few example questions."""
    from guard.pipeline import guarded_completion

    kb = _example_kb()
    for question in DEMO_QUESTIONS:
        response = guarded_completion(question=question, knowledge_base=kb, model=model, policy=policy)
        typer.echo(render_response(response))
        typer.echo("")


@eval_app.command("golden")
def eval_golden(
    golden: Path = typer.Argument(..., help="Golden set JSONL (e.g. examples/golden.jsonl)."),
    index: Optional[Path] = typer.Option(None, "--index", help="Index folder (default: the example index)."),
    policy: str = typer.Option("default", "--policy"),
    model: str = typer.Option(DEFAULT_MODEL, "--model"),
    out: Path = typer.Option(Path("runs/golden"), "--out", help="Folder for results.jsonl and summary.json."),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Only the first N cases."),
    min_behaviour_accuracy: float = typer.Option(0.0, help="Exit 1 below this answer/refusal accuracy."),
    min_refusal_recall: float = typer.Option(0.0, help="Exit 1 below this refusal recall."),
    min_faithfulness: float = typer.Option(0.0, help="Exit 1 below this mean faithfulness."),
    min_citation_validity: float = typer.Option(0.0, help="Exit 1 below this share of valid citations."),
    max_latency_p95_ms: float = typer.Option(float("inf"), help="Exit 1 above this P95 latency."),
) -> None:
    """Run a golden set through the guard and report; exits 1 when a threshold is missed."""
    from tqdm import tqdm

    from guard.eval.golden import load_golden, run_case, summarise
    from guard.pipeline import guarded_completion
    from retrievers.knowledge_base import KnowledgeBase

    cases = load_golden(golden)[:limit]
    kb = KnowledgeBase.load(index) if index else _example_kb()
    out.mkdir(parents=True, exist_ok=True)
    results = []
    with (out / "results.jsonl").open("w", encoding="utf-8") as sink:
        for case in tqdm(cases, desc="golden set", unit="case"):
            result = run_case(
                case, lambda q: guarded_completion(question=q, knowledge_base=kb, model=model, policy=policy)
            )
            sink.write(result.model_dump_json() + "\n")
            results.append(result)
    summary = summarise(results)
    (out / "summary.json").write_text(summary.model_dump_json(indent=2), encoding="utf-8")
    typer.echo(json.dumps(summary.model_dump(exclude={"by_category"}), indent=2))
    failures = _missed(summary, {
        "behaviour_accuracy": min_behaviour_accuracy,
        "refusal_recall": min_refusal_recall,
        "faithfulness_mean": min_faithfulness,
        "citation_validity": min_citation_validity,
    }, max_latency_p95_ms)
    for failure in failures:
        typer.secho(f"below threshold: {failure}", fg=typer.colors.RED, err=True)
    if failures:
        sys.exit(1)


def _missed(summary, minimums: dict[str, float], max_latency_p95_ms: float) -> list[str]:
    missed = []
    for key, minimum in minimums.items():
        value = getattr(summary, key)
        if minimum > 0 and (value is None or value < minimum):
            missed.append(f"{key} = {value} < {minimum}")
    if summary.latency_p95_ms > max_latency_p95_ms:
        missed.append(f"latency_p95_ms = {summary.latency_p95_ms:.0f} > {max_latency_p95_ms:.0f}")
    return missed


def example_index_dir(kb: Path = EXAMPLE_KB) -> Path:
    """Where the index of ``kb`` is built once: under ``$RAGGUARD_CACHE_DIR`` or ``~/.cache/ragguard``.

    The folder name carries a digest of the documents, so an edited knowledge base gets a
    fresh index instead of answers from a stale one.
    """
    digest = hashlib.sha256()
    for path in sorted(p for p in kb.glob("*") if p.is_file()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    root = os.environ.get("RAGGUARD_CACHE_DIR") or Path.home() / ".cache" / "ragguard"
    return Path(root).expanduser() / f"example-index-{digest.hexdigest()[:12]}"


def _example_kb():
    from guard.errors import IndexFormatError, InputError
    from retrievers.knowledge_base import KnowledgeBase

    if not EXAMPLE_KB.is_dir():
        raise InputError(
            f"The example knowledge base {EXAMPLE_KB} is missing from this installation: reinstall ragguard."
        )
    index = example_index_dir()
    if index.exists():
        try:
            return KnowledgeBase.load(index)
        except IndexFormatError as exc:  # an index from an older version is rebuilt, not reported
            typer.echo(f"rebuilding the example index ({exc})", err=True)
    typer.echo(f"building the example index from {EXAMPLE_KB} ...", err=True)
    kb = KnowledgeBase.from_directory(EXAMPLE_KB)
    kb.save(index)
    return kb


def render_response(response: "GuardedResponse") -> str:
    """A terminal view: question, answer, the passages it cites, the decision and why."""
    numbers = {p.id: i for i, p in enumerate(response.retrieval.passages, start=1)}
    cited = sorted({pid for v in response.verification.claims for pid in v.cited_passage_ids},
                   key=lambda pid: numbers.get(pid, 0))
    by_id = {p.id: p for p in response.retrieval.passages}
    gate = response.retrieval.gate
    lines = [
        f"Q: {response.question}",
        f"A: {response.answer}",
    ]
    for pid in cited:
        passage = by_id[pid]
        where = Path(passage.source).name if passage.source else pid
        lines.append(f"   [{numbers[pid]}] {where}: {passage.text[:90].strip()}...")
    lines.append(
        f"   decision: {response.decision.action.value} (policy {response.decision.policy}); "
        f"gate relevance {gate.relevance:.2f} vs {gate.threshold:.2f}, "
        f"faithfulness {response.verification.faithfulness:.2f}, drafts {response.attempts}"
    )
    for reason in response.decision.reasons:
        lines.append(f"   - {reason.condition.value} → {reason.action.value}: {reason.detail}")
    return "\n".join(lines)
