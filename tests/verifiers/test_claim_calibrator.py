"""The claim calibrator: its artifact, its typed features and its decision (issue 11)."""

from __future__ import annotations

import json
import math

import pytest

from guard.errors import ModelError
from guard.facts.types import FactLabel, FactVerdict, SlotKind, SlotMismatch
from guard.verifiers.claim_calibrator import (
    ARTIFACT_PATH,
    CalibratorArtifact,
    ClaimCalibrator,
    default_calibrator,
)
from guard.verifiers.claim_features import FEATURE_NAMES, ClaimFeatures, claim_features
from guard.verifiers.lexical import vocabulary
from guard.verifiers.support import Assessment, BestSentence
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import JudgedClaim, LearnedScope, learned_scope

LEAFLET = (
    "| Age | Dose |\n|---|---|\n| 3 to 6 months | 2.5 ml |\n| 6 to 24 months | 5 ml |\n"
    "| 2 to 4 years | 7.5 ml |\n| 4 to 6 years | 10 ml |\n\n"
    "Give the dose up to 4 times in 24 hours, leaving at least 4 hours between doses."
)


def _one_feature_artifact(weight: float, threshold: float = 0.5) -> CalibratorArtifact:
    return CalibratorArtifact(
        format="ragguard-claim-calibrator/1", features=["support_judged"], mean=[0.5], scale=[0.1],
        coef=[weight], intercept=0.0, threshold=threshold, command="test",
    )


def _features(**changes: float | bool) -> ClaimFeatures:
    base = {name: 0.0 for name in FEATURE_NAMES}
    base.update(changes)
    return ClaimFeatures.model_validate(base)


def test_the_shipped_artifact_loads_and_reads_only_known_features():
    calibrator = default_calibrator()
    artifact = calibrator.artifact
    assert set(artifact.features) <= set(FEATURE_NAMES)
    assert 0.0 < artifact.threshold < 1.0
    assert "training.calibrator.train" in artifact.command
    assert 0.0 <= calibrator.p_false(_features()) <= 1.0


def test_an_artifact_naming_an_unknown_feature_is_refused(tmp_path):
    data = json.loads(ARTIFACT_PATH.read_text())
    data["features"][0] = "generator_is_gpt4"
    bad = tmp_path / "calibrator.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(ModelError, match="claim calibrator"):
        default_calibrator(bad)


def test_features_are_typed_numbers_read_from_the_judge():
    from guard.facts import evidence_units

    units = evidence_units("1", LEAFLET).units
    claim = "The dose for a 3-year-old is 2.5 ml."
    fact = FactVerdict(
        label=FactLabel.contradicted, units=units[2:3],
        mismatch=SlotMismatch(kind=SlotKind.quantity, claim_value="2.5 ml", evidence_value="7.5 ml",
                              explanation="the leaflet gives 7.5 ml for 2 to 4 years"),
    )
    assessment = Assessment(0.8, BestSentence(0.85, 0, units[0].text), 0.9, [])
    rules = JudgedClaim(SupportLabel.contradicted, 0.1, "x")
    sims = [0.5] * len(units)
    features = claim_features(claim, units, sims, assessment, vocabulary([LEAFLET]), fact, rules)
    assert features.fact_contradicted and features.mismatch_quantity and features.rules_contradicted
    assert not features.fact_supported and not features.mismatch_no_evidence_value
    assert features.claim_quantities >= 1 and features.numbers_in_all == 1.0
    assert all(isinstance(x, float) for x in features.vector(FEATURE_NAMES))


# fact verdicts: silent (no slots), matched, and the two hard findings
ABSTAIN = FactVerdict(label=FactLabel.abstain, note="no slots to compare")
MATCHED = FactVerdict(label=FactLabel.supported)
NOWHERE = FactVerdict(
    label=FactLabel.unsupported,
    mismatch=SlotMismatch(kind=SlotKind.date, claim_value="1925", explanation="no evidence gives the date 1925"),
)
BOUND_OTHERWISE = FactVerdict(
    label=FactLabel.contradicted,
    mismatch=SlotMismatch(kind=SlotKind.quantity, claim_value="2.5 ml", evidence_value="7.5 ml",
                          anchor="2 to 4 years", explanation="the leaflet gives 7.5 ml for 2 to 4 years"),
)


