"""Expand the hand-written specs (specs/*.yaml) into cases.jsonl.

    python benchmarks/hardcases/build.py

The specs hold each claim once with a pointer to its passage (a Markdown section, a span
between two strings of the document, or the whole document); this script copies the
passage text out of the document so every case in cases.jsonl is self-contained and
verbatim, numbers the ids, and assigns the split by document (README.md, "Split"): the
documents of specs/val.yaml form the val split, those of specs/val2.yaml the val2 split, those
of specs/val3.yaml the val3 split and those of specs/val4.yaml the val4 split; the others go to dev
or test.
RAGTruth cases keep only their source_id: the text is loaded at run time.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import yaml
from pydantic import ValidationError

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
from guard.eval.hardcases import HardCase  # noqa: E402

EXPECTED = {"S": "supported", "U": "unsupported", "C": "contradicted"}
TEST_SHARE = 1 / 3


# specs/val.yaml, specs/val2.yaml, specs/val3.yaml and specs/val4.yaml hold written documents whose
# cases always form the split of the same name (README.md, "Split"). Order matters: held-out rows
# follow every dev and test row in cases.jsonl, val before val2 before val3 before val4, so adding a
# later split never moves or rewrites an earlier row.
HELD_OUT_SPECS = ("val", "val2", "val3", "val4", "val5", "val5h", "val6", "val6h", "val7", "val7h", "val8", "val8h", "val9", "val9h", "val10", "val10h", "val11", "val11h", "val12", "val12h", "val13", "val13h", "val14", "val14h", "val15", "val15h", "val16", "val16h", "val17", "val17h", "val18", "val18h", "val19", "val19h", "val20", "val20h", "val21", "val21h", "val22", "val22h", "val23", "val23h", "val24", "val24h", "val25", "val25h", "val27", "val27h", "val26", "val26h", "val28", "val28h", "val29", "val29h", "val30", "val30h", "val32", "val32h", "val31", "val31h", "val33", "val33h", "val34", "val34h", "val35", "val35h", "val36", "val36h", "val37", "val37h", "val38", "val38h", "val39", "val39h", "val40", "val40h", "val41", "val41h", "val42", "val42h", "val43", "val43h", "val44", "val44h", "val45", "val45h", "val46", "val46h", "val47", "val47h", "val48", "val48h", "val49", "val49h", "val50", "val50h", "val51", "val51h", "val52", "val52h", "val53", "val53h", "val54", "val54h", "val55", "val55h", "val56", "val56h", "val57", "val57h", "val58", "val58h", "val59", "val59h", "val60", "val60h", "val61", "val61h", "val62", "val62h", "val63", "val63h", "val64", "val64h", "val65", "val65h", "val66", "val66h", "val67", "val67h", "val68", "val68h", "val69", "val69h", "val70", "val70h", "val71", "val71h", "val72", "val72h", "val73", "val73h", "val74", "val74h", "val75", "val75h", "val76", "val76h", "val77", "val77h", "val78", "val78h", "val79", "val79h", "val80", "val80h", "val81", "val81h", "val82", "val82h", "val83", "val83h", "val84", "val84h", "val85", "val85h", "val86", "val86h", "val87", "val87h", "val88", "val88h", "val89", "val89h", "val90", "val90h", "val91", "val91h", "val92", "val92h", "val93", "val93h", "val94", "val94h", "val95", "val95h", "val96", "val96h", "val97", "val97h", "val98", "val98h", "val99", "val99h", "val100", "val100h", "val101", "val101h", "val103", "val103h", "val102", "val102h", "val104", "val104h", "val105", "val105h", "val106", "val106h", "val107", "val107h", "val108", "val108h", "val109", "val109h", "val110", "val110h", "val111", "val111h", "val112", "val112h", "val113", "val113h", "val115", "val115h", "val114", "val114h", "val117", "val117h", "val116", "val116h", "val118", "val118h", "val119", "val119h", "val120", "val120h", "val121", "val121h", "val122", "val122h", "val123", "val123h", "val124", "val124h", "val125", "val125h", "val126", "val126h", "val127", "val127h", "val128", "val128h", "val129", "val129h", "val130", "val130h", "val131", "val131h", "val132", "val132h", "val133", "val133h", "val134", "val134h", "val135", "val135h", "val136", "val136h", "val137", "val137h", "val138", "val138h", "val139", "val139h", "val140", "val140h", "val141", "val141h", "val142", "val142h", "val144", "val144h", "val143", "val143h", "val146", "val146h", "val145", "val145h", "val147", "val147h", "val148", "val148h", "val149", "val149h", "val150", "val150h", "val151", "val151h", "val153", "val153h", "val152", "val152h", "val154", "val154h", "val155", "val155h", "val156", "val156h", "val157", "val157h", "val158", "val158h", "val159", "val159h", "val160", "val160h", "val161", "val161h", "val162", "val162h", "val163", "val163h", "val164", "val164h", "val165", "val165h", "val166", "val166h", "val167", "val167h", "val168", "val168h", "val169", "val169h", "val170", "val170h", "val172", "val172h", "val171", "val171h", "val173", "val173h", "val174", "val174h", "val176", "val176h", "val175", "val175h", "val177", "val177h", "val178", "val178h", "val179", "val179h", "val180", "val180h", "val181", "val181h", "val182", "val182h", "val183", "val183h", "val184", "val184h", "val185", "val185h", "val186", "val186h", "val187", "val187h", "val188", "val188h", "val189", "val189h", "val190", "val190h", "val191", "val191h", "val192", "val192h", "val193", "val193h", "val194", "val194h", "val196", "val196h", "val195", "val195h", "val198", "val198h", "val197", "val197h", "val200", "val200h", "val199", "val199h")
VAL_SPEC = HELD_OUT_SPECS[0]


def main() -> None:
    rows: list[dict] = []
    origins: list[str] = []  # where each row was written, for error messages
    # The held-out specs come last, in HELD_OUT_SPECS order, so their rows follow every dev and test row.
    specs = sorted((HERE / "specs").glob("*.yaml"), key=_spec_order)
    for spec in specs:
        held_out = spec.stem in HELD_OUT_SPECS
        source = "written" if held_out else spec.stem  # kb, ragtruth, written
        for number, group in enumerate(yaml.safe_load(spec.read_text(encoding="utf-8")), start=1):
            try:
                expanded = _expand(source, group)
            except (KeyError, ValueError) as exc:
                raise SystemExit(f"{spec.name}, group {number} ({group.get('doc')}): {exc!r}") from exc
            if held_out:
                for row in expanded:
                    row["split"] = spec.stem
            rows.extend(expanded)
            origins.extend(f"{spec.name}, group {number}, case {i}" for i in range(1, len(expanded) + 1))
    for split in HELD_OUT_SPECS:
        _check_val_documents(rows, split)
    _number(rows)
    _assign_splits([r for r in rows if r.get("split") not in HELD_OUT_SPECS])
    cases = []
    for row, origin in zip(rows, origins):  # fail here, not at run time
        try:
            cases.append(HardCase.model_validate(row))
        except ValidationError as exc:
            raise SystemExit(f"{origin}: {exc.errors()[0]['msg']} ({row['claim'][:60]!r})") from exc
    out = HERE / "cases.jsonl"
    with out.open("w", encoding="utf-8") as handle:
        for case in cases:
            row = case.model_dump(mode="json", exclude_defaults=True)
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(cases)} cases -> {out.relative_to(ROOT)}")


def _spec_order(spec: Path) -> tuple[int, str]:
    """Dev / test specs first (by name), then the held-out specs in HELD_OUT_SPECS order."""
    if spec.stem in HELD_OUT_SPECS:
        return 1 + HELD_OUT_SPECS.index(spec.stem), ""
    return 0, spec.stem


def _expand(source: str, group: dict) -> list[dict]:
    doc = group["doc"]
    if source == "ragtruth":
        base = {"source": source, "doc": doc, "source_id": doc}
    else:
        base = {"source": source, "doc": doc, "passages": [_passage(doc, group)]}
    rows = []
    for item in group["cases"]:
        expected = EXPECTED[item["exp"]]
        row = {
            **base,
            "claim": item["claim"],
            "truth": "true" if expected == "supported" else "false",
            "expected": expected,
            "category": item["cat"],
            "why": item["why"],
        }
        if item.get("q") or group.get("q"):
            row["question"] = item.get("q") or group.get("q")
        rows.append(row)
    return rows


def _passage(doc: str, group: dict) -> str:
    text = (ROOT / doc).read_text(encoding="utf-8")
    if "section" in group:
        return _section(text, group["section"], doc)
    if "span" in group:
        start_text, end_text = group["span"]
        start = text.index(start_text)
        end = text.index(end_text, start) + len(end_text)
        return text[start:end].strip()
    return text.strip()


def _section(text: str, heading: str, doc: str) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        match = re.match(r"(#+)\s+(.*)", line)
        if match and match.group(2).strip() == heading:
            level = len(match.group(1))
            end = next(
                (j for j in range(i + 1, len(lines)) if re.match(rf"#{{1,{level}}}\s", lines[j])), len(lines)
            )
            return "\n".join(lines[i:end]).strip()
    raise SystemExit(f"{doc}: no section {heading!r}")


def _check_val_documents(rows: list[dict], split: str = VAL_SPEC) -> None:
    """A held-out document (val, val2, val3, val4) has cases in its own spec only: a document shared with dev
    would leak dev's tuning into the check, and one shared between val and val2 would leak val's."""
    val_docs = {r["doc"] for r in rows if r.get("split") == split}
    shared = sorted({r["doc"] for r in rows if r.get("split") != split} & val_docs)
    if shared:
        raise SystemExit(f"{', '.join(shared)}: has cases in specs/{split}.yaml and in another spec; "
                         f"a {split} document must have its cases in the {split} spec only")


def _number(rows: list[dict]) -> None:
    counts: dict[str, int] = {}
    for row in rows:
        stem = Path(row["doc"]).stem if row["source"] != "ragtruth" else row["doc"]
        key = f"{row['source']}-{stem}"
        counts[key] = counts.get(key, 0) + 1
        row["id"] = f"{key}-{counts[key]:02d}"


def _assign_splits(rows: list[dict]) -> None:
    """Split by document, per source; a document keeps the split it already has in cases.jsonl.

    New documents, in SHA-256 order of their name, go to test while at least half of their
    cases fit under a third of the source's cases; the rest go to dev. Keeping earlier
    assignments means adding cases never moves a document someone may have tuned on into test.
    """
    earlier = _earlier_splits()
    for source in {r["source"] for r in rows}:
        mine = [r for r in rows if r["source"] == source]
        sizes: dict[str, int] = {}
        for row in mine:
            sizes[row["doc"]] = sizes.get(row["doc"], 0) + 1
        test_docs = {d for d in sizes if earlier.get(d) == "test"}
        taken = sum(sizes[d] for d in test_docs)
        for doc in sorted(sizes, key=lambda d: hashlib.sha256(d.encode()).hexdigest()):
            if doc in earlier or taken + sizes[doc] / 2 > TEST_SHARE * len(mine):
                continue
            test_docs.add(doc)
            taken += sizes[doc]
        for row in mine:
            row["split"] = "test" if row["doc"] in test_docs else "dev"


def _earlier_splits() -> dict[str, str]:
    path = HERE / "cases.jsonl"
    if not path.is_file():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    # A document that was held out and left its spec is a new document for dev / test.
    return {row["doc"]: row["split"] for row in rows if row["split"] not in HELD_OUT_SPECS}


if __name__ == "__main__":
    main()
