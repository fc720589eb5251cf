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
    """Build the example index if missing, then show the model's draft and the guarded answer side by side."""
    import time

    started = time.perf_counter()  # the summary's time: models, index and every question included
    from rich.console import Console

    from guard.cli.demo import DEMO, print_demo, run_demo
    from guard.llm.testing import register_scripted_model
    from guard.pipeline import guarded_completion
    from guard.policy import load_policy

    profile = load_policy(policy)
    kb = _example_kb()

    def answer(item):
        used = model
        if item.recorded_draft is not None:  # labelled as recorded on screen (guard/cli/demo.py)
            used = register_scripted_model(f"recorded-draft-{DEMO.index(item)}", item.recorded_draft).model
        return guarded_completion(question=item.question, knowledge_base=kb, model=used, policy=profile)

    rows = run_demo(DEMO, answer, profile)
    print_demo(rows, time.perf_counter() - started, Console())


@eval_app.command("golden")
def eval_golden(
    golden: Optional[Path] = typer.Argument(
        None, help="Golden questions JSONL (e.g. examples/golden.jsonl), answered live by --model."
    ),
    drafts: Optional[Path] = typer.Option(
        None, "--drafts",
        help="Labelled drafts JSONL (e.g. examples/drafts.jsonl), run with a scripted model.",
    ),
    index: Optional[Path] = typer.Option(None, "--index", help="Index folder (default: the example index)."),
    policy: list[str] = typer.Option(
        ["default"], "--policy", help="Profile name or YAML path; repeat for several profiles."
    ),
    split: str = typer.Option(
        "all", "--split", help="dev, test, val11h (labelled drafts only) or all: which labelled items to report on."
    ),
    fit: list[str] = typer.Option(
        [], "--fit", help="Fit this profile's thresholds to --target on the dev drafts (needs --drafts); "
        "repeat with one --target each.",
    ),
    target: list[str] = typer.Option(
        [], "--target",
        help='e.g. "wrong_kept_from_user>=0.95" or "wrong_unmarked<=0.10,correct_altered<=0.10".',
    ),
    support_grid: str = typer.Option(
        "", "--support-grid",
        help="Extra min_support values for --fit, e.g. 0.6,0.8 (each re-verifies every draft).",
    ),
    write: bool = typer.Option(
        False, "--write", help="Write the fitted thresholds into policies/<profile>.yaml."
    ),
    folds: int = typer.Option(
        5, "--folds", min=2, help="Cross-validation folds of the dev drafts for --fit (by question and document)."
    ),
    fit_rule: str = typer.Option(
        "margin", "--fit-rule",
        help="When a point meets --target on dev: margin (with a margin from the fold spread), "
        "every_fold, or pooled (all dev drafts, no margin).",
    ),
    margin_z: float = typer.Option(1.0, "--margin-z", min=0.0, help="Standard errors of margin (--fit-rule margin)."),
    model: str = typer.Option(DEFAULT_MODEL, "--model"),
    out: Path = typer.Option(
        Path("runs/golden"), "--out", help="Folder for results, metrics.json, report.md and the plot."
    ),
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Only the first N golden questions."),
    min_behaviour_accuracy: float = typer.Option(0.0, help="Exit 1 below this answer/refusal accuracy."),
    min_refusal_recall: float = typer.Option(0.0, help="Exit 1 below this refusal recall."),
    min_faithfulness: float = typer.Option(0.0, help="Exit 1 below this mean faithfulness."),
    min_citation_validity: float = typer.Option(0.0, help="Exit 1 below this share of valid citations."),
    max_latency_p95_ms: float = typer.Option(float("inf"), help="Exit 1 above this P95 latency."),
) -> None:
    """Golden questions (live model) and labelled drafts (scripted model) through the guard, per profile.

    With --fit PROFILE --target ..., the profile's thresholds are grid-searched on the dev
    drafts and the chosen point is reported on the test drafts. Exits 1 when a golden-set
    threshold is missed.
    """
    from typing import get_args

    from guard.errors import InputError
    from guard.eval.drafts import Split as DraftSplit
    from guard.eval.operating_report import OperatingPointsReport, write_outputs
    from guard.policy import load_policy

    splits = (*get_args(DraftSplit), "all")
    if split not in splits:
        raise InputError(f"--split {split!r}: use {', '.join(splits[:-1])} or all.")
    if golden is None and drafts is None:
        raise InputError("Give a golden set (argument), --drafts FILE, or both.")
    if fit and (drafts is None or len(target) != len(fit)):
        raise InputError(
            "--fit needs --drafts FILE and one --target per --fit, "
            "e.g. --fit medical --target \"wrong_kept_from_user>=0.95\"."
        )
    profiles = [load_policy(name) for name in policy]
    out.mkdir(parents=True, exist_ok=True)
    report = OperatingPointsReport(split=split, drafts_file=str(drafts) if drafts else None)
    failures: list[str] = []
    if golden is not None:
        failures = _live_golden(golden, profiles, index, model, out, limit, split, report, {
            "behaviour_accuracy": min_behaviour_accuracy,
            "refusal_recall": min_refusal_recall,
            "faithfulness_mean": min_faithfulness,
            "citation_validity": min_citation_validity,
        }, max_latency_p95_ms)
    if drafts is not None:
        _labelled_drafts(drafts, profiles, split, out, report, fit, target, support_grid, write,
                         _fit_settings(folds, fit_rule, margin_z))
    written = write_outputs(report, out)
    typer.echo("wrote " + ", ".join(str(p) for p in written.values()), err=True)
    for failure in failures:
        typer.secho(f"below threshold: {failure}", fg=typer.colors.RED, err=True)
    if failures:
        sys.exit(1)


