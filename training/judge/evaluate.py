"""Held-out figures of one or more grounding models on the dev split of a judge pairs file.

``python -m training.judge.evaluate --pairs pairs.jsonl --model guard/grounding/model
--model guard/grounding/judge_model --out dev_metrics.json``

Every model reads the same (claim, evidence) rows, so the figures compare models, not windows:

- **RAGTruth dev claims** (the unperturbed RAGTruth pairs of dev sources): claim-level AUROC of
  P(unsupported) + P(contradicted) for supported vs not, overall and per task, and
  response-level AUROC of the largest of those over a response's sentences, with RAGTruth's
  response label (at least one labelled span), as ``training/grounding/evaluate.py`` computes it.
- **Perturbation dev pairs** (all corpora, dev sources): accuracy of the argmax on the
  contradicted variants (argmax == contradicted) and on their supported originals
  (argmax == supported), and the AUROC of P(contradicted) between the two, per kind.
- **benchmarks/hardcases, dev split** (``--hardcases FILE``): each case's claim through the
  model alone (:meth:`GroundingModel.score_claims` over the case's passages); a case is
  predicted false when the argmax is not ``supported``. Balanced accuracy, TPR on false
  claims, FPR on true ones, the share of expected-``contradicted`` cases labelled
  ``contradicted``, AUROC of P(not supported), and accuracy per category.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from guard.grounding.model import GroundingModel, GroundingScore
from guard.verifiers.types import SupportLabel
from training.judge.pairs import JudgePair
from training.judge.train import read_pairs

__all__ = ["RagTruthFigures", "PerturbationFigures", "ModelFigures", "evaluate_model", "main"]


class RagTruthFigures(BaseModel):
    claims: int
    not_supported: int
    claim_auroc: float
    responses: int
    hallucinated: int
    response_auroc: float


class PerturbationFigures(BaseModel):
    contradicted: int
    supported: int
    contradicted_accuracy: float  # argmax == contradicted on the perturbed claims
    supported_accuracy: float  # argmax == supported on their originals
    auroc: float  # P(contradicted): perturbed vs originals


class HardcaseFigures(BaseModel):
    cases: int
    balanced_accuracy: float
    tpr_false: float
    fpr_true: float
    contradicted_labelled: float  # of the expected-contradicted cases
    auroc: float  # P(not supported): false vs true claims
    per_category: dict[str, float]  # accuracy of the true/false call


class ModelFigures(BaseModel):
    model: str
    pairs: int
    seconds: float
    ragtruth: dict[str, RagTruthFigures]  # "all" and per task
    perturbation: dict[str, PerturbationFigures]  # "all", per kind and per corpus
    hardcases: HardcaseFigures | None = None


def _auroc(truth: Sequence[int], score: Sequence[float]) -> float:
    from sklearn.metrics import roc_auc_score

    return float(roc_auc_score(truth, score)) if len(set(truth)) == 2 else float("nan")


def _ragtruth(
    pairs: list[JudgePair], scores: list[GroundingScore], hallucinated: dict[str, bool]
) -> RagTruthFigures:
    truth = [int(p.label is not SupportLabel.supported) for p in pairs]
    risk = [s.not_supported for s in scores]
    worst: dict[str, float] = defaultdict(float)
    for pair, value in zip(pairs, risk):
        record = pair.pair_id.split(":")[1]
        worst[record] = max(worst[record], value)
    records = sorted(worst)
    labels = [int(hallucinated[r]) for r in records]
    return RagTruthFigures(
        claims=len(pairs), not_supported=sum(truth), claim_auroc=_auroc(truth, risk),
        responses=len(records), hallucinated=sum(labels),
        response_auroc=_auroc(labels, [worst[r] for r in records]),
    )


def _perturbation(pairs: list[JudgePair], scores: list[GroundingScore]) -> PerturbationFigures:
    bad = [s for p, s in zip(pairs, scores) if p.perturbation is not None]
    good = [s for p, s in zip(pairs, scores) if p.perturbation is None]
    return PerturbationFigures(
        contradicted=len(bad), supported=len(good),
        contradicted_accuracy=sum(s.label is SupportLabel.contradicted for s in bad) / max(len(bad), 1),
        supported_accuracy=sum(s.label is SupportLabel.supported for s in good) / max(len(good), 1),
        auroc=_auroc([1] * len(bad) + [0] * len(good), [s.contradicted for s in bad + good]),
    )


def _perturbation_groups(
    pairs: list[JudgePair], scores: list[GroundingScore]
) -> dict[str, PerturbationFigures]:
    """Variants with the originals they came from: overall, per kind, per corpus."""
    by_claim = {(p.source_id, p.claim): (p, s) for p, s in zip(pairs, scores) if p.perturbation is None}
    groups: dict[str, tuple[list, list]] = defaultdict(lambda: ([], []))
    for pair, score in zip(pairs, scores):
        if pair.perturbation is None or (pair.source_id, pair.original) not in by_claim:
            continue
        original = by_claim[(pair.source_id, pair.original)]
        for name in ("all", pair.perturbation.value, f"corpus:{pair.corpus}"):
            groups[name][0].extend([pair, original[0]])
            groups[name][1].extend([score, original[1]])
    # An original shared by two variants of one group is counted once.
    figures = {}
    for name, (group_pairs, group_scores) in sorted(groups.items()):
        unique = dict(zip((p.pair_id for p in group_pairs), zip(group_pairs, group_scores)))
        figures[name] = _perturbation([p for p, _ in unique.values()], [s for _, s in unique.values()])
    return figures


def evaluate_model(
    model: GroundingModel, pairs: list[JudgePair], hallucinated: dict[str, bool]
) -> ModelFigures:
    started = time.time()
    scores = model.predict([(p.claim, p.evidence) for p in pairs], batch_size=32)
    seconds = time.time() - started
    ragtruth_rows = [
        (p, s) for p, s in zip(pairs, scores) if p.corpus == "ragtruth" and p.perturbation is None
    ]
    ragtruth = {}
    for task in ["all", *sorted({p.task for p, _ in ragtruth_rows})]:
        rows = [(p, s) for p, s in ragtruth_rows if task in ("all", p.task)]
        if rows:
            ragtruth[task] = _ragtruth([p for p, _ in rows], [s for _, s in rows], hallucinated)
    return ModelFigures(model=model.name, pairs=len(pairs), seconds=round(seconds, 1), ragtruth=ragtruth,
                        perturbation=_perturbation_groups(pairs, scores))


def _hardcase_rows(path: Path, data_dir: Path, split: str) -> list[tuple[dict, list[str]]]:
    """(case, passages) of one split; RAGTruth cases take their source's passages."""
    from guard.eval.ragtruth import load_ragtruth

    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    cases = [c for c in cases if c["split"] == split]
    needed = {c["source_id"] for c in cases if c["source"] == "ragtruth"}
    records = load_ragtruth(data_dir) if needed else []
    passages = {r.source_id: r.passages for r in records if r.source_id in needed}
    return [(c, c.get("passages") or passages[c["source_id"]]) for c in cases]


