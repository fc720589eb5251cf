"""The baselines' thresholds (``guard/eval/thresholds.json``): F1-optimal on RAGTruth train minus dev.

    ragguard train thresholds --data ../shared/data/ragtruth --detectors lexical,support --limit 300 \
        --out guard/eval/thresholds.json

Scores go through the evaluation harness's resumable cache (``--cache``); entries of other
detectors already in ``--out`` are kept. ``ragguard eval ragtruth`` then reads the file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from guard.eval.thresholds import FIT_COMMAND, StoredThreshold

__all__ = ["DEFAULT_CACHE", "train_thresholds"]

DEFAULT_CACHE = Path(".cache/thresholds")


def train_thresholds(
    data: Path,
    detectors: Sequence[str],
    out: Path,
    *,
    limit: int | None = None,
    cache: Path = DEFAULT_CACHE,
    progress: bool = True,
    on_skip: Callable[[str], None] | None = None,
) -> dict[str, StoredThreshold]:
    """Fit the named detectors' thresholds on train minus dev (the first ``limit`` by SHA-256 of id)."""
    from guard.eval.harness import fit_thresholds
    from guard.eval.records import limit_records, load_ragtruth_split

    everything = load_ragtruth_split(data, "train")
    records = limit_records(everything, limit)
    sample = f", {len(records)} of {len(everything)} responses (lowest SHA-256 of id)" if limit else ""
    command = (
        f"{FIT_COMMAND} --data {data} --detectors {','.join(detectors)}"
        + (f" --limit {limit}" if limit else "")
        + f" --cache {cache} --out {out}"
    )
    return fit_thresholds(
        records,
        list(detectors),
        cache,
        fitted_on=f"RAGTruth train minus dev{sample}",
        command=command,
        path=out,
        progress=progress,
        on_skip=on_skip,
    )
