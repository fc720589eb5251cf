"""Claim-level comparison of the grounding model with the cheap ``support`` verifier, on dev.

Both judge the verification stage's own claims (one per answer sentence) of a fixed
slice of RAGTruth dev responses (per task, the ``per_task`` responses with the lowest
SHA-256 of their id). A claim's truth comes from the labelled spans it overlaps, as
in training (:func:`training.grounding.dataset.label_sentence`). Per response the
claims' scores are cached as JSON lines, so an interrupted run resumes.

Run: ``python -m training.grounding.claim_comparison --data ../shared/data/ragtruth``
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from guard.eval.ragtruth import RagTruthRecord, load_ragtruth, split_dev
from guard.grounding.sentences import Sentence
from guard.verifiers.types import SupportLabel
from training.grounding.dataset import label_sentence

__all__ = ["ClaimRow", "compare", "dev_slice", "score_record", "summarise"]


class ClaimRow(BaseModel):
    record_id: str
    task: str
    truth: SupportLabel
    support: float  # the support verifier's score
    grounding_supported: float
    grounding_unsupported: float
    grounding_contradicted: float


def dev_slice(data_dir: Path, per_task: int) -> list[RagTruthRecord]:
    _, dev = split_dev(load_ragtruth(data_dir))
    ranked = sorted(dev, key=lambda r: hashlib.sha256(r.id.encode()).hexdigest())
    chosen: list[RagTruthRecord] = []
    for task in sorted({r.task for r in dev}, key=lambda t: t.value):
        chosen.extend([r for r in ranked if r.task is task][:per_task])
    return chosen


def score_record(record: RagTruthRecord) -> list[ClaimRow]:
    from guard.verifiers.stage import run_verification
    from guard.verifiers.types import VerificationInput
    from retrievers.types import Passage

    passages = [Passage(id=str(i), text=text) for i, text in enumerate(record.passages)]
    inp = VerificationInput(question=record.question, passages=passages, answer=record.answer)
    # Run apart, so that the support score is the support verifier's alone.
    supported, grounded = (run_verification(inp, [name]) for name in ("support", "grounding"))
    for report in (supported, grounded):
        if report.failures:
            raise RuntimeError(f"{record.id}: {report.failures}")
    return [
        ClaimRow(
            record_id=record.id,
            task=record.task.value,
            truth=label_sentence(_sentence(s.claim), record.spans),
            support=s.support,
            grounding_supported=probabilities.supported,
            grounding_unsupported=probabilities.unsupported,
            grounding_contradicted=probabilities.contradicted,
        )
        for s, g in zip(supported.claims, grounded.claims, strict=True)
        if (probabilities := g.scores.grounding) is not None
    ]


def _sentence(claim) -> Sentence:
    return Sentence(text=claim.text, start=claim.start, end=claim.end)


def compare(data_dir: Path, cache: Path, per_task: int) -> dict:
    done = {}
    if cache.is_file():
        for line in cache.read_text().splitlines():
            row = json.loads(line)
            done[row["record_id"]] = [ClaimRow.model_validate(c) for c in row["claims"]]
    with cache.open("a", encoding="utf-8") as handle:
        for record in dev_slice(data_dir, per_task):
            if record.id not in done:
                done[record.id] = score_record(record)
                claims = [c.model_dump(mode="json") for c in done[record.id]]
                handle.write(json.dumps({"record_id": record.id, "claims": claims}) + "\n")
                handle.flush()
    rows = [c for claims in done.values() for c in claims]
    return summarise(rows)


def summarise(rows: Sequence[ClaimRow]) -> dict:
    out = {"all": _metrics(rows)}
    for task in sorted({r.task for r in rows}):
        out[task] = _metrics([r for r in rows if r.task == task])
    return out


def _metrics(rows: Sequence[ClaimRow]) -> dict:
    from sklearn.metrics import balanced_accuracy_score, roc_auc_score

    bad = [r.truth is not SupportLabel.supported for r in rows]
    model_contradicted = [
        r for r in rows if r.grounding_contradicted >= max(r.grounding_supported, r.grounding_unsupported)
    ]
    both = [(r.support + r.grounding_supported) / 2 for r in rows]
    return {
        "claims": len(rows),
        "not_supported": sum(bad),
        "contradicted": sum(r.truth is SupportLabel.contradicted for r in rows),
        "auroc_support": roc_auc_score(bad, [-r.support for r in rows]),
        "auroc_grounding": roc_auc_score(bad, [-r.grounding_supported for r in rows]),
        "auroc_mean_of_both": roc_auc_score(bad, [-b for b in both]),
        # Labels at the policy's default threshold 0.5 (not tuned).
        "balanced_acc_support": balanced_accuracy_score(bad, [r.support < 0.5 for r in rows]),
        "balanced_acc_grounding": balanced_accuracy_score(bad, [r.grounding_supported < 0.5 for r in rows]),
        "model_argmax_contradicted": len(model_contradicted),
        "of_which_not_supported": sum(r.truth is not SupportLabel.supported for r in model_contradicted),
        "of_which_truly_contradicted": sum(r.truth is SupportLabel.contradicted for r in model_contradicted),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--per-task", type=int, default=70)
    parser.add_argument("--cache", type=Path, default=Path(".cache/grounding/claim_comparison.jsonl"))
    args = parser.parse_args(argv)
    print(json.dumps(compare(args.data, args.cache, args.per_task), indent=2))


if __name__ == "__main__":
    main()
