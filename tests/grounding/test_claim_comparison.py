"""The claim-level comparison: its dev slice and its metrics."""

from __future__ import annotations

from pathlib import Path

import pytest

from guard.eval.ragtruth import dev_source_ids, load_ragtruth
from guard.verifiers.types import SupportLabel
from training.grounding.claim_comparison import ClaimRow, dev_slice, summarise

RAGTRUTH = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "ragtruth"


def _row(task, truth, support, grounding, contradicted=0.1):
    return ClaimRow(
        record_id="r", task=task, truth=truth, support=support, grounding_supported=grounding,
        grounding_unsupported=1.0 - grounding - contradicted, grounding_contradicted=contradicted,
    )


def test_metrics_credit_the_judge_that_separates_the_claims():
    ok, bad = SupportLabel.supported, SupportLabel.contradicted
    rows = [
        _row("QA", ok, 0.9, 0.4),
        _row("QA", ok, 0.8, 0.6),
        _row("QA", bad, 0.2, 0.5, contradicted=0.45),
        _row("Summary", ok, 0.7, 0.7),
        _row("Summary", bad, 0.6, 0.3, contradicted=0.6),
    ]
    found = summarise(rows)
    assert found["QA"]["auroc_support"] == 1.0 and found["QA"]["auroc_grounding"] == 0.5
    assert found["all"]["claims"] == 5 and found["all"]["not_supported"] == 2
    assert found["all"]["model_argmax_contradicted"] == 1
    assert found["all"]["of_which_truly_contradicted"] == 1


@pytest.mark.slow
def test_the_slice_is_dev_only_and_balanced_by_task():
    chosen = dev_slice(RAGTRUTH, per_task=5)
    dev = dev_source_ids(load_ragtruth(RAGTRUTH))
    assert len(chosen) == 15 and all(r.source_id in dev for r in chosen)
    assert sorted({r.task.value for r in chosen}) == ["Data2txt", "QA", "Summary"]
    assert [r.id for r in dev_slice(RAGTRUTH, per_task=5)] == [r.id for r in chosen]
