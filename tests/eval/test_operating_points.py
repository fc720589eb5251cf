"""Labelled drafts through the pipeline: outcome rules, the threshold fit, and the written outputs.

Outcome classification is checked on hand-built verifications (seeded into the
draft's verification cache) so that each rule of guard/eval/drafts.py is pinned
down whatever the judge of the day says; the real pipeline runs in the
equivalence and CLI tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from guard.cli import app
from guard.errors import InputError
from guard.eval.drafts import LabelledDraft, Outcome, classify, load_drafts, prepare_draft, run_draft
from guard.eval.operating_points import (
    Metric,
    fit,
    parse_target,
    summarise_outcomes,
    write_fitted_profile,
)
from guard.eval.operating_report import OperatingPointsReport, write_outputs
from guard.policy import Actions, RegenerateSettings, load_policy
from guard.verifiers.claims import extract_claims
from guard.verifiers.types import ClaimVerdict, SupportLabel, Verification

REPO = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixtures" / "drafts.jsonl"
DEFAULT = load_policy("default")


@pytest.fixture(scope="module")
def drafts() -> dict[str, LabelledDraft]:
    return {d.id: d for d in load_drafts(FIXTURE)}


def _seeded(draft: LabelledDraft, labels: list[str], policy=DEFAULT, recall: float | None = 1.0, gate=True):
    """A prepared draft whose verification is ``labels`` (one per sentence) instead of the judge's."""
    run = prepare_draft(draft, policy)
    run.retrieval.gate.passed = gate
    claims = extract_claims(draft.draft)
    assert len(claims) == len(labels), [c.text for c in claims]
    verdicts = [
        ClaimVerdict(claim=c, label=SupportLabel(label), support=0.9 if label == "supported" else 0.1,
                     cited_passage_ids=["1"] if c.citations else [], judged=True)
        for c, label in zip(claims, labels)
    ]
    faithfulness = sum(label == "supported" for label in labels) / len(labels)
    verification = Verification(claims=verdicts, faithfulness=faithfulness, citation_recall=recall,
                                verifiers=["support", "citations", "types"],
                                completed=["support", "citations", "types"])
    run.verified[(draft.draft, policy.thresholds.min_support)] = (draft.draft, verification)
    return run


def _policy(**actions):
    merged = Actions.model_validate(DEFAULT.actions.model_dump() | actions)
    return DEFAULT.model_copy(update={"actions": merged})


# The rules for marks and strip, on a default that marks unsupported claims and strips contradicted
# ones (the packaged default quotes both: test_quoted_claims_are_gone_and_correct_ones_altered).
ANNOTATING = _policy(unsupported_claim="annotate", contradicted_claim="strip")


# --- loading ------------------------------------------------------------------------------------


def test_fixture_loads_and_splits(drafts):
    assert len(drafts) == 15
    assert {d.split for d in drafts.values()} == {"dev", "test"}
    assert len(load_drafts(FIXTURE, "test")) == 5
    for d in drafts.values():
        for c in d.contexts:
            assert c.text in (REPO / "examples" / "kb" / c.source).read_text(encoding="utf-8")


def test_the_second_held_part_loads_apart_and_an_unknown_split_is_refused(tmp_path):
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    held = json.loads(lines[0]) | {"id": "held-1", "split": "val11h"}
    path = tmp_path / "d.jsonl"
    path.write_text("\n".join([*lines, json.dumps(held)]) + "\n", encoding="utf-8")
    assert [d.id for d in load_drafts(path, "val11h")] == ["held-1"]
    assert "held-1" not in {d.id for d in load_drafts(path, "dev") + load_drafts(path, "test")}
    bad = CliRunner().invoke(app, ["eval", "golden", "--drafts", str(path), "--split", "val11", "--out", str(tmp_path)])
    assert bad.exit_code != 0 and "val11h" in str(bad.exception or bad.output)


