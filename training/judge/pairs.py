"""Judge training pairs: supported claims with their evidence, from three corpora, split by source.

- **RAGTruth** (../shared/data/ragtruth): answer sentences with evidence windows built by the
  runtime code (:func:`training.grounding.dataset.derive_examples`), labelled from RAGTruth's
  spans. The project's dev split (:func:`guard.eval.ragtruth.split_dev`, per task the 20 % of
  source ids with the lowest SHA-256) is never trained on.
- **HotpotQA** (../shared/data/hotpotqa): each supporting-fact sentence against its paragraph.
- **The example knowledge base** (examples/kb): sentences, and table rows written out as
  "The dose for 2 to 4 years is 7.5 ml." against the rows joined with their column headers
  ("Age: 2 to 4 years | Dose: 7.5 ml", the evidence unit METHODS.md §11 asks for).

HotpotQA questions and KB documents are split with the same function as RAGTruth (one
pseudo-task each). Documents and RAGTruth sources that ``benchmarks/hardcases`` draws on are
never trained on: the ones in its dev part go to dev, the ones in its test part are left out.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import BaseModel

from guard.eval.ragtruth import dev_source_ids, load_ragtruth, split_dev
from guard.verifiers.types import SupportLabel
from training.judge.perturb import PerturbationKind, choose_perturbations

__all__ = ["JudgePair", "Corpus", "Split", "BuildSettings", "build_pairs", "split_ids", "kb_claims",
           "HARDCASES_DEV", "HARDCASES_TEST"]

Corpus = Literal["ragtruth", "hotpotqa", "kb"]
Split = Literal["train", "dev"]

# Sources benchmarks/hardcases (branch `hardcases`, f5f219d) builds cases from, by its split.
HARDCASES_DEV = frozenset({
    "examples/kb/clinic-febrilon-childrens-suspension.md", "examples/kb/clinic-pravacillin-antibiotic.md",
    "examples/kb/clinic-zelorin-20mg.md", "examples/kb/hr-business-travel.md",
    "examples/kb/hr-notice-periods.md",
    "examples/kb/legal-nda-terms.md", "g0d4b9b8c0579", "g1a55c9324183", "g2b46b58b5927", "g2d00a1d201e6",
    "g2f1a7f8f042a", "g3988e5335ba7", "g8bb2b1648bef", "gfaf9cf39b271",
})
HARDCASES_TEST = frozenset({
    "examples/kb/clinic-febrilon-500mg-tablets.md", "examples/kb/clinic-pharmacy-hours.txt",
    "examples/kb/hr-office-closure-2025.txt", "examples/kb/hr-sick-leave.md", "g5e3a5c34ad26",
    "g8e78e40dd3e0", "g931542f94396", "gf4b094034770",
})


class JudgePair(BaseModel):
    pair_id: str
    corpus: Corpus
    source_id: str
    split: Split
    task: str  # RAGTruth task, or "hotpotqa" / "kb"
    claim: str
    evidence: str
    label: SupportLabel
    perturbation: PerturbationKind | None = None
    original: str | None = None  # the supported claim a perturbed one came from
    old: str | None = None
    new: str | None = None


class BuildSettings(BaseModel):
    ragtruth_dir: Path = Path("../shared/data/ragtruth")
    hotpotqa_file: Path = Path("../shared/data/hotpotqa/hotpotqa_dev_distractor_first100.jsonl")
    kb_dir: Path = Path("examples/kb")
    budget: int = 128  # tokens of "claim [SEP] window", as the judge reads them
    train_sources_per_task: int = 40  # RAGTruth train sources sampled per task (CPU budget)
    dev_sources_per_task: int = 8
    supported_share: float = 0.12  # of RAGTruth's supported sentences kept as plain supported pairs
    perturb_share: float = 0.3  # of RAGTruth's supported sentences offered for perturbation
    variants: int = 1  # contradicted variants per perturbed claim
    seed: int = 13


class _Source(NamedTuple):
    """What :func:`dev_source_ids` reads of a record."""

    source_id: str
    task: str


def split_ids(ids: Iterable[str], group: str) -> frozenset[str]:
    """The dev ids among ``ids``: the project's RAGTruth rule (lowest 20 % SHA-256), one group."""
    return dev_source_ids([_Source(i, group) for i in ids])


def _draw(key: str, share: float) -> bool:
    digest = hashlib.sha256(key.encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < share


def _ranked(ids: Iterable[str], seed: int) -> list[str]:
    return sorted(ids, key=lambda i: hashlib.sha256(f"judge:{seed}:{i}".encode()).hexdigest())


# ---------------------------------------------------------------- supported claims per corpus

class _Claim(NamedTuple):
    corpus: Corpus
    source_id: str
    split: Split
    task: str
    key: str
    claim: str
    evidence: str
    label: SupportLabel
    perturbable: bool


def _ragtruth_claims(settings: BuildSettings) -> Iterator[_Claim]:
    from training.grounding.dataset import derive_examples

    train, dev = split_dev(load_ragtruth(settings.ragtruth_dir))
    for split, records, per_task in (("train", train, settings.train_sources_per_task),
                                     ("dev", dev, settings.dev_sources_per_task)):
        chosen: set[str] = set()
        for task in sorted({r.task.value for r in records}):
            ids = {r.source_id for r in records if r.task.value == task} - HARDCASES_TEST
            ids -= HARDCASES_DEV if split == "train" else frozenset()
            chosen.update(_ranked(ids, settings.seed)[:per_task])
        picked = sorted((r for r in records if r.source_id in chosen), key=lambda r: (r.source_id, r.id))
        for example in derive_examples(picked, settings.budget):
            key = f"ragtruth:{example.record_id}:{example.index}"
            supported = example.label is SupportLabel.supported
            offered = supported and _draw(f"perturb:{key}", settings.perturb_share)
            kept = not supported or split == "dev" or _draw(f"keep:{key}", settings.supported_share)
            if kept or offered:
                yield _Claim("ragtruth", example.source_id, split, example.task.value, key, example.claim,
                             example.evidence, example.label, offered)


def _hotpotqa_claims(settings: BuildSettings) -> Iterator[_Claim]:
    lines = settings.hotpotqa_file.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line]
    dev = split_ids((f"hotpotqa:{r['idx']}" for r in rows), "hotpotqa")
    for row in rows:
        source_id = f"hotpotqa:{row['idx']}"
        paragraphs = {c["title"]: c["sentences"] for c in row["context"]}
        for fact in row["supporting_facts"]:
            sentences = paragraphs.get(fact["title"], [])
            if fact["sent_id"] >= len(sentences):
                continue
            claim = sentences[fact["sent_id"]].strip()
            evidence = f"{fact['title']}: " + "".join(sentences).strip()
            yield _Claim("hotpotqa", source_id, "dev" if source_id in dev else "train", "hotpotqa",
                         f"{source_id}:{fact['title']}:{fact['sent_id']}", claim, evidence,
                         SupportLabel.supported, True)


