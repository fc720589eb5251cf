"""Rows for the calibrator: hard cases (dev / val / val3) and synthetic judge pairs, as cached feature vectors.

A row is one claim with its features, the rules' label, its truth and the group it is split
by (the document). Features are cached in ``.cache/calibrator/`` per source file of the judge
(a judge change starts a new file), so refits read them in a second. Hard-case inputs
(units, cosines, assessment, vocabulary) come from the fast loop's cache
(``benchmarks/hardcases_judge.py``), so both measure the judge on the same embeddings.

The blind hard-case splits (val2, val4, test) are never read here.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import BaseModel

from guard.verifiers.types import SupportLabel
from training.calibrator.features import ClaimFeatures, claim_features, open_to_learned

__all__ = ["Row", "hardcase_rows", "pair_rows", "judge_hash"]

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "calibrator"
THRESHOLD = 0.5  # the support verifier's default threshold (as benchmarks/hardcases_judge.py)
NOVELTY_PENALTY = 0.5  # the default policy's
# The hard-case splits the calibrator may be fitted and cross-validated on. val2, val4 and test
# stay blind (the coordinator reads them); val3 joined when the fit moved to grouped CV over
# every seen document (issue 11, the calibrator round).
TRAIN_SPLITS = ("dev", "val", "val3")


class Row(BaseModel):
    id: str
    group: str  # the document: folds and splits never cut through one
    source: str  # "hardcases" or the synthetic corpus
    split: str  # hardcases: dev / val; pairs: train
    category: str  # hard-case category, or the perturbation kind / "original" / "ragtruth"
    truth_false: bool
    expected: SupportLabel
    rules: SupportLabel  # what the rules decide today
    learned: bool  # the runtime lets the calibrator decide it (verdict.learned_scope: no hard fact finding)
    features: ClaimFeatures


def judge_hash() -> str:
    """Hash of the judge's source (fact layer, claim judge, verdict, support, features)."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "guard" / "facts").glob("*.py")) + [
        ROOT / "guard" / "verifiers" / name for name in ("claim_judge.py", "verdict.py", "support.py", "lexical.py")
    ] + [ROOT / "guard" / "verifiers" / "claim_features.py"]
    for f in files:
        digest.update(f.read_bytes())
    return digest.hexdigest()[:12]


def _cached(name: str, build: Iterable[Row]) -> list[Row]:
    """Rows from the cache file, built (and appended line by line, so a stopped run resumes) if missing."""
    path = CACHE / f"{name}-{judge_hash()}.jsonl"
    done = path.with_suffix(".done")
    rows = [Row.model_validate_json(line) for line in path.read_text().splitlines() if line] if path.exists() else []
    if done.exists():
        return rows
    have = {r.id for r in rows}
    CACHE.mkdir(parents=True, exist_ok=True)
    with path.open("a") as fh:
        for row in build:
            if row.id in have:
                continue
            rows.append(row)
            fh.write(row.model_dump_json() + "\n")
            fh.flush()
    done.touch()
    return rows


def _have(name: str) -> set[str]:
    """Ids already in a cache file (a resumed build skips their work)."""
    path = CACHE / f"{name}-{judge_hash()}.jsonl"
    if not path.exists():
        return set()
    return {Row.model_validate_json(line).id for line in path.read_text().splitlines() if line}


def hardcase_rows(split: str) -> list[Row]:
    """Hard cases of ``split`` (dev, val or val3; the blind splits val2, val4 and test are refused)."""
    if split not in TRAIN_SPLITS:
        raise ValueError(f"the calibrator reads hard-case splits {', '.join(TRAIN_SPLITS)} only, not {split!r}")
    return _cached(f"hardcases-{split}", _hardcase_rows(split))


def _hardcase_rows(split: str) -> Iterator[Row]:
    sys.path.insert(0, str(ROOT))
    from benchmarks.hardcases_judge import _inputs  # the fast loop's cached embeddings
    from guard.eval.hardcases import Truth, load_hardcases, resolve_cases

    for rc in resolve_cases([c for c in load_hardcases() if c.split.value == split]):
        units, sims, assessment, known = _inputs(rc)
        features, judged = claim_features(rc.case.claim, units, sims, assessment, known, NOVELTY_PENALTY, THRESHOLD)
        yield Row(
            id=rc.case.id, group=rc.case.doc, source="hardcases", split=split, category=rc.case.category.value,
            truth_false=rc.case.truth is Truth.false, expected=rc.case.expected, rules=judged.label,
            learned=open_to_learned(judged), features=features,
        )


def pair_rows(limit: int) -> list[Row]:
    """Up to ``limit`` synthetic judge pairs of the *train* side (training/judge/pairs.py)."""
    return _cached(f"pairs-{limit}", _pair_rows(limit))