def test_the_model_decides_true_or_false_and_the_fact_layer_names_the_kind():
    low_support_is_false = ClaimCalibrator(_one_feature_artifact(-5.0))
    # (a) the rules flagged it on soft grounds (support under the bar, the fact layer silent), the
    # model does not: supported, with a score at the bar and a reason
    flagged = JudgedClaim(SupportLabel.unsupported, 0.45, None)
    turned = low_support_is_false.decide(flagged, ABSTAIN, _features(support_judged=0.9), 0.5)
    assert turned.label is SupportLabel.supported and turned.support >= 0.5 and "calibrated" in turned.reason
    # the same for "its values match, but the evidence does not say the rest"
    wording = JudgedClaim(SupportLabel.unsupported, 0.3, "its values match, but the evidence does not say the rest")
    assert low_support_is_false.decide(wording, MATCHED, _features(support_judged=0.9), 0.5).label is SupportLabel.supported
    # (b) the rules supported it, the model flags it: unsupported (never contradicted), score under the bar
    supported = JudgedClaim(SupportLabel.supported, 0.55, None)
    turned = low_support_is_false.decide(supported, MATCHED, _features(support_judged=0.1), 0.5)
    assert turned.label is SupportLabel.unsupported and turned.support < 0.5
    # where the model agrees with the rules, their verdict stands as it was
    assert low_support_is_false.decide(supported, MATCHED, _features(support_judged=0.9), 0.5) == supported


@pytest.mark.parametrize("fact", [NOWHERE, BOUND_OTHERWISE], ids=["found-nowhere", "bound-otherwise"])
def test_a_hard_fact_finding_stands_whatever_the_model_says(fact):
    """A value no evidence gives, or one the evidence binds otherwise, is never cleared by a learned decision."""
    label = SupportLabel.contradicted if fact.label is FactLabel.contradicted else SupportLabel.unsupported
    rules = JudgedClaim(label, 0.1, fact.mismatch.explanation)
    clears_everything = ClaimCalibrator(_one_feature_artifact(-5.0))  # P(false) ~0 at support 0.9
    assert clears_everything.p_false(_features(support_judged=0.9)) < 0.01
    assert learned_scope(fact, rules) is LearnedScope.facts_decide
    assert clears_everything.decide(rules, fact, _features(support_judged=0.9), 0.5) is rules


def test_learned_scope_is_open_only_without_a_hard_finding():
    supported, flagged = JudgedClaim(SupportLabel.supported, 0.7, None), JudgedClaim(SupportLabel.unsupported, 0.3, None)
    assert learned_scope(ABSTAIN, flagged) is LearnedScope.open
    assert learned_scope(MATCHED, supported) is LearnedScope.open
    assert learned_scope(FactVerdict(label=FactLabel.inferred, inference="2 x 5 ml = 10 ml"), supported) is LearnedScope.open
    assert learned_scope(NOWHERE, flagged) is LearnedScope.facts_decide
    assert learned_scope(BOUND_OTHERWISE, flagged) is LearnedScope.facts_decide
    assert learned_scope(ABSTAIN, JudgedClaim(SupportLabel.unsupported, 0.8, "x", judged=False)) is LearnedScope.unjudged


def test_an_abstention_stays_an_abstention():
    calibrator = ClaimCalibrator(_one_feature_artifact(-5.0))
    abstained = JudgedClaim(SupportLabel.unsupported, 0.8, "not judged: Chinese", judged=False)
    assert calibrator.decide(abstained, ABSTAIN, _features(support_judged=0.9), 0.5) is abstained


EIFFEL = (
    "The Eiffel Tower is a wrought-iron lattice tower in Paris. It was completed in 1889 "
    "as the entrance arch of the World's Fair. It was designed by the company of Gustave Eiffel."
)


def _clears_everything(wide: bool) -> ClaimCalibrator:
    return ClaimCalibrator(CalibratorArtifact(
        format="ragguard-claim-calibrator/2", features=["support_judged"], mean=[0.0], scale=[1.0], coef=[0.0],
        intercept=-50.0, threshold=0.5, clear_threshold=0.4 if wide else None, command="test"))


