"""The calibrator's training reads its decisions as the runtime makes them: a hard fact finding stands."""

from __future__ import annotations

import pytest

from guard.verifiers.claim_features import FEATURE_NAMES, ClaimFeatures
from guard.verifiers.types import SupportLabel
from training.calibrator.data import Row
from training.calibrator.fit import decision_score, label_of


def _row(rules: SupportLabel, learned: bool, truth_false: bool = True) -> Row:
    features = ClaimFeatures.model_validate({name: 0.0 for name in FEATURE_NAMES})
    return Row(id="x", group="doc", source="hardcases", split="dev", category="dates", truth_false=truth_false,
               expected=SupportLabel.unsupported, rules=rules, learned=learned, features=features)


@pytest.mark.parametrize("rules", [SupportLabel.contradicted, SupportLabel.unsupported])
def test_a_closed_row_keeps_the_rules_label_whatever_the_model_says(rules):
    row = _row(rules, learned=False)
    assert label_of(row, flagged=False) is rules
    assert label_of(row, flagged=True) is rules
    assert decision_score(row, 0.0) == 1.0  # false, however low the model's P(false)


def test_an_open_row_is_the_models_to_decide():
    passed = _row(SupportLabel.supported, learned=True)
    assert label_of(passed, flagged=True) is SupportLabel.unsupported  # flagged, never contradicted
    assert label_of(passed, flagged=False) is SupportLabel.supported
    flagged = _row(SupportLabel.unsupported, learned=True, truth_false=False)
    assert label_of(flagged, flagged=False) is SupportLabel.supported
    assert decision_score(flagged, 0.3) == 0.3


# --- grouped CV's decision and the tree export (training/calibrator/cv.py, train.py) ---

def _features_row(truth_false: bool, rules: SupportLabel, learned: bool, doc: str, **features: float) -> Row:
    values = {name: 0.0 for name in FEATURE_NAMES}
    values.update(features)
    return Row(id=f"{doc}-{len(features)}", group=doc, source="hardcases", split="dev", category="x",
               truth_false=truth_false, expected=SupportLabel.contradicted if truth_false else SupportLabel.supported,
               rules=rules, learned=learned, features=ClaimFeatures.model_validate(values))


def test_cv_decides_as_the_runtime_open_overrulable_and_the_floor():
    import numpy as np

    from training.calibrator.cv import Arrays, decide

    rows = [
        _features_row(False, SupportLabel.supported, True, "a"),  # open
        _features_row(True, SupportLabel.contradicted, False, "a", fact_contradicted=True),  # overrulable
        _features_row(True, SupportLabel.unsupported, False, "b", fact_unsupported=True, value_nowhere=True),  # floor
    ]
    a = Arrays(rows)
    assert a.open.tolist() == [True, False, False] and a.overrulable.tolist() == [False, True, False]
    p = np.array([0.9, 0.01, 0.01])
    assert decide(a, p, 0.5, None).tolist() == [True, True, True]  # guarded: hard findings stand
    assert decide(a, p, 0.5, 0.1).tolist() == [True, False, True]  # wide: cleared above the floor only


def test_a_fitted_tree_ensemble_exports_to_the_runtime_exactly():
    import numpy as np

    from guard.verifiers.claim_calibrator import ClaimCalibrator
    from training.calibrator.cv import Variant
    from training.calibrator.train import export

    rng = np.random.default_rng(0)
    names = ["support_judged", "novel_terms", "fact_contradicted"]
    x = rng.random((300, 3))
    x[:, 2] = x[:, 2] > 0.5
    y = (x[:, 1] - x[:, 0] + 0.3 * x[:, 2] + 0.2 * rng.standard_normal(300)) > 0
    v = Variant("rich", "gb2", "wide")
    model = v.make(names)
    model.fit(x, y)
    artifact = export(v, model, names, 0.6, 0.3, "test", {})
    calibrator = ClaimCalibrator(artifact)
    ours = [calibrator.p_false(ClaimFeatures.model_validate({n: 0.0 for n in FEATURE_NAMES} | dict(zip(names, row))))
            for row in x[:50]]
    assert np.allclose(ours, model.predict_proba(x[:50])[:, 1], atol=1e-9)
    assert artifact.model == "trees" and artifact.clear_threshold == 0.3
