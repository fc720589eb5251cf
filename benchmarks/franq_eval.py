"""FRANQ on RAGTruth dev: the calibration's claim- and response-level metrics.

    python benchmarks/franq_eval.py [--cache .cache/franq/scores.jsonl]   # -> benchmarks/results/franq.json

Reads the cache that ``ragguard train franq score`` fills (training/franq.py: the sample,
the labels and the fit are described there); evaluation reads the dev claims only, and the
response thresholds are fitted on the train responses of the same cache.

Probabilities for ECE: FRANQ calibrated and uncalibrated are probabilities already;
ClaimProb and ParamKnowledge are read as exp(mean log-prob), Contrast (a log-ratio) through
the logistic function, P_faith as is. Response level: the minimum over claims of each score
(the least factual claim decides), against "the response has no span".
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from sklearn.metrics import f1_score, precision_score, recall_score

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from training.franq import DEFAULT_CACHE, SEED, fit_on_train, read_cache  # noqa: E402

CACHE = ROOT / DEFAULT_CACHE
RESULTS = ROOT / "benchmarks" / "results" / "franq.json"
METHODS = (
    "franq_calibrated",
    "franq_calibrated_increasing",
    "franq_uncalibrated",
    "claim_prob",
    "param_knowledge",
    "contrast",
    "p_faith",
)


def evaluate(args: argparse.Namespace) -> None:
    from guard.verifiers.franq import load_calibration

    calibration = load_calibration(args.calibration)
    cache = Path(args.cache)
    result = {
        "description": __doc__.split("\n\n")[0],
        "command": "python benchmarks/franq_eval.py"
        + (f" --compare-cache {args.compare_cache}" if args.compare_cache else ""),
        "calibration": calibration.provenance,
        "response_aggregate": "min over claims",
        "probability_reading": {
            "claim_prob": "exp",
            "param_knowledge": "exp",
            "contrast": "logistic",
            "p_faith": "as is",
            "franq_*": "as is",
        },
        "paper_ece": {"franq_calibrated": 0.082, "claim_prob": 0.154},
        **_evaluation(cache, calibration),
    }
    if args.compare_cache:
        # The same log-probs with P_faith from the other estimator, its maps refitted on its train claims.
        other, _, _ = fit_on_train(Path(args.compare_cache), increasing="auto")
        result["alternative_p_faith"] = _evaluation(Path(args.compare_cache), other)
    out = Path(args.out or RESULTS)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    _print(result)
    if args.compare_cache:
        print(f"\n--- alternative P_faith: {result['alternative_p_faith']['p_faith_source']} ---")
        _print(result["alternative_p_faith"])



def _evaluation(cache: Path, calibration) -> dict:
    """Dev metrics for the cached claims under ``calibration`` (and the increasing-only refit)."""
    # The paper's reading (both maps increasing), refitted on the same train claims, for contrast.
    forced, _, _ = fit_on_train(cache, increasing=True)
    everything = read_cache(cache)
    for row in everything:
        for claim in row["claims"]:
            claim.update(_method_scores(calibration, forced, claim))
    rows = [r for r in everything if r["split"] == "dev" and r["claims"]]
    thresholds = _response_thresholds([r for r in everything if r["split"] == "train" and r["claims"]])
    return {
        "response_thresholds": {
            "rule": "flag hallucinated when the min over claims is below t; t maximises F1 on the train responses",
            "values": thresholds,
        },
        "p_faith_source": calibration.p_faith_source,
        "maps": {
            "f1_claim_prob_increasing": calibration.f1_claim_prob.increasing,
            "f2_param_knowledge_increasing": calibration.f2_param_knowledge.increasing,
        },
        "train_responses": sum(1 for r in everything if r["split"] == "train"),
        "overall": _block(rows, bootstrap=True, thresholds=thresholds),
        "per_task": {
            task: _block([r for r in rows if r["task"] == task], bootstrap=False, thresholds=thresholds)
            for task in sorted({r["task"] for r in rows})
        },
        "scoring_seconds_median": _median([r["seconds"] for r in rows]),
        "passages_truncated": sum(bool(r.get("passages_truncated")) for r in rows),
    }


def _method_scores(calibration, forced, claim: dict) -> dict:
    from guard.verifiers.franq import calibrated, uncalibrated

    cp, pk, pf = claim["claim_prob"], claim["param_knowledge"], claim["p_faith"]
    return {
        "franq_calibrated": calibrated(calibration, cp, pk, pf),
        "franq_calibrated_increasing": calibrated(forced, cp, pk, pf),
        "franq_uncalibrated": uncalibrated(cp, pk, pf),
        "claim_prob": cp,
        "param_knowledge": pk,
        "contrast": cp - pk,
        "p_faith": pf,
    }


def _as_probability(method: str, value: float) -> float:
    if method in ("claim_prob", "param_knowledge"):
        return math.exp(value)
    if method == "contrast":
        return 1.0 / (1.0 + math.exp(-value))
    return value


def _response_thresholds(train_rows: list[dict]) -> dict[str, float]:
    """Per method, the response-score cut (min over claims) with the best F1 on train responses."""
    y = np.array([r["hallucinated"] for r in train_rows])
    cuts = {}
    for method in METHODS:
        scores = np.array([min(c[method] for c in r["claims"]) for r in train_rows])
        candidates = np.unique(scores)
        f1s = [f1_score(y, scores <= t, zero_division=0.0) for t in candidates]
        cuts[method] = float(candidates[int(np.argmax(f1s))])
    return cuts


def _decisions(y_hallucinated: list[bool], scores: list[float], cut: float) -> dict:
    flagged = [s <= cut for s in scores]
    return {
        "threshold": round(cut, 4),
        "precision": round(precision_score(y_hallucinated, flagged, zero_division=0.0), 4),
        "recall": round(recall_score(y_hallucinated, flagged, zero_division=0.0), 4),
        "f1": round(f1_score(y_hallucinated, flagged, zero_division=0.0), 4),
    }


def _block(rows: list[dict], bootstrap: bool, thresholds: dict[str, float] | None = None) -> dict:
    claims = [c for r in rows for c in r["claims"]]
    claim_y = [c["factual"] for c in claims]
    resp_y = [not r["hallucinated"] for r in rows]
    block: dict = {
        "responses": len(rows),
        "claims": len(claims),
        "factual_claim_rate": round(sum(claim_y) / max(len(claims), 1), 3),
        "factual_response_rate": round(sum(resp_y) / max(len(rows), 1), 3),
        "claim_level": {},
        "response_level": {},
    }
    for method in METHODS:
        claim_s = [c[method] for c in claims]
        resp_s = [min(c[method] for c in r["claims"]) for r in rows]
        block["claim_level"][method] = _metrics(method, claim_y, claim_s)
        block["response_level"][method] = _metrics(method, resp_y, resp_s)
        if thresholds:
            hallucinated = [not factual for factual in resp_y]
            block["response_level"][method].update(_decisions(hallucinated, resp_s, thresholds[method]))
        if bootstrap:
            block["response_level"][method]["auroc_ci95"] = _bootstrap_auroc(resp_y, resp_s)
            block["claim_level"][method]["auroc_ci95"] = _bootstrap_claim_auroc(rows, method)
    return block


def _metrics(method: str, y: list[bool], scores: list[float]) -> dict:
    return {"auroc": _auroc(y, scores), "ece": round(ece(y, [_as_probability(method, s) for s in scores]), 4)}


def _auroc(y, scores) -> float | None:
    from sklearn.metrics import roc_auc_score

    if len(set(y)) < 2:
        return None
    return round(float(roc_auc_score(y, scores)), 4)


def ece(y: Iterable[bool], p: Iterable[float], bins: int = 10) -> float:
    """Expected calibration error over 10 equal-width bins of P(factual) (the last bin closed)."""
    y, p = list(y), list(p)
    totals = defaultdict(lambda: [0, 0.0, 0.0])
    for label, prob in zip(y, p):
        b = min(int(prob * bins), bins - 1)
        totals[b][0] += 1
        totals[b][1] += float(label)
        totals[b][2] += prob
    return sum(abs(hits - conf) for _, (n, hits, conf) in totals.items()) / max(len(y), 1)


def _bootstrap_auroc(y, s, rounds: int = 500) -> list[float] | None:
    rng = random.Random(SEED)
    values = []
    for _ in range(rounds):
        idx = [rng.randrange(len(y)) for _ in y]
        value = _auroc([y[i] for i in idx], [s[i] for i in idx])
        if value is not None:
            values.append(value)
    return _interval(values)


def _bootstrap_claim_auroc(rows: list[dict], method: str, rounds: int = 200) -> list[float] | None:
    """Resample responses (a response's claims share a context), score their claims."""
    rng = random.Random(SEED)
    values = []
    for _ in range(rounds):
        picked = [rows[rng.randrange(len(rows))] for _ in rows]
        claims = [c for r in picked for c in r["claims"]]
        value = _auroc([c["factual"] for c in claims], [c[method] for c in claims])
        if value is not None:
            values.append(value)
    return _interval(values)


def _interval(values: list[float]) -> list[float] | None:
    if not values:
        return None
    values.sort()
    return [round(values[int(0.025 * len(values))], 3), round(values[int(0.975 * len(values)) - 1], 3)]


def _median(values: list[float]) -> float | None:
    values = sorted(values)
    return values[len(values) // 2] if values else None


def _print(result: dict) -> None:
    for name, block in [("overall", result["overall"]), *result["per_task"].items()]:
        print(f"\n{name}: {block['responses']} responses, {block['claims']} claims")
        print(f"{'method':28} {'claim AUROC':>11} {'claim ECE':>9} {'resp AUROC':>10} {'resp ECE':>8} {'resp F1':>7}")
        for method in METHODS:
            c, r = block["claim_level"][method], block["response_level"][method]
            print(f"{method:28} {c['auroc']!s:>11} {c['ece']:>9} {r['auroc']!s:>10} {r['ece']:>8} {r.get('f1', '')!s:>7}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", default=str(CACHE))
    parser.add_argument("--calibration", default=None, help="default: the committed calibration")
    parser.add_argument("--out", default=None, help=f"default: {RESULTS.relative_to(ROOT)}")
    parser.add_argument("--compare-cache", default=None, help="a cache with P_faith from the other estimator")
    evaluate(parser.parse_args())


if __name__ == "__main__":
    main()
