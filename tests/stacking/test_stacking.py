"""Training the stacked detector on a tiny slice of RAGTruth train minus dev, end to end."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from guard.eval.ragtruth import RagTruthRecord, Task, load_ragtruth, split_dev
from guard.verifiers.api import verify
from guard.verifiers.stacked import (
    BASE_FEATURES,
    JUDGE_FEATURES,
    StackedVerifier,
    grounding_fingerprint,
    is_generator_feature,
    load_stacked,
)
from guard.verifiers.stage import build_settings
from training.stacking.dataset import cached_prefix, extract_reports, select_records, training_rows
from training.stacking.fit import CANDIDATES, Candidate, _fit_heads, _standardiser, choose, fit_stacked
from training.stacking.train import StackedSettings

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "ragtruth"


@pytest.fixture(scope="module")
def train() -> list[RagTruthRecord]:
    records, _ = split_dev(load_ragtruth(DATA, splits=["train"]))
    return records


@pytest.fixture(scope="module")
def tiny(train) -> list[RagTruthRecord]:
    """Ten short QA answers from ten sources, five hallucinated."""
    picked: dict[bool, list[RagTruthRecord]] = {True: [], False: []}
    sources: set[str] = set()
    for record in select_records(train, 400):
        if record.task is Task.qa and len(record.answer) < 400 and record.source_id not in sources:
            if len(picked[record.label]) < 5:
                picked[record.label].append(record)
                sources.add(record.source_id)
    return picked[True] + picked[False]


def test_selection_is_stable_stratified_and_interleaved(train):
    last = max(train, key=lambda r: hashlib.sha256(r.id.encode()).hexdigest())  # in no task's first four
    chosen = select_records(train, 4, extra_ids=[last.id, "not-a-train-id"])
    assert chosen == select_records(list(reversed(train)), 4, extra_ids=[last.id])
    assert chosen[0] == last  # the extra ids come first; ids outside train minus dev are ignored
    tasks = [r.task.value for r in chosen[1:]]
    assert tasks == ["Data2txt", "QA", "Summary"] * 4  # one per task in turn
    assert len({r.id for r in chosen}) == len(chosen) == 13
    _, dev = split_dev(load_ragtruth(DATA, splits=["train"]))
    assert not {r.source_id for r in dev} & {r.source_id for r in chosen}


def test_standardiser_ignores_undefined_values():
    x = np.array([[1.0, np.nan, 5.0], [3.0, np.nan, 5.0], [np.nan, np.nan, 5.0]])
    mean, scale = _standardiser(x)
    assert mean.tolist() == [2.0, 0.0, 5.0]
    assert scale.tolist() == [1.0, 1.0, 1.0]


def test_choose_prefers_calibration_on_near_ties():
    def result(auroc, ece):
        return {"overall": {"auroc": auroc, "ece": ece}}

    results = {"lr": result(0.800, 0.02), "lr_balanced": result(0.803, 0.15), "gbm": result(0.95, 0.01)}
    assert choose(results) == "lr"  # gbm is never shipped; 0.003 AUROC does not buy 0.13 ECE
    results["lr_extended"] = result(0.820, 0.05)
    assert choose(results) == "lr_extended"
    results["lr+grounding"] = result(0.9, 0.01)
    assert choose(results) == "lr_extended"  # grounding features only when allowed
    assert choose(results, grounding=True) == "lr+grounding"


def test_choose_keeps_the_generator_out_of_the_default_heads():
    def result(auroc, ece):
        return {"overall": {"auroc": auroc, "ece": ece}}

    results = {"lr": result(0.80, 0.02), "lr+generator": result(0.88, 0.02), "lr/within": result(0.81, 0.02)}
    assert choose(results) == "lr/within"
    assert choose(results, generator=True) == "lr+generator"
    assert choose({"lr": result(0.8, 0.02)}, generator=True) is None


def test_the_default_heads_are_chosen_by_ranking_within_task_and_generator():
    def result(pooled, within, ece=0.02):
        return {"overall": {"auroc": pooled, "ece": ece}, "within_task_generator": {"pooled_ranks_auroc": within}}

    # The pooled AUROC rewards telling generators (and tasks) apart; the default heads serve one generator.
    results = {"lr": result(0.86, 0.70), "lr_judge": result(0.84, 0.78), "lr+generator": result(0.90, 0.70),
               "lr_judge+generator": result(0.88, 0.78)}
    candidates = [*CANDIDATES, Candidate("lr_judge+generator", "lr", judge=True, generator=True)]
    assert choose(results, candidates=candidates) == "lr_judge"
    assert choose(results, generator=True, candidates=candidates) == "lr+generator"
    judge = Candidate("lr_judge", "lr", judge=True)
    assert set(JUDGE_FEATURES) <= set(judge.features) and not set(JUDGE_FEATURES) & set(Candidate("lr", "lr").features)


def _row(i, model, label):
    from training.stacking.dataset import TrainingRow

    rng = np.random.default_rng(i)
    features = {name: float(rng.normal()) for name in BASE_FEATURES}
    features.update({f"family_{f}": float(f == model) for f in ("llama-2", "gpt", "mistral", "other")})
    features["novel_word_share"] += 1.5 * label
    return TrainingRow(id=str(i), source_id=str(i), task="QA", kind="qa", model=model, label=label,
                       features=features)


def test_a_within_candidate_is_fitted_with_the_generator_and_shipped_without_it():
    rows = [_row(i, ("gpt", "llama-2")[i % 2], bool((i // 2) % 3 == 0 or (i % 2 and i % 5 == 0)))
            for i in range(60)]  # fmt: skip
    with_generator = _fit_heads(Candidate("lr+generator", "lr", generator=True), rows)["all"]
    within = _fit_heads(Candidate("lr/within", "lr", within=True), rows)["all"]
    assert not any(is_generator_feature(f) for f in within.features)
    assert any(is_generator_feature(f) for f in with_generator.features)
    # The same weights; reading the one-hots at the training mean is dropping them.
    shared = {f: c for f, c in zip(with_generator.features, with_generator.coef) if not is_generator_feature(f)}
    assert dict(zip(within.features, within.coef)) == pytest.approx(shared)
    at_mean = dict(rows[0].features)
    at_mean.update({f: m for f, m in zip(with_generator.features, with_generator.mean) if is_generator_feature(f)})
    assert within.logit(rows[0].features) == pytest.approx(with_generator.logit(at_mean))


def test_tiny_slice_trains_a_loadable_artifact_that_scores(train, tiny, tmp_path):
    cache = tmp_path / "reports.jsonl"
    assert extract_reports(tiny, cache, progress=False) == len(tiny)
    assert extract_reports(tiny, cache, progress=False) == 0  # resumed: nothing left to verify
    assert cached_prefix(tiny, cache) == len(tiny)
    stranger = next(r for r in select_records(train, 1) if r not in tiny)
    assert cached_prefix([*tiny[:3], stranger, *tiny[3:]], cache) == 3
    # A report is reused only for the same content: an edited answer under the same id is verified again.
    edited = tiny[1].model_copy(update={"answer": tiny[1].answer + " It was 1984."})
    assert cached_prefix([tiny[0], edited, *tiny[2:]], cache) == 1
    assert cache.with_suffix(".meta.json").is_file()
    rows = training_rows(tiny, cache)
    assert [r.id for r in rows] == [r.id for r in tiny]
    assert set(BASE_FEATURES) <= set(rows[0].features)

    model = fit_stacked(rows, grounding_fingerprint=grounding_fingerprint(), command="test", trained_on={})
    assert model.cv["chosen"] in {c.name for c in CANDIDATES if c.kind == "lr" and not c.per_kind}
    assert set(model.cv["candidates"]) == {c.name for c in CANDIDATES}
    # Ten QA answers hold no summary or data2txt rows: the per-kind candidates say so instead of failing.
    for candidate in (c for c in CANDIDATES if c.per_kind):
        assert "needs both labels among the 'summary' rows" in model.cv["candidates"][candidate.name]["skipped"]
    assert list(model.heads) == ["all"]
    # The claim head: fitted on every claim, its threshold chosen for span F1 on OOF predictions.
    assert model.claims is not None and list(model.claims.heads) == ["all"]  # QA claims only: one pooled head
    assert model.claims.cv["claims"] == sum(len(r.claim_labels) for r in rows)
    assert 0.0 <= model.claims.cv["spans"]["f1"] <= 1.0
    for row, record in zip(rows, tiny, strict=True):
        overlapping = [any(s.start < end and start < s.end for s in record.spans) for start, end in row.claim_spans]
        assert row.claim_labels == overlapping
    assert any(any(r.claim_labels) for r in rows)
    assert model.trained_on["responses"] == len(tiny)
    artifact = tmp_path / "stacked.json"
    artifact.write_text(model.model_dump_json(indent=2), encoding="utf-8")
    assert load_stacked(artifact) == model
    assert json.loads(artifact.read_text())["format"] == "ragguard-stacked/3"
    # The default heads read no generator; the opt-in heads were chosen among those that do.
    assert not any(is_generator_feature(f) for head in model.heads.values() for f in head.features)
    assert model.cv["chosen_generator"] in {c.name for c in CANDIDATES if c.generator}
    assert model.generator_heads is not None and model.generator_threshold is not None
    overall = model.cv["candidates"][model.cv["chosen"]]
    assert set(overall["per_generator"]) == {r.model for r in rows}
    assert overall["within_generator"]["generators"] <= len(overall["per_generator"])

    verifier = StackedVerifier(artifact)
    assert verifier.threshold == model.threshold
    record = tiny[0]
    from guard.verifiers import registry

    registry.register_verifier("stacked", lambda: StackedVerifier(artifact))
    try:
        settings = build_settings(["support", "egc", "grounding", "stacked"], deadline_s=600)
        report = verify(question=record.question, contexts=record.passages, answer=record.answer,
                        generator=record.model, settings=settings)
    finally:
        registry._registered.pop("stacked")
    assert report.failures == []
    assert 0.0 <= report.hallucination_probability <= 1.0


def test_recorded_command_reproduces_the_verified_prefix():
    settings = StackedSettings(data_dir=DATA, out=Path("x.json"), per_task=600,
                               extra_ids_from=Path(".cache/franq/scores.jsonl"))
    assert settings.command() == (
        f"ragguard train stacked --data {DATA} --out x.json --per-task 600 "
        "--extra-ids-from .cache/franq/scores.jsonl"
    )
    assert settings.command(1234).endswith("--limit 1234")


def test_cli_names_a_missing_ids_file(tmp_path):
    from typer.testing import CliRunner

    from guard.cli import app

    result = CliRunner().invoke(app, ["train", "stacked", "--data", str(DATA), "--extra-ids-from",
                                      str(tmp_path / "nope.jsonl"), "--out", str(tmp_path / "a.json")])
    assert result.exit_code != 0
    assert "nope.jsonl is not a file" in str(result.exception)


def test_lean_candidates_read_no_author_feature_and_claims_candidates_read_the_claim_signals():
    from guard.verifiers.stacked import AUTHOR_FEATURES, CLAIM_SIGNAL_FEATURES

    lean = Candidate("x", "lr", extended=True, judge=True, claims=True, lean=True)
    full = Candidate("y", "lr", extended=True, judge=True, claims=True)
    assert set(CLAIM_SIGNAL_FEATURES) <= set(lean.features)
    assert set(CLAIM_SIGNAL_FEATURES) <= set(full.features)
    assert not set(AUTHOR_FEATURES) & set(lean.features) and set(AUTHOR_FEATURES) <= set(full.features)
    assert not set(CLAIM_SIGNAL_FEATURES) & set(Candidate("z", "lr", extended=True, judge=True).features)
    assert not any(is_generator_feature(f) for f in lean.features)


def test_audit_tells_a_feature_that_names_the_author_from_one_that_knows_the_truth():
    from training.stacking.audit import audit_features, generator_accuracy
    from training.stacking.dataset import TrainingRow

    rows = []
    for i in range(120):
        model, label = ("gpt", "llama")[i % 2], bool((i // 2) % 2)
        author = float(model == "llama") + 0.01 * (i % 7)  # who wrote it, whatever the truth
        truth = float(label) + 0.01 * (i % 5)
        rows.append(TrainingRow(id=str(i), source_id=str(i // 6), task="QA", kind="qa", model=model,
                                label=label, features={"author": author, "truth": truth}))
    figures = audit_features(rows, ["author", "truth"])
    assert figures["author"]["generator"] == 1.0 and figures["author"]["within"] < 0.7
    assert figures["truth"]["within"] == 1.0 and figures["truth"]["generator"] < 0.6
    assert generator_accuracy(rows, ["author"]) == 1.0
    assert generator_accuracy(rows, ["truth"]) <= 0.6