def test_a_bad_draft_line_names_its_number(tmp_path):
    good = FIXTURE.read_text(encoding="utf-8").splitlines()[0]
    bad = json.loads(good) | {"claims": [{"text": "not in the draft", "truth": "false"}]}
    path = tmp_path / "d.jsonl"
    path.write_text(good + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(InputError, match=r"d.jsonl:2.*not found in the draft"):
        load_drafts(path)


# --- outcome rules, hand-checked -----------------------------------------------------------------


def test_wrong_claim_judged_supported_passes_unmarked(drafts):
    run = _seeded(drafts["f02"], ["supported", "supported"])
    out = classify(run, DEFAULT)
    assert out.outcome is Outcome.unmarked and out.false_claims_unmarked == 1
    assert "40 mg" in out.answer


def test_wrong_claim_marked_unsupported_is_annotated(drafts):
    run = _seeded(drafts["f02"], ["supported", "unsupported"])
    out = classify(run, ANNOTATING)
    assert out.outcome is Outcome.annotated and out.false_claims_unmarked == 0
    assert "⚠ unsupported" in out.answer


def test_a_mark_on_another_claim_does_not_mark_the_wrong_one(drafts):
    # f04: both claims are false; only the second one is flagged, so the 10 mg claim is shown bare.
    run = _seeded(drafts["f04"], ["supported", "unsupported"])
    out = classify(run, ANNOTATING)
    assert out.outcome is Outcome.unmarked and out.false_claims_unmarked == 1


def test_contradicted_claim_stripped_is_gone(drafts):
    run = _seeded(drafts["f02"], ["supported", "contradicted"])
    out = classify(run, DEFAULT)
    assert out.action.value == "strip" and out.outcome is Outcome.stripped_gone
    assert "40 mg" not in out.answer and "20 mg" in out.answer


def test_strip_that_leaves_the_wrong_claim_is_stripped_shown(drafts):
    # f03's true first claim is the one flagged: strip removes it, the fabrication stays.
    run = _seeded(drafts["f03"], ["contradicted", "supported"])
    out = classify(run, DEFAULT)
    assert out.outcome is Outcome.stripped_shown and out.false_claims_unmarked == 1


def test_refuse_escalate_and_the_gate(drafts):
    assert classify(_seeded(drafts["f02"], ["supported", "unsupported"]),
                    _policy(unsupported_claim="refuse")).outcome is Outcome.refused
    assert classify(_seeded(drafts["f02"], ["supported", "unsupported"]),
                    _policy(unsupported_claim="escalate")).outcome is Outcome.escalated
    gated = classify(_seeded(drafts["f01"], ["supported"], gate=False), DEFAULT)
    assert gated.outcome is Outcome.refused and gated.gate_refused


def test_response_level_caution_marks_the_whole_answer(drafts):
    run = _seeded(drafts["f02"], ["supported", "supported"], recall=0.2)
    out = classify(run, DEFAULT)
    assert out.outcome is Outcome.annotated and out.answer.startswith(DEFAULT.annotation_label)


def test_correct_drafts_unchanged_or_altered(drafts):
    assert classify(_seeded(drafts["f05"], ["supported", "supported"]), DEFAULT).outcome is Outcome.unchanged
    altered = classify(_seeded(drafts["f05"], ["supported", "unsupported"]), DEFAULT)
    assert altered.outcome is Outcome.altered


def _quotable(run, index: int, text: str):
    """Give claim ``index`` of a seeded run an evidence unit of passage 1 to quote."""
    from guard.facts.types import EvidenceUnit, UnitKind

    (shown, verification), = run.verified.values()
    unit = EvidenceUnit(passage_id="p1", index=0, kind=UnitKind.sentence, text=text, start=0, end=len(text))
    verification.passage_ids = ["p1"]
    verification.claims[index].evidence = [unit]
    return run


def test_quoted_claims_are_gone_and_correct_ones_altered(drafts):
    # The packaged default quotes failing claims: the wrong 40 mg claim gives way to the evidence.
    run = _quotable(_seeded(drafts["f02"], ["supported", "contradicted"]), 1,
                    "Adults over 75 start on 10 mg once a day.")
    out = classify(run, DEFAULT)
    assert out.action.value == "quote" and out.outcome is Outcome.stripped_gone
    assert out.answer.endswith('The documents say: "Adults over 75 start on 10 mg once a day." [1].')
    # A correct claim the judge got wrong is quoted, not refused: shown in the documents' words.
    run = _quotable(_seeded(drafts["f05"], ["supported", "contradicted"]), 1,
                    "If more than 6 hours have passed, skip the missed dose.")
    out = classify(run, DEFAULT)
    assert out.outcome is Outcome.altered and "skip the missed dose" in out.answer
    # A quote that repeats the false claim's own words leaves it shown: the metric reads the text.
    run = _quotable(_seeded(drafts["f02"], ["supported", "contradicted"]), 1,
                    "Adults over 75 start on 40 mg once a day.")
    assert classify(run, DEFAULT).outcome is Outcome.stripped_shown


def test_an_action_that_changes_no_text_leaves_a_correct_draft_unchanged(drafts):
    # Low recall asks for quote (the regenerate fallback), which quotes failing claims: there are
    # none, so the user reads the draft as written. "Altered" is about the text, not the action.
    policy = _policy(low_citation_recall="regenerate").model_copy(
        update={"regenerate": RegenerateSettings(max_attempts=0, on_exhausted="quote")})
    out = classify(_seeded(drafts["f05"], ["supported", "supported"], recall=0.2, policy=policy), policy)
    assert out.action.value == "quote" and out.outcome is Outcome.unchanged


def test_regenerate_cannot_launder_the_draft(drafts):
    # medical-like: unsupported -> regenerate twice, then escalate; the same draft comes back each time.
    settings = RegenerateSettings(max_attempts=2, on_exhausted="escalate")
    policy = _policy(unsupported_claim="regenerate").model_copy(update={"regenerate": settings})
    run = _seeded(drafts["f02"], ["supported", "unsupported"], policy=policy)
    decision, *_ = run_draft(run, policy)
    assert decision.attempt == 2 and decision.action.value == "escalate"


def test_summary_counts_and_metrics(drafts):
    outs = [
        classify(_seeded(drafts["f02"], ["supported", "supported"]), ANNOTATING),  # unmarked
        classify(_seeded(drafts["f06"], ["contradicted"]), ANNOTATING),  # whole answer stripped -> refused
        classify(_seeded(drafts["f01"], ["supported"]), ANNOTATING),  # unchanged
        classify(_seeded(drafts["f07"], ["unsupported"]), ANNOTATING),  # altered
    ]
    expected = [Outcome.unmarked, Outcome.refused, Outcome.unchanged, Outcome.altered]
    assert [o.outcome for o in outs] == expected
    s = summarise_outcomes(outs, "default", "all")
    assert s.metrics.wrong_unmarked == 0.5 and s.metrics.wrong_kept_from_user == 0.5
    assert s.metrics.correct_altered == 0.5 and s.metrics.reviewer_load == 0.5
    assert s.wrong.counts[Outcome.refused] == 1 and s.correct.counts[Outcome.unchanged] == 1


def test_gate_refusals_count_correct_answer_drafts_only(drafts):
    # A wrong draft refused at the gate often answers a question its contexts do not cover:
    # that refusal is right, so only correct answer drafts count as the gate's misses.
    outs = [
        classify(_seeded(drafts["f02"], ["supported", "supported"], gate=False), DEFAULT),  # wrong
        classify(_seeded(drafts["f01"], ["supported"], gate=False), DEFAULT),  # correct, refused by the gate
        classify(_seeded(drafts["f07"], ["supported"]), DEFAULT),  # correct, passed
    ]
    assert all(o.outcome is Outcome.refused for o in outs[:2]) and outs[0].gate_refused
    s = summarise_outcomes(outs, "default", "all")
    assert s.gate_refused == 1 and s.metrics.gate_refusals == 0.5


def test_evaluation_verifies_without_the_serving_deadline(drafts, monkeypatch):
    import guard.eval.drafts as module

    seen = []
    real = module.verify_draft

    def spy(question, text, retrieval, policy, generator):
        seen.append(policy.verification_deadline_s)
        return real(question, text, retrieval, policy, generator)

    monkeypatch.setattr(module, "verify_draft", spy)
    classify(prepare_draft(drafts["f01"], DEFAULT), DEFAULT)
    assert DEFAULT.verification_deadline_s == 10 and seen and set(seen) == {module.EVAL_DEADLINE_S}


# --- the real pipeline ---------------------------------------------------------------------------


def test_staged_run_equals_guarded_completion_with_a_scripted_model(drafts):
    from guard.llm.testing import register_scripted_model
    from guard.pipeline import guarded_completion

    strict = _policy(unsupported_claim="strip")
    for draft_id in ("f01", "f03", "f04", "f11", "f14"):
        draft = drafts[draft_id]
        for policy in (DEFAULT, strict):
            out = classify(prepare_draft(draft, policy), policy)
            scripted = register_scripted_model(f"op-{draft_id}", draft.draft)
            response = guarded_completion(question=draft.question, contexts=[c.text for c in draft.contexts],
                                          model=scripted.model, policy=policy)
            assert (out.action, out.answer) == (response.decision.action, response.answer), draft_id


def test_a_fabrication_stripped_by_the_real_pipeline_is_gone(drafts):
    strict = _policy(unsupported_claim="strip")
    out = classify(prepare_draft(drafts["f03"], strict), strict)
    assert out.outcome is Outcome.stripped_gone
    assert "Vienna" not in out.answer and "20 mg" in out.answer


def test_prompt_echo_is_cut_and_counts_as_gone(drafts):
    out = classify(prepare_draft(drafts["f14"], DEFAULT), DEFAULT)
    assert out.template_echo == 3
    assert "Write one sentence" not in out.answer and "</passage>" not in out.answer
    assert out.outcome in (Outcome.stripped_gone, Outcome.refused, Outcome.escalated)


def test_a_refusal_draft_is_refused_and_counted_apart(drafts):
    out = classify(prepare_draft(drafts["f15"], DEFAULT), DEFAULT)
    assert out.refusal_draft and out.outcome is Outcome.refused
    report = summarise_outcomes([out, classify(_seeded(drafts["f01"], ["supported"]), DEFAULT)], "default", "all")
    assert report.refusal_drafts.counts[Outcome.refused] == 1 and report.correct.total == 1
    assert report.metrics.reviewer_load == 0.0


# --- targets and the fit -------------------------------------------------------------------------


def test_target_parsing():
    target = parse_target("wrong_unmarked<=0.10, correct_altered<=0.1")
    assert [(c.metric, c.op, c.value) for c in target] == [
        (Metric.wrong_unmarked, "<=", 0.10), (Metric.correct_altered, "<=", 0.1)]
    with pytest.raises(InputError, match="metrics: wrong_unmarked"):
        parse_target("wrong_shown<0.1")


# The target bounds withholding too: default quotes unconfirmed claims, and the seeded claims have
# no evidence unit to quote, so "min_unconfirmed_support 1.0" would remove every claim and refuse
# every answer, which meets "nothing unmarked, nothing altered" at a reviewer load of 1 (and the
# one-threshold-at-a-time search, having found a point that meets the target, stays there).
SEPARATING_TARGET = "wrong_unmarked<=0.0,correct_altered<=0.0,correct_withheld<=0.0"


def _fit_runs(drafts):
    """Wrong drafts with citation recall 0.6, correct ones 0.9; every claim judged supported.

    The echo draft is left out: its echo-free text is not the seeded one, so the real judge would run.
    """
    runs = []
    for d in drafts.values():
        if d.category == "prompt_echo":
            continue
        labels = ["supported"] * len(extract_claims(d.draft))
        runs.append(_seeded(d, labels, recall=0.6 if d.kind == "wrong" else 0.9))
    return [r for r in runs if r.draft.split == "dev"], [r for r in runs if r.draft.split == "test"]


def test_fit_picks_the_point_meeting_the_target_at_the_lowest_load(drafts):
    dev, test = _fit_runs(drafts)
    result, points = fit(DEFAULT, dev, test, parse_target(SEPARATING_TARGET))
    # recall 0.5 (today) lets 0.6 through; 0.8 catches the wrong drafts and spares the correct ones (0.9).
    assert result.met and result.chosen["min_citation_recall"] == 0.8
    assert result.dev.wrong_unmarked == 0.0 and result.dev.correct_altered == 0.0
    assert result.dev_before.wrong_unmarked == 1.0
    assert result.test is not None and result.test_met
    assert len(points) == result.grid_points > 10
    loads = [p.metrics.reviewer_load for p in result.frontier]
    kept = [p.metrics.wrong_kept_from_user for p in result.frontier]
    assert loads == sorted(loads) and kept == sorted(kept) and len(set(kept)) == len(kept)
    impossible, _ = fit(DEFAULT, dev, test, parse_target("wrong_kept_from_user>=0.95,correct_withheld<=0.0"))
    # Only removing every claim keeps these wrong drafts from the user, and it refuses the correct
    # ones alike (their claims are as supported): reported, not hidden.
    assert not impossible.met


def test_coordinate_search_finds_a_separable_optimum_without_the_full_product():
    from guard.eval.operating_points import GridPoint, Metrics, _coordinate_search

    axes = {name: (None, 0.2, 0.4, 0.6, 0.8) for name in ("a", "b", "c", "d", "e")}
    best = {"a": 0.6, "b": None, "c": 0.2, "d": 0.8, "e": 0.4}
    calls = []

    def measure(values):
        calls.append(values)
        wrong = sum(values[k] != best[k] for k in axes)  # each threshold off its best value costs
        m = Metrics(wrong_unmarked=wrong / 10, wrong_kept_from_user=1 - wrong / 10, correct_altered=0.0,
                    correct_refused=0.0, correct_escalated=0.0, correct_withheld=0.0,
                    reviewer_load=wrong / 10, gate_refusals=0.0)
        return GridPoint(thresholds=values, metrics=m, met=wrong == 0, shortfall=float(wrong))

    points = _coordinate_search(axes, {k: None for k in axes}, measure)
    assert any(p.thresholds == best and p.met for p in points)
    assert len(calls) == len(points) < 5 ** 5 // 20  # a few sweeps, not the 3,125-point product


def test_fitted_profile_is_written_loadable_and_says_how(drafts, tmp_path):
    dev, test = _fit_runs(drafts)
    result, _ = fit(DEFAULT, dev, test, parse_target(SEPARATING_TARGET), command="ragguard eval golden --fit default")
    source = REPO / "policies" / "default.yaml"
    written = write_fitted_profile(source, result, tmp_path / "default.yaml")
    text = written.read_text()
    assert "# Thresholds fitted" in text and "# test (" in text
    assert "ragguard eval golden --fit default" in text
    assert yaml.safe_load(text)["thresholds"]["min_citation_recall"] == 0.8
    assert load_policy(written).thresholds.min_citation_recall == 0.8
    refit = write_fitted_profile(written, result, tmp_path / "again.yaml").read_text()
    assert refit.count("# Thresholds fitted") == 1 and refit.count("# dev:") == 1
    medical = REPO / "policies" / "medical.yaml"
    result.chosen["max_isolation"] = 0.5  # a key the file does not spell out is added to its block
    assert load_policy(write_fitted_profile(medical, result, tmp_path / "m.yaml")).thresholds.max_isolation == 0.5


def test_outputs_written(drafts, tmp_path):
    outs = [classify(_seeded(drafts["f02"], ["supported", "supported"]), DEFAULT),
            classify(_seeded(drafts["f01"], ["supported"]), DEFAULT)]
    report = OperatingPointsReport(split="all", drafts_file=str(FIXTURE),
                                   profiles=[summarise_outcomes(outs, "default", "all")])
    written = write_outputs(report, tmp_path)
    assert json.loads(written["metrics"].read_text())["profiles"][0]["metrics"]["wrong_unmarked"] == 1.0
    assert "| default | 1 | 1 |" in written["report"].read_text()
    assert written["plot"].read_bytes()[:4] == b"\x89PNG"


@pytest.mark.slow
def test_eval_golden_drafts_command(tmp_path):
    out = tmp_path / "out"
    args = ["eval", "golden", "--drafts", str(FIXTURE), "--policy", "default", "--split", "all",
            "--fit", "default", "--target", "wrong_unmarked<=0.10,correct_altered<=0.10", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["profiles"][0]["drafts"] == 15 and metrics["fits"][0]["dev_drafts"] == 10
    assert (out / "report.md").read_text().startswith("# Operating points")
    assert (out / "operating_points.png").exists() and (out / "default.fitted.yaml").exists()
    assert len((out / "drafts-default.jsonl").read_text().splitlines()) == 15


# --- cross-validation of the fit -------------------------------------------------------------------


def _copy(draft: LabelledDraft, new_id: str, **changes) -> LabelledDraft:
    return draft.model_copy(update={"id": new_id, **changes})


def test_groups_join_drafts_by_question_and_main_document(drafts):
    from guard.eval.operating_points import draft_groups

    f01, f07 = drafts["f01"], drafts["f07"]
    same_question_other_doc = _copy(f01, "x1", contexts=f07.contexts)  # asks f01's question on f07's document
    distractors = _copy(drafts["f09"], "x2", contexts=[*drafts["f09"].contexts, *f01.contexts])
    lone = _copy(drafts["f13"], "x3")
    keys = draft_groups([f01, f07, same_question_other_doc, distractors, lone])
    assert keys[0] == keys[1] == keys[2]  # f07's document joined f01's through the shared question
    assert keys[3] == keys[0]  # f09 shares f07's main document; its extra context glues nothing
    assert keys[4] == "clinic-febrilon-childrens-suspension.md" != keys[0]
    assert draft_groups([f07, distractors]) == ["hr-annual-leave.md"] * 2


def test_folds_keep_groups_whole_balance_wrong_drafts_and_are_deterministic(drafts):
    from guard.eval.operating_points import assign_folds, draft_groups

    pool = []
    for n, source in enumerate(["a.md", "b.md", "c.md", "d.md", "e.md", "f.md"]):
        for k, d in enumerate([drafts["f01"], drafts["f02"], drafts["f03"]][: 1 + n % 3]):
            context = d.contexts[0].model_copy(update={"source": source})
            pool.append(_copy(d, f"{source}-{k}", question=f"{d.question} ({source})", contexts=[context]))
    folds = assign_folds(pool, 3)
    assert folds == assign_folds(pool, 3)
    keys = draft_groups(pool)
    assert all(len({f for f, k in zip(folds, keys) if k == key}) == 1 for key in set(keys))
    wrong = [sum(d.kind == "wrong" for d, f in zip(pool, folds) if f == fold) for fold in range(3)]
    assert max(wrong) - min(wrong) <= 1, wrong
    with pytest.raises(InputError, match="only 6 groups"):
        assign_folds(pool, 7)


def test_the_margin_is_the_fold_deviation_and_each_rule_reads_it():
    from guard.eval.operating_points import ChoiceRule, Metrics, _met, margin_of

    def m(kept: float) -> Metrics:
        return Metrics(wrong_unmarked=1 - kept, wrong_kept_from_user=kept, correct_altered=0.0, correct_refused=0.0,
                       correct_escalated=0.0, correct_withheld=0.0, reviewer_load=0.0, gate_refusals=0.0)

    target = parse_target("wrong_kept_from_user>=0.95")
    folds = [m(1.0), m(1.0), m(0.9), m(1.0)]  # pooled 0.975, sample deviation 0.05
    assert margin_of(target[0], folds, 1.0) == pytest.approx(0.05)
    assert margin_of(target[0], folds, 0.0) == 0.0 and margin_of(target[0], folds[:1], 1.0) == 0.0
    pooled = m(0.975)
    assert _met(target, pooled, folds, ChoiceRule.pooled, 1.0)
    assert not _met(target, pooled, folds, ChoiceRule.margin, 1.0)  # 0.975 - 0.05 < 0.95
    assert _met(target, pooled, folds, ChoiceRule.margin, 0.4)  # 0.975 - 0.02 >= 0.95
    assert not _met(target, pooled, folds, ChoiceRule.every_fold, 1.0)  # one fold at 0.9
    steady = [m(0.975)] * 4
    assert _met(target, pooled, steady, ChoiceRule.margin, 1.0)  # no spread, no margin


def test_fit_reports_a_cross_validated_estimate_beside_dev_and_records_it(drafts, tmp_path):
    from guard.eval.operating_points import ChoiceRule, FitSettings, metrics_of

    dev, _ = _fit_runs(drafts)
    target = parse_target(SEPARATING_TARGET)
    result, _ = fit(DEFAULT, dev, [], target, settings=FitSettings(folds=5, rule=ChoiceRule.margin))
    cv = result.cv
    assert cv is not None and cv.folds == 2  # the fixture's dev drafts form two groups
    assert sorted(g for f in cv.per_fold for g in f.groups) == ["clinic-zelorin-20mg.md", "hr-annual-leave.md"]
    assert sum(f.drafts for f in cv.per_fold) == len(dev)
    # Each fold is measured with the thresholds fitted on the other: recall 0.8 separates both groups.
    assert all(f.chosen["min_citation_recall"] == 0.8 for f in cv.per_fold)
    assert cv.met and cv.estimate == metrics_of(
        classify(r, _with(DEFAULT, result.chosen)) for r in dev)
    assert result.test is None and result.test_met is None and len(result.dev_folds) == 2
    text = write_fitted_profile(REPO / "policies" / "default.yaml", result, tmp_path / "d.yaml").read_text()
    assert "# cv:   " in text and "# Chosen when the target holds on all dev drafts with a margin" in text
    assert "# test (" not in text
    report = OperatingPointsReport(split="dev", fits=[result])
    assert "cv estimate" in write_outputs(report, tmp_path)["report"].read_text()


def _with(policy, values):
    from guard.eval.operating_points import with_thresholds

    return with_thresholds(policy, values)


def test_wrong_drafts_not_kept_are_bucketed_by_what_their_verdict_said(drafts):
    from guard.eval.drafts import ShownCause
    from guard.facts.types import FactLabel

    unconfirmed = classify(_seeded(drafts["f02"], ["supported", "supported"]), DEFAULT)
    run = _seeded(drafts["f02"], ["supported", "supported"])
    (_, verification), = run.verified.values()
    for verdict in verification.claims:
        verdict.facts = FactLabel.supported  # the fact layer matched every value: a confirmed claim
    confirmed = classify(run, DEFAULT)
    flagged = classify(_seeded(drafts["f02"], ["supported", "unsupported"]), ANNOTATING)
    gone = classify(_seeded(drafts["f02"], ["supported", "contradicted"]), DEFAULT)  # quoted: kept from the user
    category = drafts["f02"].claims[1].category or drafts["f02"].category
    assert unconfirmed.shown_causes == [(category, ShownCause.unconfirmed)]
    assert confirmed.shown_causes == [(category, ShownCause.confirmed)]
    assert flagged.outcome is Outcome.annotated and flagged.shown_causes == [(category, ShownCause.flagged)]
    report = summarise_outcomes([unconfirmed, confirmed, flagged, gone], "default", "dev")
    assert report.not_kept_causes == {ShownCause.confirmed: {category: 1}, ShownCause.flagged: {category: 1},
                                      ShownCause.unconfirmed: {category: 1}}


@pytest.mark.slow
def test_a_dev_fit_reads_no_test_draft_and_records_its_cross_validation(tmp_path):
    out = tmp_path / "out"
    args = ["eval", "golden", "--drafts", str(FIXTURE), "--policy", "default", "--split", "dev",
            "--fit", "default", "--target", "wrong_unmarked<=0.10", "--fit-rule", "every_fold", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    fitted = json.loads((out / "metrics.json").read_text())["fits"][0]
    assert fitted["test_drafts"] == 0 and fitted["test"] is None and fitted["rule"] == "every_fold"
    assert fitted["cv"]["folds"] == 2 and len((out / "drafts-default.jsonl").read_text().splitlines()) == 10
    profile = (out / "default.fitted.yaml").read_text()
    assert "--split dev" in profile and "# cv:   " in profile and "# test (" not in profile
    bad = CliRunner().invoke(app, [*args[:-2], "--fit-rule", "median", "--out", str(out)])
    assert bad.exit_code != 0 and "every_fold" in str(bad.exception or bad.output)
