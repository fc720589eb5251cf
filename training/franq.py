"""FRANQ's calibration maps (``guard/verifiers/franq_calibration.json``) from RAGTruth.

    nice -n 19 ragguard train franq score --data ../shared/data/ragtruth --minutes 60  # resumable
    ragguard train franq refaith --data ../shared/data/ragtruth --source grounding  # one P_faith estimator
    ragguard train franq fit --out guard/verifiers/franq_calibration.json

``python benchmarks/franq_eval.py`` then measures the maps on the dev claims of the same cache.

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
show (``increasing="auto"``, :func:`fit_calibration`).
"""

from __future__ import annotations

import json
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import numpy as np

from guard.errors import InputError
from guard.eval.ragtruth import Quality, RagTruthRecord, load_ragtruth, split_dev
from guard.verifiers.franq import FAITHFUL_THRESHOLD, FranqCalibration, IsotonicMap, PFaithSource

__all__ = [
    "DEFAULT_CACHE",
    "dump_calibration",
    "fit",
    "fit_calibration",
    "fit_on_train",
    "planned_sample",
    "read_cache",
    "refaith",
    "score",
]

DEFAULT_CACHE = Path(".cache/franq/scores.jsonl")
SEED = 1
FIT_COMMAND = (
    "nice -n 19 ragguard train franq score --data DATA --minutes 60 && "
    "ragguard train franq refaith --data DATA --source support && "
    "ragguard train franq fit --out guard/verifiers/franq_calibration.json"
)


def planned_sample(data: Path, n_train: int, n_dev: int) -> list[tuple[str, RagTruthRecord]]:
    """(split, record) pairs in scoring order: stratified, train and dev interleaved 2:1."""
    records = load_ragtruth(data)
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


def score(data: Path, cache: Path, *, n_train: int, n_dev: int, minutes: float, threads: int,
          source: PFaithSource) -> None:
    """Score the planned sample into ``cache`` (JSON lines, resumable) for ``minutes`` at most."""
    from guard.verifiers.franq import LocalScorer

    cache.parent.mkdir(parents=True, exist_ok=True)
    done = {row["id"] for row in read_cache(cache)}
    todo = [(split, r) for split, r in planned_sample(data, n_train, n_dev) if r.id not in done]
    print(f"{len(done)} cached, {len(todo)} to score", flush=True)
    import torch

    # One thread: on shared, oversubscribed cores two spinning OpenMP threads ran 2-5x slower.
    torch.set_num_threads(threads)
    scorer = LocalScorer()
    deadline = time.monotonic() + minutes * 60
    with cache.open("a", encoding="utf-8") as out:
        for k, (split, record) in enumerate(todo):
            if time.monotonic() > deadline:
                print(f"time budget spent after {k} responses", flush=True)
                break
            started = time.perf_counter()
            row = _score_record(scorer, split, record, source)
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


def read_cache(path: Path) -> list[dict]:
    """The cached rows, one per response id (a re-scored response keeps its last row)."""
    if not path.is_file():
        return []
    rows = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            rows[row["id"]] = row
    return list(rows.values())


def refaith(data: Path, cache: Path, source: PFaithSource) -> None:
    """Recompute P_faith of every cached claim with one estimator (the log-probs are kept).

    A cache scored while the grounding model appeared holds both sources: this makes it one.
    """
    rows = read_cache(cache)
    records = {r.id: r for r in load_ragtruth(data)}
    estimate = _grounding_faith() if source == "grounding" else _support_faith
    for k, row in enumerate(rows):
        if row["claims"]:
            record = records[row["id"]]
            by_span = estimate(record)
            for claim in row["claims"]:
                claim["p_faith"] = by_span[(claim["start"], claim["end"])]
        row["p_faith_source"] = source
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
        raise InputError("No grounding model (grounding.json) is configured: nothing to refaith with.")

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


def fit(cache: Path, out: Path) -> FranqCalibration:
    """Fit the maps on the cached train claims and write them to ``out``."""
    calibration, rows, n_claims = fit_on_train(cache, increasing="auto")
    out.parent.mkdir(parents=True, exist_ok=True)
    dump_calibration(calibration, out)
    print(
        f"fitted on {rows} responses / {n_claims} claims "
        f"({calibration.n_faithful} faithful, {calibration.n_unfaithful} not) -> {out}"
    )
    return calibration


def fit_on_train(cache: Path, increasing: bool | Literal["auto"]) -> tuple[FranqCalibration, int, int]:
    """(calibration, responses, claims) fitted on the train rows of ``cache``."""
    rows = [r for r in read_cache(cache) if r["split"] == "train" and r["claims"]]
    claims = [c for r in rows for c in r["claims"]]
    sources = sorted({r["p_faith_source"] for r in rows})
    if len(sources) != 1:
        raise InputError(
            f"{cache} mixes P_faith sources {sources} (or has no train claims): run "
            "`ragguard train franq refaith --source ...` first"
        )
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
            "scorer": "local/smollm2-135m-instruct, teacher forcing, training/franq.py",
            "command": FIT_COMMAND,
        },
    )
    return calibration, len(rows), len(claims)


def fit_calibration(
    claim_prob: Sequence[float],
    param_knowledge: Sequence[float],
    p_faith: Sequence[float],
    factual: Sequence[bool],
    *,
    p_faith_source: PFaithSource,
    increasing: bool | Literal["auto"] = "auto",
    provenance: dict[str, str] | None = None,
) -> FranqCalibration:
    """Fit f1 on faithful claims (P_faith >= 0.5) and f2 on the others, by isotonic regression.

    ``increasing="auto"`` lets each map take the direction of its data (the sign of the
    Spearman correlation, as sklearn does). The paper reads both log-probs as confidences
    (increasing maps); on RAGTruth, whose labels are faithfulness to the sources,
    ParamKnowledge runs the other way (content the model finds likely without the passages
    is more often unsupported), and a map forced upward would flatten to the base rate.
    """
    from sklearn.isotonic import IsotonicRegression

    cp, pk, pf = (np.asarray(a, dtype=float) for a in (claim_prob, param_knowledge, p_faith))
    y = np.asarray(factual, dtype=float)
    faithful = pf >= FAITHFUL_THRESHOLD
    if faithful.sum() < 2 or (~faithful).sum() < 2:
        raise ValueError(
            f"need at least two faithful and two unfaithful claims to fit; got {int(faithful.sum())} "
            f"and {int((~faithful).sum())}"
        )
    maps = []
    for x, mask in ((cp, faithful), (pk, ~faithful)):
        iso = IsotonicRegression(out_of_bounds="clip", increasing=increasing, y_min=0.0, y_max=1.0)
        iso.fit(x[mask], y[mask])
        maps.append(
            IsotonicMap(
                x=iso.X_thresholds_.tolist(), y=iso.y_thresholds_.tolist(), increasing=bool(iso.increasing_)
            )
        )
    return FranqCalibration(
        f1_claim_prob=maps[0],
        f2_param_knowledge=maps[1],
        p_faith_source=p_faith_source,
        n_faithful=int(faithful.sum()),
        n_unfaithful=int((~faithful).sum()),
        provenance=provenance or {},
    )


def dump_calibration(calibration: FranqCalibration, path: str | Path) -> None:
    """Write ``calibration`` as indented JSON (small: the isotonic thresholds only)."""
    Path(path).write_text(json.dumps(calibration.model_dump(mode="json"), indent=1) + "\n", encoding="utf-8")