def evaluate_hardcases(model: GroundingModel, rows: list[tuple[dict, list[str]]]) -> HardcaseFigures:
    scores = [model.score_claims([case["claim"]], passages)[0] for case, passages in rows]
    false = [case["truth"] == "false" for case, _ in rows]
    flagged = [s.label is not SupportLabel.supported for s in scores]
    tpr = sum(f and g for f, g in zip(false, flagged)) / max(sum(false), 1)
    fpr = sum((not f) and g for f, g in zip(false, flagged)) / max(len(false) - sum(false), 1)
    expected = [s for (case, _), s in zip(rows, scores) if case["expected"] == "contradicted"]
    categories: dict[str, list[bool]] = defaultdict(list)
    for (case, _), f, g in zip(rows, false, flagged):
        categories[case["category"]].append(f == g)
    return HardcaseFigures(
        cases=len(rows), balanced_accuracy=(tpr + 1 - fpr) / 2, tpr_false=tpr, fpr_true=fpr,
        contradicted_labelled=sum(s.label is SupportLabel.contradicted for s in expected)
        / max(len(expected), 1),
        auroc=_auroc([int(f) for f in false], [s.not_supported for s in scores]),
        per_category={k: sum(v) / len(v) for k, v in sorted(categories.items())},
    )


def _response_labels(data_dir: Path) -> dict[str, bool]:
    from guard.eval.ragtruth import load_ragtruth

    return {r.id: r.label for r in load_ragtruth(data_dir)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=Path, required=True)
    parser.add_argument("--model", type=Path, action="append", required=True)
    parser.add_argument("--ragtruth", type=Path, default=Path("../shared/data/ragtruth"))
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--hardcases", type=Path, help="benchmarks/hardcases/cases.jsonl (dev split is used)")
    parser.add_argument("--skip-pairs", action="store_true", help="only the hard cases")
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(args.threads)
    pairs = [] if args.skip_pairs else read_pairs(args.pairs, "dev")
    hallucinated = {} if args.skip_pairs else _response_labels(args.ragtruth)
    hard = _hardcase_rows(args.hardcases, args.ragtruth, "dev") if args.hardcases else None
    results = []
    for folder in args.model:
        model = GroundingModel.load(folder)
        figures = evaluate_model(model, pairs, hallucinated) if pairs else ModelFigures(
            model=model.name, pairs=0, seconds=0.0, ragtruth={}, perturbation={})
        if hard is not None:
            figures.hardcases = evaluate_hardcases(model, hard)
        results.append(figures.model_dump(mode="json"))
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
