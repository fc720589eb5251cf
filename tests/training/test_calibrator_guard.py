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