def _live_golden(golden, profiles, index, model, out, limit, split, report, minimums, max_latency_p95_ms):
    """The golden questions answered by the model under each profile; returns the missed thresholds."""
    from tqdm import tqdm

    from guard.eval.golden import load_golden, run_case, summarise
    from guard.eval.operating_report import GoldenGate
    from guard.pipeline import guarded_completion
    from retrievers.knowledge_base import KnowledgeBase

    cases = [c for c in load_golden(golden) if split == "all" or c.split == split]
    cases = cases[:limit]
    kb = KnowledgeBase.load(index) if index else _example_kb()
    failures = []
    for profile in profiles:
        # One profile keeps the historical file names; several get one file each.
        suffix = "" if len(profiles) == 1 else f"-{profile.name}"
        results = []
        with (out / f"results{suffix}.jsonl").open("w", encoding="utf-8") as sink:
            for case in tqdm(cases, desc=f"golden set ({profile.name})", unit="case"):
                result = run_case(case, lambda q: guarded_completion(
                    question=q, knowledge_base=kb, model=model, policy=profile))
                sink.write(result.model_dump_json() + "\n")
                results.append(result)
        summary = summarise(results)
        (out / f"summary{suffix}.json").write_text(summary.model_dump_json(indent=2), encoding="utf-8")
        shown = {"policy": profile.name} | summary.model_dump(exclude={"by_category"})
        typer.echo(json.dumps(shown, indent=2))
        answerable = [r for r in results if r.expect == "answer"]
        report.golden.append(GoldenGate(
            policy=profile.name,
            answerable=len(answerable),
            gate_refused_answerable=sum(r.gate_refused for r in answerable),
            template_echo_drafts=sum(r.template_echo > 0 for r in results),
            summary=summary,
        ))
        failures += [f"{profile.name}: {m}" for m in _missed(summary, minimums, max_latency_p95_ms)]
    return failures


def _fit_settings(folds: int, rule: str, margin_z: float):
    from guard.errors import InputError
    from guard.eval.operating_points import ChoiceRule, FitSettings

    if rule not in ChoiceRule.__members__:
        raise InputError(f"--fit-rule {rule!r}: use one of {', '.join(ChoiceRule.__members__)}.")
    return FitSettings(folds=folds, rule=ChoiceRule(rule), margin_z=margin_z)