_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}")


def _table_rows(lines: list[str]) -> tuple[list[str], list[str]]:
    """(header-joined units, claims written from the rows) of one Markdown table."""
    cells = [
        [c.replace("**", "").strip() for c in line.strip().strip("|").split("|")]
        for line in lines
        if not _TABLE_RULE.match(line.strip())
    ]
    if len(cells) < 2:
        return [], []
    header, units, claims = cells[0], [], []
    for row in cells[1:]:
        if len(row) != len(header) or not all(row):
            continue
        units.append(" | ".join(f"{h}: {v}" for h, v in zip(header, row)))
        for h, v in zip(header[1:], row[1:]):
            if v.strip("-– ") and h:
                claims.append(f"The {h.lower()} for {header[0].lower()} {row[0]} is {v}.")
    return units, claims


def kb_claims(text: str) -> tuple[list[str], list[str]]:
    """(evidence units, claims) of one KB document: prose sentences, and table rows as both."""
    from guard.grounding.sentences import split_many

    prose, units, claims, table = [], [], [], []
    for line in [*text.splitlines(), ""]:
        if line.strip().startswith("|"):
            table.append(line)
            continue
        if table:
            rows, written = _table_rows(table)
            units += rows
            claims += written
            table = []
        if line.strip() and not line.lstrip().startswith("#"):
            prose.append(line.replace("**", "").strip().lstrip("-* ").strip())
    sentences = [s.text for s in split_many(["\n".join(prose)])[0]]
    units = sentences + units
    claims = [s for s in sentences if len(s.split()) >= 5] + claims
    return units, claims


def _kb_claims(settings: BuildSettings) -> Iterator[_Claim]:
    from guard.grounding.evidence import EvidencePool, passage_units
    from guard.grounding.sentences import Sentence

    docs = sorted(
        p for p in settings.kb_dir.iterdir() if p.suffix in {".md", ".txt"} and p.name != "README.md"
    )
    names = {f"examples/kb/{p.name}": p for p in docs}
    candidates = set(names) - HARDCASES_TEST - HARDCASES_DEV
    dev = split_ids(candidates, "kb") | HARDCASES_DEV
    for name in sorted(set(names) - HARDCASES_TEST):
        units, claims = kb_claims(names[name].read_text(encoding="utf-8"))
        if not units:
            continue
        pool_units = passage_units([[Sentence(start=0, end=len(u), text=u) for u in units]])
        from guard.grounding.evidence import resolve_embedder

        embedder = resolve_embedder(None)
        pool = EvidencePool(pool_units, embedder.encode([u.text for u in pool_units]))
        vectors = embedder.encode(claims)
        for number, (claim, vector) in enumerate(zip(claims, vectors)):
            yield _Claim("kb", name, "dev" if name in dev else "train", "kb", f"{name}:{number}", claim,
                         pool.select(claim, settings.budget, claim_vector=vector),
                         SupportLabel.supported, True)


# ---------------------------------------------------------------- pairs

def _pairs_of(claim: _Claim, settings: BuildSettings) -> Iterator[JudgePair]:
    base = dict(corpus=claim.corpus, source_id=claim.source_id, split=claim.split, task=claim.task)
    variants = choose_perturbations(claim.claim, claim.evidence, settings.variants, seed=settings.seed,
                                    key=claim.key) if claim.perturbable else []
    # A RAGTruth supported sentence offered for perturbation that yields none is not kept, so
    # the supported share stays what the settings say.
    if claim.corpus != "ragtruth" or not claim.perturbable or variants or claim.split == "dev" \
            or _draw(f"keep:{claim.key}", settings.supported_share):
        yield JudgePair(
            pair_id=claim.key, claim=claim.claim, evidence=claim.evidence, label=claim.label, **base
        )
    for variant in variants:
        yield JudgePair(
            pair_id=f"{claim.key}:{variant.kind.value}", claim=variant.text, evidence=claim.evidence,
            label=SupportLabel.contradicted, perturbation=variant.kind, original=claim.claim,
            old=variant.old, new=variant.new, **base,
        )


def build_pairs(
    settings: BuildSettings, corpora: Iterable[Corpus] = ("kb", "hotpotqa", "ragtruth")
) -> Iterator[JudgePair]:
    readers = {"ragtruth": _ragtruth_claims, "hotpotqa": _hotpotqa_claims, "kb": _kb_claims}
    for corpus in corpora:
        for claim in readers[corpus](settings):
            yield from _pairs_of(claim, settings)
