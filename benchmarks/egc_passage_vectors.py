"""What EGC's passage vectors cost, and how far cheaper ones move its features (issue 15).

    python benchmarks/egc_passage_vectors.py [--limit 300]

EGC embeds each whole passage (up to 256 word pieces) as one graph node, apart from the
sentences and evidence units support embeds. Over RAGTruth dev QA responses this compares the
passage vectors EGC uses now with vectors that cost no extra model run or a shorter one:

- ``sentences``: the passage's sentence vectors (support's, already embedded) averaged with
  weights = their word pieces (mean pooling over the whole passage, without cross-sentence
  attention), normalised;
- ``sentences-flat``: the same, unweighted;
- ``units``: the evidence units' vectors, averaged by word pieces;
- ``trunc-128``: the passage embedded with at most 128 word pieces.

For each it reports the cosine to today's passage vector (min / mean), the EGC features' max
absolute difference, how many responses change any feature or their detector label, and the
EGC detector's AUROC against the labels. Word pieces per response by kind tell what each
variant saves. Diagnostics only: nothing is tuned on these responses.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "ragtruth"


def _auroc(labels: list[bool], scores: list[float]) -> float:
    from sklearn.metrics import roc_auc_score

    return float(roc_auc_score(labels, scores))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=300)
    args = parser.parse_args()

    from guard.eval.records import load_ragtruth_split
    from guard.language import sentence_spans_many
    from guard.verifiers.claim_judge import units_of
    from guard.verifiers.claims import extract_claims_many
    from guard.verifiers.egc import FEATURES, is_claim_node, load_detector, report_from_vectors
    from guard.verifiers.support import paragraphs
    from retrievers.embedder import Embedder

    records = load_ragtruth_split(DATA, "dev", tasks=["QA"])[: args.limit]
    detector = load_detector()
    full, short = Embedder(), Embedder(max_length=128)

    def pieces(texts: list[str]) -> list[int]:
        return [len(e.ids) for e in full._tokenizer.encode_batch([t or " " for t in texts])]

    claims_of = extract_claims_many([r.answer for r in records])
    features: dict[str, list] = defaultdict(list)
    probability: dict[str, list[float]] = defaultdict(list)
    cosines: dict[str, list[float]] = defaultdict(list)
    word_pieces: dict[str, float] = defaultdict(float)
    seen: set[str] = set()
    vec_cache: dict[tuple[str, str], np.ndarray] = {}

    def vectors(kind: str, texts: list[str]) -> np.ndarray:
        model = short if kind == "short" else full
        todo = [t for t in dict.fromkeys(texts) if (kind, t) not in vec_cache]
        if todo:
            for t, v in zip(todo, model.encode(todo), strict=True):
                vec_cache[(kind, t)] = v
        return np.stack([vec_cache[(kind, t)] for t in texts]) if texts else np.zeros((0, 384), np.float32)

    def pooled(parts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        v = vectors("full", parts)
        w = np.array(pieces(parts), dtype=np.float32)
        weighted, flat = (v * w[:, None]).sum(axis=0), v.mean(axis=0)
        return weighted / np.linalg.norm(weighted), flat / np.linalg.norm(flat)

    for record, claims in zip(records, claims_of, strict=True):
        nodes = [(c.index, c.text) for c in claims if is_claim_node(c.text)]
        if not nodes:
            continue
        q = vectors("full", [record.question])[0]
        c = vectors("full", [t for _, t in nodes])
        variants: dict[str, list[np.ndarray]] = defaultdict(list)
        for n, passage in enumerate(record.contexts):
            parts = paragraphs(passage)
            sentences = [part[s:e] for part, spans in zip(parts, sentence_spans_many(parts), strict=True)
                         for s, e in spans] or [passage]
            units = [u.text for u in units_of(str(n), passage).units] or [passage]
            variants["passage"].append(vectors("full", [passage])[0])
            weighted, flat = pooled(sentences)
            variants["sentences"].append(weighted)
            variants["sentences-flat"].append(flat)
            variants["units"].append(pooled(units)[0])
            variants["trunc-128"].append(vectors("short", [passage])[0])
            if passage not in seen:  # word pieces a source's passages cost, once per source
                seen.add(passage)
                word_pieces["passages (EGC)"] += min(pieces([passage])[0], 256)
                word_pieces["sentences (support)"] += sum(pieces(sentences))
                word_pieces["units (support)"] += sum(pieces(units))
        word_pieces["claims"] += sum(pieces([cl.text for cl in claims]))
        for name, rows in variants.items():
            evidence = np.stack(rows)
            report = report_from_vectors(q, evidence, c, claim_refs=[i for i, _ in nodes], detector=detector)
            features[name].append([getattr(report.features, f) for f in FEATURES])
            probability[name].append(report.probability)
            if name != "passage":
                cosines[name].extend(float(a @ b) for a, b in zip(rows, variants["passage"], strict=True))
        probability["label"].append(float(record.label))

    base = np.array(features["passage"])
    labels = [bool(x) for x in probability["label"]]
    result = {"responses": len(records), "with_graph": len(base),
              "word_pieces_per_response": {k: round(v / len(records), 1) for k, v in word_pieces.items()},
              "variants": {}}
    for name in ("passage", "sentences", "sentences-flat", "units", "trunc-128"):
        values = np.array(features[name])
        diff = np.abs(values - base)
        p = np.array(probability[name])
        p0 = np.array(probability["passage"])
        row = {
            "egc_auroc": round(_auroc(labels, list(p)), 4),
            "max_abs_feature_diff": {f: round(float(d), 4)
                                     for f, d in zip(FEATURES, diff.max(axis=0), strict=True)},
            "responses_any_feature_changed": int((diff.max(axis=1) > 1e-9).sum()),
            "max_abs_probability_diff": round(float(np.abs(p - p0).max()), 4),
            "detector_label_flips": int(((p >= detector.threshold) != (p0 >= detector.threshold)).sum()),
        }
        if name in cosines:
            row["cosine_to_passage_vector"] = {"min": round(min(cosines[name]), 4),
                                               "mean": round(float(np.mean(cosines[name])), 4)}
        result["variants"][name] = row
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