def _labelled_drafts(path, profiles, split, out, report, fit, target, support_grid, write, settings=None):
    """Every labelled draft under each profile, then the fit when asked for.

    The fit searches and cross-validates on the dev drafts; it measures its choice on the test
    drafts only when the run reports on them (--split test or all), so a dev run never reads test.
    """
    from tqdm import tqdm

    from guard.errors import InputError
    from guard.eval.drafts import HELD_SPLITS, classify, load_drafts, prepare_draft
    from guard.eval.operating_points import FitSettings, parse_target, summarise_outcomes
    from guard.policy import load_policy

    targets = [parse_target(t) for t in target]  # bad targets fail before any work
    settings = settings or FitSettings()
    everything = load_drafts(path)
    chosen = [d for d in everything if split == "all" or d.split == split]
    if not chosen:
        raise InputError(f"{path} holds no draft with split {split!r}.")
    runs_by_profile = {}
    for profile in profiles:
        bar = tqdm(chosen, desc=f"{profile.name}: retrieval", unit="draft")
        runs = [prepare_draft(d, profile) for d in bar]
        outcomes = [classify(r, profile) for r in tqdm(runs, desc=f"{profile.name}: drafts", unit="draft")]
        runs_by_profile[profile.name] = runs
        with (out / f"drafts-{profile.name}.jsonl").open("w", encoding="utf-8") as sink:
            sink.writelines(o.model_dump_json() + "\n" for o in outcomes)
        # With --split all, each part is summarised apart too: the held figures are test's and val11h's.
        for part in [split] + (["dev", *HELD_SPLITS] if split == "all" else []):
            chosen_part = [o for o in outcomes if part == "all" or o.split == part]
            if not chosen_part:
                continue
            summary = summarise_outcomes(chosen_part, profile.name, part)
            report.profiles.append(summary)
            typer.echo(json.dumps({"policy": profile.name, "split": part} | summary.metrics.model_dump()))
    supports = [float(v) for v in support_grid.split(",") if v.strip()]
    for name, text, constraints in zip(fit, target, targets, strict=True):
        profile = load_policy(name)
        # Runs already made for this profile keep their verifications: the fit re-decides only.
        known = {r.draft.id: r for r in runs_by_profile.get(profile.name, [])} if profile in profiles else {}
        # The fit reports on test only when the run does (--split test or all): a dev or val11h run never reads test.
        wanted = [d for d in everything if d.split == "dev" or (d.split == "test" and split in ("test", "all"))]
        runs = [known.get(d.id) or prepare_draft(d, profile)
                for d in tqdm(wanted, desc=f"{profile.name}: retrieval for the fit", unit="draft")]
        dev = [r for r in runs if r.draft.split == "dev"]
        test = [r for r in runs if r.draft.split == "test"]
        command = (f"ragguard eval golden --drafts {path} --split {split} --fit {name} --target \"{text}\""
                   f" --folds {settings.folds} --fit-rule {settings.rule.value}"
                   + (f" --margin-z {settings.margin_z:g}" if settings.rule.value == "margin" else "")
                   + (f" --support-grid {support_grid}" if supports else ""))
        report.fits.append(_fit(profile, dev, test, constraints, supports, command, name, write, out, settings))


def _fit(profile, dev, test, constraints, supports, command, fit_name, write, out, settings):
    from tqdm import tqdm

    from guard.eval.operating_points import fit as fit_thresholds, threshold_grid, write_fitted_profile

    total = len(threshold_grid(profile, supports))
    with tqdm(total=total, desc=f"{profile.name}: threshold grid (dev)", unit="point") as bar:
        result, _ = fit_thresholds(profile, dev, test, constraints, support_values=supports,
                                   settings=settings,
                                   command=command, progress=bar.update)
    source = _profile_file(fit_name)
    destination = source if write else out / f"{profile.name}.fitted.yaml"
    write_fitted_profile(source, result, destination)
    status = "met" if result.met else "NOT MET by any grid point (closest point written)"
    typer.secho(f"fit {profile.name}: target {status} on dev; thresholds {result.chosen}", err=True,
                fg=typer.colors.GREEN if result.met else typer.colors.RED)
    typer.echo(json.dumps({"fit": profile.name, "met": result.met, "dev": result.dev.model_dump(),
                           "cv": result.cv.estimate.model_dump() if result.cv else None,
                           "test": result.test.model_dump() if result.test else None}))
    typer.echo(f"fitted profile: {destination}", err=True)
    return result


def _profile_file(name: str) -> Path:
    """The YAML file of a profile: a packaged profile by name, else the path given."""
    import policies

    path = Path(name)
    if path.suffix in (".yaml", ".yml") or "/" in name:
        return path
    return Path(policies.__file__).resolve().parent / f"{name}.yaml"


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
