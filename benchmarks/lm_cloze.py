"""Can the embedded LM tell a claim's number from the evidence's other numbers? (issue 11; a negative result)

For each hard case of the open splits whose claim holds a number, the claim is scored by the embedded
SmolLM2 (teacher-forced, bfloat16) after its passages ("... According to the text above: <claim>"),
once as written and once with the number replaced by each other number of the passages (same currency
sign or none). The margin is log P(claim) - max log P(variant): a model that reads the evidence gives a
right claim a positive margin and a claim with another row's number a negative one. Prints the AUROC of
-margin for flagging false claims, overall and split by whether the claim's number is in the passages.

    python benchmarks/lm_cloze.py --splits val13,val14,val15 [--mean] [--out FILE]

Open splits only (benchmarks/hardcases/README.md). Slow: ~5 s a case on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from guard.eval.hardcases import BLIND_SPLITS, load_hardcases, resolve_cases  # noqa: E402

_NUMBER = re.compile(r"(?<![\w.])(?:[£$€])?\d[\d,]*(?:\.\d+)?(?![\w])")
_CATEGORIES = {"number_misbinding", "correct_paraphrase", "correct_inference", "unit_scale_change", "ranges"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--splits", default="val13,val14,val15")
    parser.add_argument("--mean", action="store_true", help="mean token log-prob instead of the sum")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    splits = set(args.splits.split(","))
    if blind := {s for s in splits if s in {b.value for b in BLIND_SPLITS} | {"test"}}:
        sys.exit(f"{', '.join(sorted(blind))}: blind and test splits are not for case-by-case runs")
    import torch
    from sklearn.metrics import roc_auc_score
    from tqdm import tqdm

    from guard.llm.local_model import get_local_lm

    lm = get_local_lm()
    model, tokenizer = lm.model.to(torch.bfloat16), lm.tokenizer

    @torch.inference_mode()
    def score(prefix: str, text: str) -> float:
        head = tokenizer(prefix, add_special_tokens=False)["input_ids"]
        ids = tokenizer(" " + text, add_special_tokens=False)["input_ids"]
        logits = model(torch.tensor([head + ids])).logits[0, len(head) - 1 : -1].float().log_softmax(-1)
        token = logits.gather(1, torch.tensor(ids)[:, None])
        return float(token.mean() if args.mean else token.sum())

    cases = [c for c in load_hardcases() if c.split.value in splits and c.category.value in _CATEGORIES]
    rows = []
    for resolved in tqdm(resolve_cases(cases), desc="cloze", unit="case"):
        case, evidence = resolved.case, "\n".join(resolved.passages)
        numbers = list(dict.fromkeys(_NUMBER.findall(evidence)))
        prefix = evidence[-1500:] + "\n\nAccording to the text above:"
        margins = []
        for n in dict.fromkeys(_NUMBER.findall(case.claim)):
            others = [e for e in numbers if e != n and (e[0] in "£$€") == (n[0] in "£$€")]
            if others:
                own = score(prefix, case.claim)
                best = max(score(prefix, case.claim.replace(n, e, 1)) for e in others)
                margins.append((own - best, n in numbers))
        if margins:
            margin, in_evidence = min(margins)
            rows.append({"id": case.id, "truth": case.truth.value, "margin": margin, "in_evidence": in_evidence})
    for name, keep in (("all", lambda r: True), ("number in passages", lambda r: r["in_evidence"]),
                       ("number in no passage", lambda r: not r["in_evidence"])):
        part = [r for r in rows if keep(r)]
        flagged = [r["truth"] == "false" for r in part]
        if 0 < sum(flagged) < len(part):
            auroc = roc_auc_score(flagged, [-r["margin"] for r in part])
            print(f"{name}: {len(part)} claims ({sum(flagged)} false), AUROC {auroc:.3f}")
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
