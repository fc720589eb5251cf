"""Fast dev loop for the fact layer + verdict combination on the judge's hard-case set.

Why: the full benchmark (benchmarks/hardcases.py) runs every verifier and takes minutes;
tuning guard/facts needs seconds. Passage units and MiniLM cosines are cached per case in
.cache/hardcases_facts/ (gitignored); the embedding support score of each case is read from a
pickle written by the coordinator's support run (case id -> [(support, label) per claim]; a
case split into several claims takes the worst, i.e. the lowest support).

    python benchmarks/hardcases_facts.py --split dev [--support PATH] [--fails]

Prints the combined metrics (the bar of issue 11) overall and per category; --fails prints
every wrong case with its `why` and the fact layer's explanation. Tune on dev only.
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
from guard.facts import evidence_units, judge_facts  # noqa: E402
from guard.verifiers.verdict import combine  # noqa: E402

CACHE = ROOT / ".cache" / "hardcases_facts"
THRESHOLD = 0.5  # the support verifier's default threshold


def _cached_inputs(rc):
    """(units, cosines) of a case, computed once per (claim, passages)."""
    key = hashlib.sha256(repr((rc.case.claim, rc.passages)).encode()).hexdigest()[:24]
    path = CACHE / f"{key}.pkl"
    if path.exists():
        return pickle.loads(path.read_bytes())
    from retrievers.embedder import get_embedder

    units = [u for i, p in enumerate(rc.passages, 1) for u in evidence_units(str(i), p).units]
    vecs = get_embedder().encode([rc.case.claim] + [u.text for u in units])
    sims = [float(x) for x in vecs[1:] @ vecs[0]]
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps((units, sims)))
    return units, sims


def _rate(rows):
    f = [r for r in rows if r["truth"] == "false"]
    t = [r for r in rows if r["truth"] == "true"]
    tpr = sum(r["label"] != "supported" for r in f) / len(f) if f else None
    fpr = sum(r["label"] != "supported" for r in t) / len(t) if t else None
    cc = [r for r in rows if r["expected"] == "contradicted"]
    c2c = sum(r["label"] == "contradicted" for r in cc) / len(cc) if cc else None
    acc = sum((r["label"] != "supported") == (r["truth"] == "false") for r in rows) / len(rows)
    bal = (tpr + 1 - fpr) / 2 if tpr is not None and fpr is not None else None
    return bal, tpr, fpr, acc, c2c


def _fmt(x):
    return "  -  " if x is None else f"{x:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="dev")
    ap.add_argument("--support", default=None, help="pickle: case id -> [(support, label)]")
    ap.add_argument("--fails", action="store_true")
    ap.add_argument("--cat", default=None)
    args = ap.parse_args()
    support = pickle.load(open(args.support or f"/work/scratch/support_hc_{args.split}.pkl", "rb"))
    cases = [c for c in resolve_cases(load_hardcases()) if c.case.split.value == args.split]
    rows = []
    for rc in cases:
        c = rc.case
        units, sims = _cached_inputs(rc)
        fv = judge_facts(c.claim, units, sims)
        s = min([x[0] for x in support.get(c.id, [])] or [0.0])
        j = combine(fv, s, THRESHOLD)
        rows.append(dict(id=c.id, cat=c.category.value, truth=c.truth.value, expected=c.expected.value,
                         fact=fv.label.value, label=j.label.value, support=s, claim=c.claim, why=c.why,
                         reason=j.reason or fv.inference or fv.note,
                         unit=fv.units[0].text[:160] if fv.units else None))
    print(f"split {args.split}: {len(rows)} cases")
    print("| group | n | bal | TPR false | FPR true | acc | contr->contr |")
    print("|---|---|---|---|---|---|---|")
    print("| **all** | %d | %s |" % (len(rows), " | ".join(_fmt(x) for x in _rate(rows))))
    bycat = collections.defaultdict(list)
    for r in rows:
        bycat[r["cat"]].append(r)
    for cat, rs in sorted(bycat.items()):
        print("| %s | %d | %s |" % (cat, len(rs), " | ".join(_fmt(x) for x in _rate(rs))))
    conf = collections.Counter((r["expected"], r["label"]) for r in rows)
    print("expected -> label:", dict(sorted(conf.items())))
    fconf = collections.Counter((r["expected"], r["fact"]) for r in rows)
    print("expected -> fact:", dict(sorted(fconf.items())))
    if args.fails:
        for r in rows:
            if args.cat and r["cat"] != args.cat:
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
