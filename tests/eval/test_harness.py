"""The evaluation harness on small RAGTruth slices: outputs, thresholds, resume, formats, skips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sklearn.metrics import precision_recall_fscore_support, roc_auc_score
from typer.testing import CliRunner

from guard.cli import app
from guard.errors import ConfigError, InputError
from guard.eval import thresholds as thresholds_module
from guard.eval.cache import CacheEntry, ScoreCache
from guard.eval.detectors import DetectorOutput, SharedVerification
from guard.eval.detectors.base import EVAL_DEADLINE_S
from guard.eval.detectors.lexical import LexicalDetector
from guard.eval.detectors.registry import _registered
from guard.eval.harness import DatasetInfo, EvalReport, evaluate
from guard.eval.ragtruth import RagTruthRecord, load_ragtruth
from guard.eval.records import EvalRecord, limit_records, load_generic, load_ragtruth_split, select_ragtruth
from guard.eval.thresholds import (
    StoredThreshold,
    ThresholdInfo,
    ThresholdStore,
    save_thresholds,
    stored_threshold,
)

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "ragtruth"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def ragtruth() -> list[RagTruthRecord]:
    return load_ragtruth(DATA)


@pytest.fixture(scope="module")
def dev30(ragtruth) -> list[EvalRecord]:
    return limit_records(select_ragtruth(ragtruth, "dev"), 30)


@pytest.fixture
def lexical_threshold(tmp_path, monkeypatch) -> float:
    """A thresholds file of our own (the committed one may be refitted at any time)."""
    path = tmp_path / "thresholds.json"
    entry = StoredThreshold(
        threshold=0.3,
        detector_version=LexicalDetector.version,
        train_f1=0.5,
        responses=1,
        hallucinated=1,
        fitted_on="a test",
        command="none",
    )
    save_thresholds(ThresholdStore(detectors={"lexical": entry}), path)
    monkeypatch.setattr(thresholds_module, "THRESHOLDS_PATH", path)
    return 0.3


def _metrics_without_timing(out: Path) -> dict:
    data = json.loads((out / "metrics.json").read_text())
    data.pop("timing")
    data["dataset"].pop("limit")
    for result in data["detectors"].values():
        result.pop("timing")
    return data


def _dataset(limit=None) -> DatasetInfo:
    return DatasetInfo(kind="ragtruth", path=str(DATA), split="dev", limit=limit)


def test_a_run_writes_metrics_report_scores_and_plots(dev30, lexical_threshold, tmp_path):
    out = tmp_path / "report"
    report = evaluate(dev30, ["lexical"], out, _dataset(), progress=False)
    assert EvalReport.model_validate_json((out / "metrics.json").read_text()) == report
    for name in ("roc", "score_distributions"):
        assert (out / "plots" / f"{name}.png").read_bytes()[:8] == PNG_MAGIC
    rows = [json.loads(line) for line in (out / "scores.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rows] == [r.id for r in dev30]
    labels, scores = [r["label"] for r in rows], [r["scores"]["lexical"] for r in rows]
    lexical = report.detectors["lexical"]
    # F1 at the stored threshold, not one chosen on this split.
    assert lexical.threshold.value == lexical_threshold
    precision, recall, f1, _ = precision_recall_fscore_support(
        labels, [int(s >= lexical_threshold) for s in scores], average="binary", zero_division=0
    )
    assert (lexical.overall.precision, lexical.overall.recall, lexical.overall.f1) == pytest.approx(
        (precision, recall, f1)
    )
    assert lexical.overall.auroc == pytest.approx(roc_auc_score(labels, scores))
    assert sum(m.responses for m in lexical.by_task.values()) == 30
    assert sum(m.responses for m in lexical.by_model.values()) == 30
    # Within generator: the AUROC among each model's responses, averaged and the lowest.
    per_model = [
        roc_auc_score([r["label"] for r in rows if r["model"] == model],
                      [r["scores"]["lexical"] for r in rows if r["model"] == model])
        for model in sorted({r["model"] for r in rows})
        if len({r["label"] for r in rows if r["model"] == model}) == 2
    ]  # fmt: skip
    assert lexical.within_generator.generators == len(per_model) > 0
    assert lexical.within_generator.mean_auroc == pytest.approx(sum(per_model) / len(per_model))
    assert lexical.within_generator.min_auroc == pytest.approx(min(per_model))
    # The protocol's figure: ranks normalised inside each model, then one pooled AUROC.
    from scipy.stats import rankdata

    ranks = {}
    for model in {r["model"] for r in rows}:
        mine = [r for r in rows if r["model"] == model]
        ranks.update(zip([r["id"] for r in mine], (rankdata([r["scores"]["lexical"] for r in mine]) - 0.5) / len(mine)))
    pooled = roc_auc_score([r["label"] for r in rows], [ranks[r["id"]] for r in rows])
    assert lexical.within_generator.pooled_ranks_auroc == pytest.approx(pooled)
    assert "AUROC within generator (pooled ranks; mean / min)" in (out / "report.md").read_text()
    assert lexical.spans is None and lexical.overall.ece is None  # marks no spans; a share, not a probability
    text = (out / "report.md").read_text()
    assert "| RAG-HAT | 74.8 | 83.9 |" in text and "**ragguard lexical**" in text
    assert "![roc](plots/roc.png)" in text


def test_a_run_resumed_after_a_limit_gives_the_uninterrupted_metrics(dev30, lexical_threshold, tmp_path):
    resumed, fresh = tmp_path / "resumed", tmp_path / "fresh"
    evaluate(limit_records(dev30, 10), ["lexical"], resumed, _dataset(10), progress=False)
    report = evaluate(dev30, ["lexical"], resumed, _dataset(), progress=False)
    assert (report.detectors["lexical"].timing.from_cache, report.detectors["lexical"].timing.computed) == (
        10,
        20,
    )
    evaluate(dev30, ["lexical"], fresh, _dataset(), progress=False)
    assert _metrics_without_timing(resumed) == _metrics_without_timing(fresh)


@pytest.mark.slow
def test_a_run_resumed_after_a_crash_gives_the_uninterrupted_metrics(ragtruth, tmp_path, monkeypatch):
    from guard.eval.detectors.support import SupportDetector

    records = limit_records(select_ragtruth(ragtruth, "dev", tasks=["QA"]), 8)
    fresh, resumed = tmp_path / "fresh", tmp_path / "resumed"
    evaluate(records, ["lexical", "support"], fresh, _dataset(), progress=False)
    real_score, calls = SupportDetector.score, []

    def crashing_score(self, record):
        calls.append(record.id)
        if len(calls) == 4:  # the untimed warm-up call, then responses 1 and 2, then a crash
            raise RuntimeError("injected crash")
        return real_score(self, record)

    monkeypatch.setattr(SupportDetector, "score", crashing_score)
    with pytest.raises(RuntimeError, match="injected crash"):
        evaluate(records, ["lexical", "support"], resumed, _dataset(), progress=False)
    monkeypatch.setattr(SupportDetector, "score", real_score)
    report = evaluate(records, ["lexical", "support"], resumed, _dataset(), progress=False)
    assert report.detectors["support"].timing.from_cache == 2
    assert _metrics_without_timing(resumed) == _metrics_without_timing(fresh)
    support = report.detectors["support"]
    assert support.spans is not None and support.spans.responses == 8
    assert support.overall.ece is not None and support.timing.verify_seconds > 0
    assert (resumed / "plots" / "reliability.png").read_bytes()[:8] == PNG_MAGIC


def _generic_line(record: EvalRecord) -> dict:
    return {
        "id": record.id,
        "question": record.question,
        "contexts": record.contexts,
        "answer": record.answer,
        "label": int(record.label),
        "spans": [s.model_dump() for s in record.spans],
        "model": record.model,
        "task": record.task,
    }


def test_the_generic_format_gives_the_ragtruth_run_its_metrics(dev30, lexical_threshold, tmp_path):
    path = tmp_path / "data.jsonl"
    path.write_text("\n".join(json.dumps(_generic_line(r)) for r in dev30) + "\n\n")
    assert load_generic(path) == dev30
    result = CliRunner().invoke(
        app,
        [
            "eval",
            "generic",
            "--path",
            str(path),
            "--detectors",
            "lexical",
            "--out",
            str(tmp_path / "g"),
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "lexical" in result.stdout
    ragtruth = evaluate(dev30, ["lexical"], tmp_path / "r", _dataset(), progress=False)
    generic = EvalReport.model_validate_json((tmp_path / "g" / "metrics.json").read_text())
    assert generic.detectors["lexical"].overall == ragtruth.detectors["lexical"].overall
    assert generic.detectors["lexical"].by_task == ragtruth.detectors["lexical"].by_task


def test_generic_bad_lines_are_errors_naming_each_line(tmp_path):
    good = {"question": "q", "contexts": ["Paris is in France."], "answer": "Paris is in France.", "label": 0}
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({**good, "answer": None}),
        "",
        json.dumps({**good, "label": 2}),
        json.dumps({**good, "label": 1, "spans": [{"start": 5, "end": 99}]}),
        json.dumps({**good, "spans": [{"start": 0, "end": 5}]}),
        json.dumps({**good, "contexts": "Paris"}),
        json.dumps({**good, "id": "1"}),  # repeats line 1's default id
    ]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as caught:
        load_generic(path)
    message = str(caught.value)
    for number in (2, 3, 5, 6, 7, 8, 9):
        assert f"line {number}:" in message
    assert "line 1:" not in message and "line 4:" not in message
    assert (
        "invalid JSON" in message
        and "label must be 0 or 1" in message
        and "is not a non-empty span" in message
    )


def test_splits_train_and_dev_are_disjoint_by_source_and_test_errors_when_absent(ragtruth):
    dev = select_ragtruth(ragtruth, "dev", tasks=["QA"], models=["gpt-4-0613"])
    train = select_ragtruth(ragtruth, "train", tasks=["QA"], models=["gpt-4-0613"])
    assert dev and train and {r.task for r in dev} == {"QA"} and {r.model for r in dev} == {"gpt-4-0613"}
    assert not {r.id for r in dev} & {r.id for r in train}
    with pytest.raises(InputError, match="no official test split"):
        select_ragtruth(ragtruth, "test")
    with pytest.raises(InputError, match="unknown task"):
        select_ragtruth(ragtruth, "dev", tasks=["Poetry"])


def test_the_test_split_is_read_when_the_copy_has_one(tmp_path):
    sources = [json.loads(line) for line in (DATA / "source_info.jsonl").open().readlines()[:2]]
    keep = {s["source_id"] for s in sources}
    responses = [json.loads(line) for line in (DATA / "response.jsonl").open()]
    responses = [r for r in responses if r["source_id"] in keep]
    for r in responses:
        r["split"] = "test" if r["source_id"] == sources[0]["source_id"] else "train"
    (tmp_path / "source_info.jsonl").write_text("\n".join(json.dumps(s) for s in sources) + "\n")
    (tmp_path / "response.jsonl").write_text("\n".join(json.dumps(r) for r in responses) + "\n")
    test = load_ragtruth_split(tmp_path, "test")
    assert test and {r.id for r in test} == {str(r["id"]) for r in responses if r["split"] == "test"}


def test_cli_usage_errors_exit_2(tmp_path):
    runner = CliRunner()
    unknown = runner.invoke(
        app, ["eval", "ragtruth", "--path", str(DATA), "--detectors", "lexical,nope", "--out", str(tmp_path)]
    )
    assert unknown.exit_code == 2 and "nope" in unknown.output
    split = runner.invoke(
        app, ["eval", "ragtruth", "--path", str(DATA), "--split", "val", "--out", str(tmp_path)]
    )
    assert split.exit_code == 2


class _Unavailable:
    name, version, probabilistic, verifiers = "absent", "absent/1", True, None

    def __init__(self, shared):
        pass

    def unavailable(self):
        return "its model is not committed"

    def threshold(self):
        return ThresholdInfo(value=None, source="none")

    def score(self, record):
        raise AssertionError("an unavailable detector must not score")


def test_an_unavailable_detector_is_skipped_with_its_reason(dev30, tmp_path, monkeypatch):
    monkeypatch.setitem(_registered, "absent", _Unavailable)
    messages = []
    report = evaluate(
        dev30[:5], ["lexical", "absent"], tmp_path, _dataset(), progress=False, on_skip=messages.append
    )
    assert list(report.detectors) == ["lexical"]
    assert report.unavailable == {"absent": "its model is not committed"}
    assert messages and "absent" in messages[0] and "not committed" in messages[0]
    assert "**absent** skipped: its model is not committed" in (tmp_path / "report.md").read_text()
    with pytest.raises(ConfigError, match="none of the requested detectors"):
        evaluate(dev30[:5], ["absent"], tmp_path / "x", _dataset(), progress=False)


def test_grounding_is_unavailable_without_committed_weights(tmp_path, monkeypatch):
    import guard.grounding.model as grounding_model
    from guard.eval.detectors.grounding import GroundingDetector

    monkeypatch.setattr(grounding_model, "DEFAULT_MODEL_DIR", tmp_path)
    detector = GroundingDetector(SharedVerification())
    assert "no grounding model is committed" in detector.unavailable()


def test_detectors_share_one_verification_per_response(dev30, monkeypatch):
    import guard.verifiers.api as api
    import guard.verifiers.stage as stage
    from guard.eval.detectors.egc import EGCResponseDetector
    from guard.eval.detectors.support import SupportDetector
    from guard.verifiers.types import Verification

    calls, built = [], []

    def fake_build(names, deadline_s):
        built.append((tuple(names), deadline_s))
        return tuple(names)

    def fake_verify(**kwargs):
        calls.append(list(kwargs["settings"]))
        return Verification(scores={"egc_probability": 0.25, "egc_score": 0.5})

    monkeypatch.setattr(api, "verify", fake_verify)
    monkeypatch.setattr(stage, "build_settings", fake_build)
    shared = SharedVerification()
    detectors = [EGCResponseDetector(shared), SupportDetector(shared)]
    for record in dev30[:3]:
        shared.plan(record, [v for d in detectors for v in d.verifiers])
        outputs = [d.score(record) for d in detectors]
        assert (
            outputs[0].probability == 0.25 and outputs[1].probability == 0.0
        )  # no claims: nothing unsupported
    assert calls == [["support", "egc"]] * 3
    # Built once for the run, with a deadline no busy machine hits: load must not change the figures.
    assert built == [(("support", "egc"), EVAL_DEADLINE_S)] and EVAL_DEADLINE_S >= 600


def test_the_cache_skips_a_line_cut_short_and_keeps_appending(tmp_path):
    cache = ScoreCache(tmp_path)
    entry = CacheEntry(
        id="1",
        hash="h",
        detector="lexical",
        version="v",
        output=DetectorOutput(probability=0.1),
        seconds=0.0,
        verify_seconds=0.0,
    )
    cache.append(entry)
    with (tmp_path / "lexical.jsonl").open("a") as handle:
        handle.write('{"id": "2", "hash": "h", "detec')  # an interrupted write
    cache.append(entry.model_copy(update={"id": "3"}))
    assert sorted(cache.load("lexical", "v")) == [("1", "h"), ("3", "h")]
    assert cache.load("lexical", "other version") == {}


def test_a_threshold_fitted_for_another_version_is_not_used(tmp_path):
    path = tmp_path / "t.json"
    entry = StoredThreshold(
        threshold=0.4,
        detector_version="lexical/0",
        train_f1=0.5,
        responses=1,
        hallucinated=1,
        fitted_on="x",
        command="y",
    )
    save_thresholds(ThresholdStore(detectors={"lexical": entry}), path)
    assert stored_threshold("lexical", "lexical/0", path).value == 0.4
    stale = stored_threshold("lexical", "lexical/1", path)
    assert stale.value is None and "stale" in stale.source
    assert stored_threshold("support", "s", path).value is None


def test_the_lexical_baseline_is_the_share_of_new_content_words():
    record = EvalRecord(
        id="t",
        question="q",
        contexts=["The tower stands in Paris."],
        answer="Tower Paris Berlin Rome",
        label=True,
    )
    assert LexicalDetector().score(record).probability == pytest.approx(0.5)
    assert LexicalDetector().score(record.model_copy(update={"answer": "the tower"})).probability == 0.0


class _FakeEGC:
    """Scores by answer length, with a composite score: enough to exercise the Delta tables and plot."""

    name, version, probabilistic, verifiers = "egc", "fake-egc/1", True, None

    def __init__(self, shared):
        pass

    def unavailable(self):
        return None

    def threshold(self):
        return ThresholdInfo(value=0.5, source="a test")

    def score(self, record):
        p = min(len(record.answer), 1000) / 1000
        return DetectorOutput(probability=p, extra={"egc_score": 1.0 - 2 * p})


def test_egc_delta_per_model_is_tabled_and_plotted(dev30, tmp_path, monkeypatch):
    monkeypatch.setitem(_registered, "egc", _FakeEGC)
    report = evaluate(dev30, ["egc"], tmp_path, _dataset(), progress=False)
    deltas = report.detectors["egc"].egc_delta
    composite = {r.id: 1.0 - 2 * min(len(r.answer), 1000) / 1000 for r in dev30}
    grounded = [composite[r.id] for r in dev30 if not r.label]
    hallucinated = [composite[r.id] for r in dev30 if r.label]
    assert deltas["all"].delta == pytest.approx(
        sum(grounded) / len(grounded) - sum(hallucinated) / len(hallucinated)
    )
    assert set(deltas) == {"all", *{r.model for r in dev30}}
    assert (tmp_path / "plots" / "egc_delta.png").read_bytes()[:8] == PNG_MAGIC
    assert "## EGC Delta per generator model" in (tmp_path / "report.md").read_text()


def test_a_prefetched_batch_is_read_without_verifying_again(dev30, monkeypatch):
    import guard.verifiers.api as api
    import guard.verifiers.batch as batch
    from guard.eval.detectors.egc import EGCResponseDetector
    from guard.eval.detectors.support import SupportDetector
    from guard.verifiers.types import Verification

    batches = []

    def fake_batch(items, *, settings, batch_size):
        items = list(items)
        batches.append((len(items), settings.names))
        return iter([Verification(scores={"egc_probability": n / 10, "egc_score": 0.5}) for n in range(len(items))])

    monkeypatch.setattr(batch, "verify_batch", fake_batch)
    monkeypatch.setattr(api, "verify", lambda **kwargs: pytest.fail("verified one by one"))
    shared = SharedVerification()
    detectors = [EGCResponseDetector(shared), SupportDetector(shared)]
    plan = [v for d in detectors for v in d.verifiers]
    shared.prefetch(dev30[:3], [plan] * 3)
    assert batches == [(3, ["support", "egc"])]  # one batch for the three responses
    for n, record in enumerate(dev30[:3]):
        shared.plan(record, plan)
        assert detectors[0].score(record).probability == n / 10  # each response gets its own report
