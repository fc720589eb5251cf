"""FRANQ on RAGTruth: score a stratified sample, fit the isotonic maps, evaluate on dev.

    nice -n 19 python benchmarks/franq_calibrate.py score --minutes 60   # resumable, cached
    python benchmarks/franq_calibrate.py refaith --source grounding   # P_faith from one estimator
    python benchmarks/franq_calibrate.py fit         # -> guard/verifiers/franq_calibration.json
    python benchmarks/franq_calibrate.py evaluate    # -> benchmarks/results/franq.json

Data: RAGTruth responses of quality "good", split by ``guard.eval.ragtruth.split_dev``
(held out by source); calibration reads train minus dev only, evaluation dev only.
The sample is stratified by (task, generator model): each stratum is shuffled with a fixed
seed and the strata are read round-robin, train and dev interleaved 2:1, so a run stopped
at any point (``--minutes``) has scored a balanced prefix of the planned sample.

Labels. A claim (an answer sentence, ``guard.verifiers.claims``) is *factual* when its span
overlaps no labelled hallucination span; a response is factual when it has no span.
RAGTruth's spans mark content the passages do not support (conflict or baseless), so this
"factual" is faithfulness to the sources, not world truth: the proxy the data allows.
Faithful / unfaithful claims for f1 / f2 are split by the method's own P_faith >= 0.5
(the support score until the grounding model is committed), not by span type: with
RAGTruth's labels every claim without a span would be "faithful", so f2 would only ever see
non-factual claims and map everything to 0. Each map takes the direction its train claims
show (``increasing="auto"``); ``franq_calibrated_increasing`` in the results is the paper's
reading (both maps increasing), refitted on the same claims, for contrast.

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
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from sklearn.metrics import f1_score, precision_score, recall_score

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from guard.eval.ragtruth import Quality, RagTruthRecord, load_ragtruth, split_dev

DATA = ROOT / ".." / "shared" / "data" / "ragtruth"
CACHE = ROOT / ".cache" / "franq" / "scores.jsonl"
RESULTS = ROOT / "benchmarks" / "results" / "franq.json"
SEED = 1
METHODS = (
    "franq_calibrated",
    "franq_calibrated_increasing",
    "franq_uncalibrated",
    "claim_prob",
    "param_knowledge",
    "contrast",
    "p_faith",
)


def planned_sample(n_train: int, n_dev: int) -> list[tuple[str, RagTruthRecord]]:
    """(split, record) pairs in scoring order: stratified, train and dev interleaved 2:1."""
    records = load_ragtruth(DATA)
    train, dev = split_dev(records)  # split on everything so it matches everyone else's
    good = [Quality.good]
    train = _stratified([r for r in train if r.quality in good], n_train)
    dev = _stratified([r for r in dev if r.quality in good], n_dev)
    order: list[tuple[str, RagTruthRecord]] = []
    while train or dev:
        order.extend(("train", train.pop(0)) for _ in range(2) if train)
        if dev:
            order.append(("dev", dev.pop(0)))
    return order


def _stratified(records: list[RagTruthRecord], n: int) -> list[RagTruthRecord]:
    strata: dict[tuple[str, str], list[RagTruthRecord]] = defaultdict(list)
    for record in records:
        strata[(record.task.value, record.model)].append(record)
    rng = random.Random(SEED)
    queues = []
    for key in sorted(strata):
        group = sorted(strata[key], key=lambda r: r.id)
        rng.shuffle(group)
        queues.append(group)
    out: list[RagTruthRecord] = []
    while len(out) < n and any(queues):
        for queue in queues:
            if queue and len(out) < n:
                out.append(queue.pop(0))
    return out


# --- score ---------------------------------------------------------------------------------


def score(args: argparse.Namespace) -> None:
    from guard.verifiers.franq import LocalScorer

    cache = Path(args.cache)
    cache.parent.mkdir(parents=True, exist_ok=True)
    done = {row["id"] for row in _read_cache(cache)}
    todo = [(split, r) for split, r in planned_sample(args.train, args.dev) if r.id not in done]
    print(f"{len(done)} cached, {len(todo)} to score", flush=True)
    import torch

    # One thread: on shared, oversubscribed cores two spinning OpenMP threads ran 2-5x slower.
    torch.set_num_threads(args.threads)
    scorer = LocalScorer()
    deadline = time.monotonic() + args.minutes * 60
    with cache.open("a", encoding="utf-8") as out:
        for k, (split, record) in enumerate(todo):
            if time.monotonic() > deadline:
                print(f"time budget spent after {k} responses", flush=True)
                break
            started = time.perf_counter()
            row = _score_record(scorer, split, record, args.source)
            row["seconds"] = round(time.perf_counter() - started, 2)
            out.write(json.dumps(row) + "\n")
            out.flush()
            if k % 10 == 0:
                print(f"{k + 1}/{len(todo)} {record.task.value} {row['seconds']} s", flush=True)


def _score_record(scorer, split: str, record: RagTruthRecord, source: str) -> dict:
    """One response through support + FRANQ's measurement, with per-claim labels."""
    from guard.verifiers import franq
    from guard.verifiers.api import as_passages
    from guard.verifiers.registry import register_verifier
    from guard.verifiers.stage import run_verification
    from guard.verifiers.types import VerificationInput

    found: dict = {}

    class Features:
        """FRANQ's raw inputs (no calibration: that is what the cache is for)."""

        name = "franq_features"
        judges_support = False

        def run(self, inp, state):
            claims = [v.claim for v in state.report.claims]
            found["measured"] = franq.measure(scorer, inp.question, inp.passages, inp.answer, claims)
            found["p_faith"] = franq.faithfulness(inp, state, source)

    register_verifier("franq_features", Features)
    inp = VerificationInput(
        question=record.question,
        passages=as_passages(record.passages),
        answer=record.answer,
        generator=record.model,
    )
    report = run_verification(inp, ["support", "franq_features"])
    row = {
        "id": record.id,
        "split": split,
        "task": record.task.value,
        "model": record.model,
        "hallucinated": record.label,
        "failures": [f.message for f in report.failures],
        "claims": [],
    }
    if "measured" not in found:
        return row
    measured = found["measured"]
    row["passages_truncated"] = measured.passages_truncated
    row["p_faith_source"] = source
    for verdict, lp, pf in zip(report.claims, measured.claims, found["p_faith"], strict=True):
        claim = verdict.claim
        row["claims"].append(
            {
                "start": claim.start,
                "end": claim.end,
                "n_tokens": lp.n_tokens,
                "claim_prob": lp.claim_prob,
                "param_knowledge": lp.param_knowledge,
                "p_faith": pf,
                "factual": not any(s.start < claim.end and s.end > claim.start for s in record.spans),
            }
        )
    return row