def _pair_rows(limit: int) -> Iterator[Row]:
    from guard.verifiers.claim_judge import units_of, without_injections
    from guard.verifiers.support import EmbeddingJudge
    from training.judge.pairs import BuildSettings, build_pairs

    pairs = [p for p in build_pairs(BuildSettings()) if p.split == "train"]
    # an even draw over corpora and labels, fixed by the pair id
    pairs.sort(key=lambda p: hashlib.sha256(p.pair_id.encode()).hexdigest())
    have = _have(f"pairs-{limit}")
    for number, pair in enumerate(pairs[:limit]):
        if pair.pair_id in have:
            continue
        passages = [("1", pair.evidence)]
        judge = EmbeddingJudge("", NOVELTY_PENALTY)
        found = [units_of(pid, text) for pid, text in passages]
        units = [u for f in found for u in f.units]
        clean = [without_injections(text, f.warnings) for (_, text), f in zip(passages, found, strict=True)]
        judge.prepare([pair.claim], [pair.evidence], extra_texts=[u.text for u in units])
        sims = judge.cosines(pair.claim, [u.text for u in units])
        features, judged = claim_features(
            pair.claim, units, sims, judge.assess(pair.claim, clean), judge.known(clean), NOVELTY_PENALTY, THRESHOLD
        )
        if number % 200 == 0:
            print(f"pairs: {number} of {min(limit, len(pairs))}", file=sys.stderr, flush=True)
        kind = pair.perturbation.value if pair.perturbation else ("original" if pair.label is SupportLabel.supported else pair.corpus)
        yield Row(
            id=pair.pair_id, group=pair.source_id, source=pair.corpus, split="train", category=kind,
            truth_false=pair.label is not SupportLabel.supported, expected=pair.label, rules=judged.label,
            learned=open_to_learned(judged), features=features,
        )


def dump(rows: Iterable[Row]) -> str:
    return json.dumps([r.model_dump(mode="json") for r in rows])


def ragtruth_rows(responses: int) -> list[Row]:
    """Sentences of RAGTruth QA *dev* answers (the project's dev split), judged against their passages.

    "clean" sentences overlap no annotated span (truth true); the others are "conflict" or
    "baseless" (truth false). Used to check the flag rate on clean sentences, never to fit.
    """
    return _cached(f"ragtruth-qa-dev-{responses}", _ragtruth_rows(responses))


def _ragtruth_rows(responses: int) -> Iterator[Row]:
    import random

    from guard.eval.ragtruth import Task, load_ragtruth, split_dev
    from guard.language import sentence_spans
    from guard.verifiers.claim_judge import units_of, without_injections
    from guard.verifiers.support import EmbeddingJudge
    from training.judge.pairs import HARDCASES_TEST

    records = load_ragtruth(ROOT.parent / "shared" / "data" / "ragtruth", tasks=[Task.qa], splits=["train"])
    _, dev = split_dev(records)
    # the hard-case test part draws on some RAGTruth sources: never read here
    dev = sorted((r for r in dev if r.source_id not in HARDCASES_TEST), key=lambda r: r.id)
    random.Random(0).shuffle(dev)
    have = {i.rsplit(":", 1)[0] for i in _have(f"ragtruth-qa-dev-{responses}")}
    for number, record in enumerate(dev[:responses]):
        if record.id in have:
            continue
        passages = [(str(i), p) for i, p in enumerate(record.passages, 1)]
        found = [units_of(pid, text) for pid, text in passages]
        units = [u for f in found for u in f.units]
        clean = [without_injections(text, f.warnings) for (_, text), f in zip(passages, found, strict=True)]
        sentences = [(s, e, record.answer[s:e].strip()) for s, e in sentence_spans(record.answer)]
        sentences = [(s, e, t) for s, e, t in sentences if len(t.split()) >= 3]
        judge = EmbeddingJudge(record.question, NOVELTY_PENALTY)
        judge.prepare([t for _, _, t in sentences], [t for _, t in passages], extra_texts=[u.text for u in units])
        known = judge.known(clean)
        for index, (start, end, text) in enumerate(sentences):
            spans = [sp for sp in record.spans if sp.start < end and start < sp.end]
            kind = "clean" if not spans else "conflict" if any("Conflict" in sp.label_type for sp in spans) else "baseless"
            sims = judge.cosines(text, [u.text for u in units])
            features, judged = claim_features(text, units, sims, judge.assess(text, clean), known, NOVELTY_PENALTY, THRESHOLD)
            yield Row(
                id=f"{record.id}:{index}", group=record.source_id, source="ragtruth-qa-dev", split="dev",
                category=kind, truth_false=bool(spans),
                expected=SupportLabel.supported if not spans else SupportLabel.unsupported, rules=judged.label,
                learned=open_to_learned(judged), features=features,
            )
        if number % 20 == 0:
            print(f"ragtruth: {number} of {responses}", file=sys.stderr, flush=True)
