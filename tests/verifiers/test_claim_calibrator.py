"""The claim calibrator: its artifact, its typed features and its decision (issue 11)."""

from __future__ import annotations

import json

import pytest

from guard.errors import ModelError
from guard.facts.types import FactLabel, FactVerdict, SlotKind, SlotMismatch
from guard.verifiers.claim_calibrator import ARTIFACT_PATH, CalibratorArtifact, ClaimCalibrator, default_calibrator
from guard.verifiers.claim_features import FEATURE_NAMES, ClaimFeatures, claim_features
from guard.verifiers.lexical import vocabulary
from guard.verifiers.support import Assessment, BestSentence
from guard.verifiers.types import SupportLabel
from guard.verifiers.verdict import JudgedClaim

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


def test_the_model_decides_true_or_false_and_the_fact_layer_names_the_kind():
    low_support_is_false = ClaimCalibrator(_one_feature_artifact(-5.0))
    # the rules contradicted it, the model agrees: the rules' verdict (with its mismatch reason) stands
    contradicted = JudgedClaim(SupportLabel.contradicted, 0.1, "the leaflet gives 7.5 ml")
    assert low_support_is_false.decide(contradicted, _features(support_judged=0.1), 0.5) == contradicted
    # the rules flagged it, the model does not: supported, with a score at the bar and a reason
    flagged = JudgedClaim(SupportLabel.unsupported, 0.45, None)
    turned = low_support_is_false.decide(flagged, _features(support_judged=0.9), 0.5)
    assert turned.label is SupportLabel.supported and turned.support >= 0.5 and "calibrated" in turned.reason
    # the rules supported it, the model flags it: unsupported (never contradicted), score under the bar
    supported = JudgedClaim(SupportLabel.supported, 0.55, None)
    turned = low_support_is_false.decide(supported, _features(support_judged=0.1), 0.5)
    assert turned.label is SupportLabel.unsupported and turned.support < 0.5


def test_an_abstention_stays_an_abstention():
    calibrator = ClaimCalibrator(_one_feature_artifact(-5.0))
    abstained = JudgedClaim(SupportLabel.unsupported, 0.8, "not judged: Chinese", judged=False)
    assert calibrator.decide(abstained, _features(support_judged=0.9), 0.5) is abstained


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
