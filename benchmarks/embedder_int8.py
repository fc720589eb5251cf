"""The embedder's cost per passage in one thread: bfloat16 (this CPU's default), float32, and torch's
dynamic int8 quantisation of the linear layers (issue 15: is there a cheaper embedder for the server?).

    python benchmarks/embedder_int8.py [--texts 200]

Embeds the first ``--texts`` HotpotQA dev passages (whole paragraphs, ~120 word pieces) in batches of
8 with one torch thread (as a server worker process runs), and prints CPU ms per passage and each
variant's lowest cosine to the float32 vectors.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HOTPOTQA = ROOT / ".." / "shared" / "data" / "hotpotqa" / "hotpotqa_dev_distractor_first100.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=200)
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    from retrievers import embedder as module

    texts = []
    with HOTPOTQA.open(encoding="utf-8") as lines:
        for line in lines:
            texts += [" ".join(c["sentences"]) for c in json.loads(line)["context"]]
    texts = texts[: args.texts]

    def cost(e: module.Embedder):
        e.encode(texts[:20])
        started = time.process_time()
        vectors = e.encode(texts, batch_size=8)
        return (time.process_time() - started) / len(texts) * 1000, vectors

    fp32 = module.Embedder("torch")
    fp32_ms, reference = cost(fp32)
    int8 = module.Embedder("torch")
    int8._model = torch.ao.quantization.quantize_dynamic(int8._model, {torch.nn.Linear}, dtype=torch.qint8)
    int8._layers = module._lean_layers(int8._model)
    for name, e in (("torch-bf16", module.Embedder("torch-bf16")), ("torch (float32)", fp32), ("torch dynamic int8", int8)):
        ms, vectors = (fp32_ms, reference) if e is fp32 else cost(e)
        print(f"{name:20s} {ms:6.2f} ms CPU a passage; lowest cosine to float32 {float((vectors * reference).sum(1).min()):.4f}")


if __name__ == "__main__":
    main()