def _read_cache(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            rows[row["id"]] = row
    return list(rows.values())


def refaith(args: argparse.Namespace) -> None:
    """Recompute P_faith of every cached claim with one estimator (the log-probs are kept).

    A cache scored while the grounding model appeared holds both sources: this makes it one.
    """
    cache = Path(args.cache)
    rows = _read_cache(cache)
    records = {r.id: r for r in load_ragtruth(DATA)}
    estimate = _grounding_faith() if args.source == "grounding" else _support_faith
    for k, row in enumerate(rows):
        if row["claims"]:
            record = records[row["id"]]
            by_span = estimate(record)
            for claim in row["claims"]:
                claim["p_faith"] = by_span[(claim["start"], claim["end"])]
        row["p_faith_source"] = args.source
        if k % 50 == 0:
            print(f"{k + 1}/{len(rows)}", flush=True)
    tmp = cache.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    tmp.replace(cache)


def _grounding_faith():
    from guard.verifiers.claims import extract_claims
    from guard.verifiers.franq import grounding_model

    model = grounding_model()
    if model is None:
        sys.exit("no grounding model in guard/grounding/model (grounding.json): nothing to do")

    def estimate(record: RagTruthRecord) -> dict[tuple[int, int], float]:
        claims = extract_claims(record.answer)
        scores = model.score_claims([c.text for c in claims], record.passages)
        return {(c.start, c.end): s.supported for c, s in zip(claims, scores, strict=True)}

    return estimate


def _support_faith(record: RagTruthRecord) -> dict[tuple[int, int], float]:
    from guard.verifiers.api import as_passages
    from guard.verifiers.stage import run_verification
    from guard.verifiers.types import VerificationInput

    inp = VerificationInput(
        question=record.question, passages=as_passages(record.passages), answer=record.answer
    )
    report = run_verification(inp, ["support"])
    return {(v.claim.start, v.claim.end): v.support for v in report.claims}


# --- fit -----------------------------------------------------------------------------------


def fit(args: argparse.Namespace) -> None:
    from guard.verifiers.franq import CALIBRATION_PATH, dump_calibration

    calibration, rows, n_claims = _fit_on_train(Path(args.cache), increasing="auto")
    out = Path(args.out or CALIBRATION_PATH)
    dump_calibration(calibration, out)
    print(
        f"fitted on {rows} responses / {n_claims} claims "
        f"({calibration.n_faithful} faithful, {calibration.n_unfaithful} not) -> {out}"
    )


def _fit_on_train(cache: Path, increasing):
    from guard.verifiers.franq import fit_calibration

    rows = [r for r in _read_cache(cache) if r["split"] == "train" and r["claims"]]
    claims = [c for r in rows for c in r["claims"]]
    sources = sorted({r["p_faith_source"] for r in rows})
    if len(sources) != 1:
        sys.exit(f"the cache mixes P_faith sources {sources}: run `refaith --source ...` first")
    calibration = fit_calibration(
        [c["claim_prob"] for c in claims],
        [c["param_knowledge"] for c in claims],
        [c["p_faith"] for c in claims],
        [c["factual"] for c in claims],
        p_faith_source=sources[0],
        increasing=increasing,
        provenance={
            "data": f"RAGTruth train minus dev (split_dev), quality good, stratified by task x model: "
            f"{len(rows)} responses, {len(claims)} claims",
            "label": "factual = the claim's span overlaps no labelled hallucination span",
            "split": "faithful = P_faith >= 0.5",
            "direction": f"increasing={increasing!r} (auto: the sign of each map's Spearman correlation)",
            "scorer": "local/smollm2-135m-instruct, teacher forcing, benchmarks/franq_calibrate.py",
            "command": "nice -n 19 python benchmarks/franq_calibrate.py score --minutes 60 && "
            "python benchmarks/franq_calibrate.py refaith --source support && "
            "python benchmarks/franq_calibrate.py fit",
        },
    )
    return calibration, len(rows), len(claims)


# --- evaluate ------------------------------------------------------------------------------


def evaluate(args: argparse.Namespace) -> None:
    from guard.verifiers.franq import load_calibration

    calibration = load_calibration(args.calibration)
    cache = Path(args.cache)
    result = {
        "description": __doc__.split("\n\n")[0],
        "command": "python benchmarks/franq_calibrate.py evaluate"
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
        other, _, _ = _fit_on_train(Path(args.compare_cache), increasing="auto")
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
    forced, _, _ = _fit_on_train(cache, increasing=True)
    everything = _read_cache(cache)
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
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("score", help="score the planned sample into the cache (resumable)")
    s.add_argument("--train", type=int, default=1200)
    s.add_argument("--dev", type=int, default=600)
    s.add_argument("--minutes", type=float, default=60.0)
    s.add_argument("--threads", type=int, default=1)
    s.add_argument("--source", choices=["support", "grounding"], default="support", help="P_faith estimator")
    g = sub.add_parser("refaith", help="recompute the cached P_faith with one estimator")
    g.add_argument("--source", choices=["grounding", "support"], required=True)
    f = sub.add_parser("fit", help="fit the isotonic maps on the cached train claims")
    f.add_argument("--out", default=None)
    e = sub.add_parser("evaluate", help="metrics on the cached dev claims")
    e.add_argument("--calibration", default=None)
    e.add_argument("--out", default=None)
    e.add_argument("--compare-cache", default=None, help="a cache with P_faith from the other estimator")
    for p in (s, g, f, e):
        p.add_argument("--cache", default=str(CACHE))
    args = parser.parse_args()
    {"score": score, "refaith": refaith, "fit": fit, "evaluate": evaluate}[args.command](args)


if __name__ == "__main__":
    main()
