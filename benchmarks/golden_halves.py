"""Golden dev figures of a held-out batch split in two halves by id parity, and of every other dev row.

A batch written before a round's code change (notes opening with its tag, e.g. ``held-out-9``) is
split by a rule fixed before measuring: its even ids are the open half (read case by case), its odd
ids the held half (read as aggregate figures only, the after-figure of a pre-registered criterion).
Prints one line per profile and part, no case ids:

    python benchmarks/golden_halves.py runs/RUN [--tag held-out-10]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from golden_shown import figures, held_out_ids, profile_results  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", type=Path, help="the --out folder of `ragguard eval golden ... --split dev`")
    parser.add_argument("--tag", default="held-out-10", help="the batch to split in halves (held-out-9 for the tenth round)")
    args = parser.parse_args()
    groups = held_out_ids(ROOT / "examples" / "golden.jsonl")
    batch = groups.get(args.tag, set())
    runs = profile_results(args.run)
    if not runs:
        sys.exit(f"no results*.jsonl with rows in {args.run}: give the --out folder of `ragguard eval golden`")
    for profile, rows in runs:
        parts = {
            "open": [r for r in rows if r["id"] in batch and int(r["id"][1:]) % 2 == 0],
            "held": [r for r in rows if r["id"] in batch and int(r["id"][1:]) % 2 == 1],
            "older": [r for r in rows if r["id"] not in batch],
        }
        for name, part in parts.items():
            if not part:  # a run without this batch (a test run, or one from before it was written)
                print(f"{profile:8} {name:6} n=  0")
                continue
            f = figures(part)
            print(
                f"{profile:8} {name:6} n={f['cases']:3} content={f['content_correct'] or 0:.3f} "
                f"recall={f['refusal_recall'] or 0:.3f} precision={f['refusal_precision'] or 0:.3f} "
                f"wrong_shown_unmarked={f['wrong_shown_unmarked']} wrong_shown={f['wrong_shown']}"
            )


if __name__ == "__main__":
    main()