@pytest.mark.parametrize("which", ["shipped", "clears-everything", "clears-everything-wide"])
def test_the_calibrated_judge_never_clears_a_date_no_evidence_gives(which):
    """The case that reverted 15582ca: "completed in 1925" against a passage giving 1889.

    The claim reuses the passage's words (cosine 0.67, overlap 0.75); the fact layer finds 1925
    nowhere. Neither the shipped calibrator nor one that clears every claim may pass it.
    """
    from guard.verifiers.claim_judge import ClaimJudge
    from guard.verifiers.support import EmbeddingJudge

    claim, passages = "The Eiffel Tower was completed in 1925.", [("eiffel", EIFFEL)]
    calibrator = default_calibrator() if which == "shipped" else _clears_everything(which.endswith("wide"))
    evidence = EmbeddingJudge("When was the Eiffel Tower completed?", 0.5)
    evidence.prepare([claim], [EIFFEL])
    judged = ClaimJudge(evidence, 0.5, calibrator).judge(claim, passages)
    assert judged.fact.label is FactLabel.unsupported and judged.fact.mismatch.kind is SlotKind.date
    assert judged.label is SupportLabel.unsupported and judged.support < 0.5
    assert "1925" in (judged.reason or "")
    # and the true restatement is still supported by the calibrated judge
    true = "The Eiffel Tower was completed in 1889."
    evidence.prepare([true], [EIFFEL])
    assert ClaimJudge(evidence, 0.5, calibrator).judge(true, passages).label is SupportLabel.supported


def _case(case_id: str) -> dict:
    from guard.eval.hardcases import CASES_PATH

    for line in CASES_PATH.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["id"] == case_id:
            return row
    raise AssertionError(case_id)


@pytest.mark.parametrize(
    ("case_id", "truth_false"),
    [
        # the issue's own example: the business-travel policy mentions travel insurance only
        ("kb-hr-business-travel-01", True),
        # a true one-step inference (7.5 ml of a 120 mg / 5 ml suspension = 180 mg)
        ("kb-clinic-febrilon-childrens-suspension-21", False),
    ],
)
def test_a_false_and_a_true_probe_are_decided_right_by_the_calibrated_judge(case_id, truth_false):
    """Hard-case dev claims (the calibrator was fitted on dev: this checks the wiring, not generalisation)."""
    from guard.verifiers.claim_judge import ClaimJudge
    from guard.verifiers.support import EmbeddingJudge

    case = _case(case_id)
    passages = [(str(i), p) for i, p in enumerate(case["passages"], 1)]
    evidence = EmbeddingJudge(case.get("question", ""), 0.5)
    evidence.prepare([case["claim"]], [p for _, p in passages])
    rules = ClaimJudge(evidence, 0.5).judge(case["claim"], passages)
    judged = ClaimJudge(evidence, 0.5, default_calibrator()).judge(case["claim"], passages)
    assert (judged.label is not SupportLabel.supported) == truth_false
    if (judged.label is SupportLabel.supported) != (rules.label is SupportLabel.supported):
        assert "calibrated judge" in (judged.reason or "")  # an overturned verdict says who decided
    else:
        # where they agree, the rules' verdict (label, score, reason) stands
        assert (judged.label, judged.support, judged.reason) == (rules.label, rules.support, rules.reason)


# --- the wide scope and the tree ensemble (the calibrator round: grouped CV over dev + val + val3) ---

def _unit(text: str):
    from guard.facts import evidence_units

    return evidence_units("1", text).units


def test_the_safety_floor_is_a_value_written_in_no_unit():
    from guard.verifiers.verdict import value_in_no_unit

    units = _unit(EIFFEL)
    assert value_in_no_unit(NOWHERE, units)  # 1925 is in no unit
    written = FactVerdict(label=FactLabel.unsupported, mismatch=SlotMismatch(
        kind=SlotKind.date, claim_value="1889", explanation="no evidence gives the date 1889"))
    assert not value_in_no_unit(written, units)  # the unit writes it: above the floor
    assert not value_in_no_unit(BOUND_OTHERWISE, units)  # a contradiction is never on the floor
    assert value_in_no_unit(FactVerdict(label=FactLabel.unsupported), units)  # no mismatch: conservative
    assert value_in_no_unit(written, [])  # no evidence at all


