"""Run a benchmark with EGC's passage nodes made from support's sentence vectors (issue 15 trial).

    python benchmarks/egc_variant.py sentences benchmarks/hardcases.py --split dev
    python benchmarks/egc_variant.py sentences benchmarks/stage_cpu.py server --texts all-new
    python benchmarks/egc_variant.py sentences -m guard.cli eval ragtruth --path ... --out runs/X

A trial, not an option of the guard: EGC embeds each whole passage (one more model run per
passage, up to 256 word pieces), apart from the sentences support embeds anyway. ``sentences``
replaces each passage's vector by the mean of its sentences' vectors weighted by their word
pieces (normalised), and stops embedding whole passages (the request's background embedding
and ``verify_batch``'s warm-up embed only the question for EGC). The detectors were fitted on
whole-passage vectors, so this moves their inputs (``egc_passage_vectors.py`` measures by how
much). Patches this process only: run what it wraps in one process (``--workers 1``).
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _sentences_of(passage: str) -> list[str]:
    from guard.language import sentence_spans_many
    from guard.verifiers.support import paragraphs

    parts = paragraphs(passage)
    spans_of = sentence_spans_many(parts)
    return [part[s:e] for part, spans in zip(parts, spans_of, strict=True) for s, e in spans]


def _pooled(embedder, passage: str) -> np.ndarray:
    sentences = _sentences_of(passage) or [passage]
    vectors = embedder.encode(sentences)
    from retrievers.embedder import get_embedder

    tokenizer = get_embedder()._tokenizer
    weights = np.array([len(e.ids) for e in tokenizer.encode_batch(sentences)], dtype=np.float32)
    summed = (vectors * weights[:, None]).sum(axis=0)
    return summed / np.linalg.norm(summed)


def install_sentences() -> None:
    from guard.content_cache import embed_in_background, shared_embedder
    from guard.verifiers import batch, egc

    def assess_egc(question, passages, claims, *, evidence_refs=None, detector=None, embedder=None):
        nodes = [(index, text) for index, text in claims if egc.is_claim_node(text)]
        embedder = embedder or shared_embedder()
        vectors = embedder.encode([question, *(text for _, text in nodes)])
        evidence = np.stack([_pooled(embedder, p) for p in passages]) if passages else np.zeros((0, 384))
        return egc.report_from_vectors(vectors[0], evidence.astype(np.float32), vectors[1:],
                                       evidence_refs=evidence_refs, claim_refs=[i for i, _ in nodes],
                                       detector=detector)

    original_warm = batch._warm

    def warm(inputs, names):
        original_warm(inputs, set(names) - {"egc"})
        if "egc" in names:
            shared_embedder().encode(list(dict.fromkeys(inp.question for inp in inputs)))

    egc.assess_egc = assess_egc
    egc.EGCVerifier.begin = lambda self, inp: embed_in_background([inp.question])
    batch._warm = warm


def main() -> None:
    if len(sys.argv) < 3 or sys.argv[1] != "sentences":
        sys.exit(__doc__)
    install_sentences()
    if sys.argv[2] == "-m":
        sys.argv = [sys.argv[3], *sys.argv[4:]]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
    else:
        sys.argv = sys.argv[2:]
        sys.path.insert(0, str(Path(sys.argv[0]).resolve().parent))
        runpy.run_path(sys.argv[0], run_name="__main__")


if __name__ == "__main__":
    main()
