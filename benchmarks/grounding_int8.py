"""Dynamic int8 quantisation of the grounding model vs fp32 on every 8th dev sentence.

    python benchmarks/grounding_int8.py

About 2 minutes on the idle 2-core machine. Needs the fp32 dev predictions that
`ragguard train grounding --data ../shared/data/ragtruth --eval-only` caches under
.cache/grounding/predictions. Prints the speed-up, the supported-vs-not AUROC of both and
how far the probabilities move. Measured 2026-11-29: 2.1x faster, AUROC 0.753 -> 0.743,
argmax agreement 90.6 %: not shipped (guard/grounding/model/MODEL_CARD.md).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import torch
from sklearn.metrics import roc_auc_score

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from guard.grounding.model import DEFAULT_MODEL_DIR, GroundingModel
from training.grounding.dataset import prepare
from training.grounding.evaluate import _fingerprint, read_examples

DATA = Path("../shared/data/ragtruth")
CACHE = Path(".cache/grounding")
EVERY = 8


def _probabilities(model: GroundingModel, pairs: list[tuple[str, str]]) -> tuple[np.ndarray, float]:
    started = time.perf_counter()
    scores = model.predict(pairs, batch_size=32)
    rows = np.array([[s.supported, s.unsupported, s.contradicted] for s in scores])
    return rows, time.perf_counter() - started


def main() -> None:
    torch.set_num_threads(2)
    examples = read_examples(prepare(DATA, CACHE / "data", "dev", 192, 0.2))
    cached = np.load(CACHE / "predictions" / f"dev-{_fingerprint(DEFAULT_MODEL_DIR)}.npy")
    chosen = list(range(0, len(examples), EVERY))
    pairs = [(examples[i].claim, examples[i].evidence) for i in chosen]
    not_supported = np.array([examples[i].label.value != "supported" for i in chosen])

    model = GroundingModel.load()
    fp32, fp32_s = _probabilities(model, pairs)
    print(f"fp32 vs the cached dev predictions: max |diff| {np.abs(fp32 - cached[chosen]).max():.2e}")
    model._network = torch.ao.quantization.quantize_dynamic(model._network, {torch.nn.Linear}, dtype=torch.qint8)
    int8, int8_s = _probabilities(model, pairs)

    print(f"{len(pairs)} dev sentences: fp32 {fp32_s:.1f} s, int8 {int8_s:.1f} s ({fp32_s / int8_s:.1f}x)")
    print(f"AUROC not supported: fp32 {roc_auc_score(not_supported, 1 - fp32[:, 0]):.4f}, "
          f"int8 {roc_auc_score(not_supported, 1 - int8[:, 0]):.4f}")
    print(f"mean |dP(supported)| {np.abs(fp32[:, 0] - int8[:, 0]).mean():.4f}, "
          f"argmax agreement {(fp32.argmax(1) == int8.argmax(1)).mean():.4f}")


if __name__ == "__main__":
    main()