def test_the_wide_scope_clears_a_finding_above_the_floor_only_when_confident():
    units = _unit(LEAFLET)
    rules = JudgedClaim(SupportLabel.contradicted, 0.1, BOUND_OTHERWISE.mismatch.explanation)
    guarded, wide = _clears_everything(False), _clears_everything(True)
    assert learned_scope(BOUND_OTHERWISE, rules, units, overrule=False) is LearnedScope.facts_decide
    assert learned_scope(BOUND_OTHERWISE, rules, units, overrule=True) is LearnedScope.overrulable
    assert learned_scope(NOWHERE, rules, units, overrule=True) is LearnedScope.facts_decide  # the floor
    assert guarded.decide(rules, BOUND_OTHERWISE, _features(), 0.5, units) is rules
    cleared = wide.decide(rules, BOUND_OTHERWISE, _features(), 0.5, units)
    assert cleared.label is SupportLabel.supported and cleared.support >= 0.5
    assert "overrules the fact layer" in cleared.reason and "7.5 ml" in cleared.reason
    # not confident enough (P(false) 0.5 is over the clear threshold 0.4): the finding stands
    unsure = ClaimCalibrator(_clears_everything(True).artifact.model_copy(update={"intercept": 0.0}))
    assert unsure.decide(rules, BOUND_OTHERWISE, _features(), 0.5, units) is rules
    # the floor stands for the wide scope too
    nowhere = JudgedClaim(SupportLabel.unsupported, 0.1, NOWHERE.mismatch.explanation)
    assert wide.decide(nowhere, NOWHERE, _features(), 0.5, _unit(EIFFEL)) is nowhere


def _stump(threshold: float = 0.5) -> CalibratorArtifact:
    # support_judged <= 0.5 -> +2 (false), else -2 (true); a missing value goes left
    tree = [
        {"leaf": False, "feature": 0, "threshold": 0.5, "left": 1, "right": 2, "missing_left": True},
        {"leaf": True, "value": 2.0}, {"leaf": True, "value": -2.0},
    ]
    return CalibratorArtifact.model_validate({
        "format": "ragguard-claim-calibrator/2", "model": "trees", "features": ["support_judged"],
        "trees": [tree, tree], "intercept": 0.5, "threshold": threshold, "command": "test"})


def test_a_tree_ensemble_is_evaluated_in_pure_python():
    import math

    calibrator = ClaimCalibrator(_stump())
    assert calibrator.p_false(_features(support_judged=0.2)) == pytest.approx(1 / (1 + math.exp(-4.5)))
    assert calibrator.p_false(_features(support_judged=0.9)) == pytest.approx(1 / (1 + math.exp(3.5)))


def test_a_tree_pointing_outside_itself_is_refused():
    data = _stump().model_dump()
    data["trees"][0][0]["right"] = 7
    with pytest.raises(ValueError, match="outside"):
        CalibratorArtifact.model_validate(data)
    data = _stump().model_dump() | {"clear_threshold": 0.9, "threshold": 0.5}
    with pytest.raises(ValueError, match="clear_threshold"):
        CalibratorArtifact.model_validate(data)


def test_rich_features_say_how_a_finding_was_reached():
    units = _unit(LEAFLET)
    claim = "The dose for a 3-year-old is 2.5 ml."
    fact = FactVerdict(
        label=FactLabel.contradicted, units=units[2:3],
        mismatch=SlotMismatch(kind=SlotKind.quantity, claim_value="2.5 ml", evidence_value="7.5 ml",
                              anchor="2 to 4 years", evidence=units[2],
                              explanation="the evidence gives 7.5 ml for 2 to 4 years, not 2.5 ml"),
    )
    assessment = Assessment(0.8, BestSentence(0.85, 0, units[0].text), 0.9, [])
    sims = [0.1 * i for i in range(len(units))]
    features = claim_features(claim, units, sims, assessment, vocabulary([LEAFLET]),
                              fact, JudgedClaim(SupportLabel.contradicted, 0.1, "x"))
    assert features.mismatch_unit_best  # the mismatch is in the aligned unit
    assert features.mismatch_unit_similarity == pytest.approx(sims[2])
    assert features.mismatch_value_in_units  # "2.5 ml" is the 3-to-6-months row's dose
    assert features.mismatch_log_ratio == pytest.approx(math.log(3))
    assert not features.value_nowhere and not features.check_not_found
    assert features.quantities_accepted_anywhere == 1.0  # some row gives 2.5 ml
