"""Fast dev loop for the whole claim judge (facts + credited embedding score + verdict) on the hard cases.

Why: ``benchmarks/hardcases.py`` runs every verifier (minutes to tens of minutes on a loaded
machine), and ``hardcases_facts.py`` needs a support pickle from an earlier full run. This loop
embeds each case once (units, claim-to-unit cosines, the embedding assessment and the evidence
vocabulary, cached in ``.cache/hardcases_judge/``), then replays
:func:`guard.verifiers.claim_judge.judge_read`, the same function ``ClaimJudge.judge`` calls, so
a change to the fact layer, the credited score or ``verdict.combine`` is measured in seconds.
One claim per case (``verify()`` may split a case into two claims; the full run is the reference).

    python benchmarks/hardcases_judge.py --split dev [--fails] [--true] [--cat CATEGORY]

Tune on dev only; the test split is for reporting, once (benchmarks/hardcases/README.md).
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from guard.eval.hardcases import load_hardcases, resolve_cases  # noqa: E402
from guard.verifiers.claim_judge import judge_read, units_of, without_injections  # noqa: E402

CACHE = ROOT / ".cache" / "hardcases_judge"
THRESHOLD = 0.5  # the support verifier's default threshold
NOVELTY_PENALTY = 0.5  # the default policy's


def _inputs(rc):
    """(units, cosines, assessment, known vocabulary) of a case, embedded once."""
    passages = [(str(i), p) for i, p in enumerate(rc.passages, 1)]
    key = hashlib.sha256(repr((rc.case.claim, passages, rc.question)).encode()).hexdigest()[:24]
    path = CACHE / f"{key}.pkl"
    if path.exists():
        return pickle.loads(path.read_bytes())
    from guard.verifiers.support import EmbeddingJudge

    judge = EmbeddingJudge(rc.question or "", NOVELTY_PENALTY)
    found = [units_of(pid, text) for pid, text in passages]
    units = [u for f in found for u in f.units]
    clean = [without_injections(text, f.warnings) for (_, text), f in zip(passages, found, strict=True)]
    judge.prepare([rc.case.claim], [text for _, text in passages], extra_texts=[u.text for u in units])
    out = (units, judge.cosines(rc.case.claim, [u.text for u in units]), judge.assess(rc.case.claim, clean),
           judge.known(clean))
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(out))
    return out


def _rates(rows):
    false = [r for r in rows if r["truth"] == "false"]
    true = [r for r in rows if r["truth"] == "true"]
    tpr = sum(r["label"] != "supported" for r in false) / len(false) if false else None
    fpr = sum(r["label"] != "supported" for r in true) / len(true) if true else None
    cc = [r for r in rows if r["expected"] == "contradicted"]
    c2c = sum(r["label"] == "contradicted" for r in cc) / len(cc) if cc else None
    acc = sum((r["label"] != "supported") == (r["truth"] == "false") for r in rows) / len(rows)
    bal = (tpr + 1 - fpr) / 2 if tpr is not None and fpr is not None else None
    return bal, tpr, fpr, acc, c2c


def _fmt(x):
    return "  -  " if x is None else f"{x:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", default="dev", choices=["dev", "test"])
    ap.add_argument("--fails", action="store_true", help="print every wrong case")
    ap.add_argument("--true", action="store_true", help="with --fails: true claims only")
    ap.add_argument("--cat", default=None, help="with --fails: one category")
    args = ap.parse_args()
    rows = []
    for rc in resolve_cases([c for c in load_hardcases() if c.split.value == args.split]):
        case = rc.case
        units, sims, assessment, known = _inputs(rc)
        judged = judge_read(case.claim, units, sims, assessment, known, NOVELTY_PENALTY, THRESHOLD)
        fact = judged.fact
        rows.append(dict(id=case.id, cat=case.category.value, truth=case.truth.value, expected=case.expected.value,
                         fact=fact.label.value, label=judged.label.value, support=judged.support, claim=case.claim,
                         why=case.why, reason=judged.reason or fact.inference or fact.note,
                         unit=fact.units[0].text[:160] if fact.units else None))
    print(f"split {args.split}: {len(rows)} cases (one claim per case)")
    print("| group | n | bal | TPR false | FPR true | acc | contr->contr |")
    print("|---|---|---|---|---|---|---|")
    print("| **all** | %d | %s |" % (len(rows), " | ".join(_fmt(x) for x in _rates(rows))))
    by_cat = collections.defaultdict(list)
    for r in rows:
        by_cat[r["cat"]].append(r)
    for cat, rs in sorted(by_cat.items()):
        print("| %s | %d | %s |" % (cat, len(rs), " | ".join(_fmt(x) for x in _rates(rs))))
    if not args.fails:
        return
    for r in rows:
        if (args.cat and r["cat"] != args.cat) or (args.true and r["truth"] != "true"):
            continue
        if (r["label"] != "supported") != (r["truth"] == "false") or (
            r["expected"] == "contradicted" and r["label"] != "contradicted"
        ):
            print(f"\n[{r['cat']}] {r['id']} exp={r['expected']} fact={r['fact']} got={r['label']} s={r['support']:.2f}")
            print("  claim:", r["claim"])
            print("  why:  ", r["why"])
            print("  facts:", r["reason"])
            print("  unit: ", r["unit"])


if __name__ == "__main__":
    main()
