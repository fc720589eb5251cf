"""How often the minimal-edit checks (guard/facts/edits.py) fire on RAGTruth response sentences.

Run from the repository root:  python tests/facts/measure_edits.py [N] [--show]
A precision check on text the checks were not written for: N (default 600) train responses of
the QA and Summary tasks (seed 1), every sentence judged against its source's evidence units
(no cosines), sorted as in measure_ragtruth.py into clean / conflict / baseless sentences.
Prints, per group, the share of sentences ``minimal_edits`` or ``unit_changed`` flags, and
with --show the clean sentences flagged (what a false flag looks like). Not a test.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from guard.facts.align import ranked  # noqa: E402
from guard.facts.edits import minimal_edits, unit_changed  # noqa: E402
from guard.facts.lexicon import ENGLISH  # noqa: E402
from guard.facts.slots import read_slots  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_ragtruth import labelled_sentences  # noqa: E402


def main(n: int = 600, show: bool = False) -> None:
    seen: Counter = Counter()
    flagged: dict[str, Counter] = {"clean": Counter(), "conflict": Counter(), "baseless": Counter()}
    for group, text, units in labelled_sentences(n, seed=1):
        seen[group] += 1
        sentence = text.strip()
        if not units or not sentence:
            continue
        claim = read_slots(sentence, ENGLISH)
        scored = ranked(sentence, units, None, ENGLISH)
        found = [o.mismatch for o in minimal_edits(claim, units, scored, ENGLISH) + unit_changed(claim, scored, ENGLISH)]
        for m in found[:1]:
            flagged[group][m.kind.value] += 1
            if show and group == "clean":
                print(f"- {sentence[:160]}\n    {m.kind.value}: {m.claim_value!r} vs {m.evidence_value!r}")
    for group, counts in flagged.items():
        total = sum(counts.values())
        print(f"{group}: {total} of {seen[group]} flagged ({total / max(seen[group], 1):.3f}) {dict(counts)}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 600, "--show" in sys.argv)
