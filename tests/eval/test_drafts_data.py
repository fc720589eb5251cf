"""The labelled data behind the operating points: examples/drafts.jsonl and the golden set's split.

Checks the data itself, not the tool that reads it: every claim is a piece of its draft, every
context is verbatim text of the example knowledge base, every judge error category has enough
wrong drafts, and the dev/test split is by document, so nothing tuned on dev has seen a test
document.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from guard.eval.drafts import load_drafts
from guard.eval.golden import load_golden
from guard.policy import DEFAULT_REFUSAL

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KB = EXAMPLES / "kb"

JUDGE_CATEGORIES = {
    "number_misbinding", "unit_scale_change", "ranges", "entity_swap_role", "negation", "modality_quantifier",
    "dates", "unsupported_addition", "yes_no_without_evidence", "off_topic_fabrication",
}
WRONG_CATEGORIES = JUDGE_CATEGORIES | {"refusal_mixed", "prompt_echo"}
CORRECT_CATEGORIES = {"correct_paraphrase", "correct_inference", "correct_refusal"}
# Documents added with the held-out golden questions (issue 17): everything about them is test.
NEW_DOCS = {
    "clinic-allerquil-childrens-syrup.md", "clinic-harrowgate-travel-vaccine-prices.md",
    "hr-it-equipment-loan-pool.md", "leisure-riverside-membership-terms.md",
}
# The held-out documents the README names (examples/README.md, "Dev and test parts"), besides the four above.
TEST_DOCS = {
    "clinic-histavel-10mg.md", "clinic-dolvanex-200mg.md", "clinic-asthma-care.md", "clinic-wound-care.md",
    "clinic-appointments.md", "clinic-pharmacy-hours.txt", "hr-sick-leave.md", "hr-expenses-policy.md",
    "hr-notice-periods.md", "hr-parental-leave.md", "hr-it-security.md", "legal-nda-terms.md",
    "hr-office-closure-2025.txt", "legal-liability-and-jurisdiction.txt",
}
# The second held part (session 11): drafts over dev documents, written before a change tuned on dev
# and measured on it in figures only. Its documents are dev documents (never a test one).
HELD_DEV = "val11h"
FIRST_NEW_GOLDEN = 116  # g001-g115 predate the split; g116-g186 were written for the test part
FIRST_DEV_ADDITION = 187  # g187 on: dev questions over dev documents, added when tuning evidence-first answering


def _jsonl(name: str) -> list[dict]:
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="module")
def drafts() -> list[dict]:
    return _jsonl("drafts.jsonl")


@pytest.fixture(scope="module")
def golden() -> list[dict]:
    return _jsonl("golden.jsonl")


def test_every_draft_has_the_documented_fields(drafts):
    fields = {"id", "question", "contexts", "draft", "claims", "kind", "category", "split", "notes"}
    assert all(set(d) == fields for d in drafts)
    assert len({d["id"] for d in drafts}) == len(drafts)
    assert all(d["kind"] in {"correct", "wrong"} and d["split"] in {"dev", "test", HELD_DEV} for d in drafts)
    assert {d["category"] for d in drafts} <= WRONG_CATEGORIES | CORRECT_CATEGORIES


def test_claims_are_pieces_of_the_draft_in_order(drafts):
    for d in drafts:
        position = 0
        for claim in d["claims"]:
            found = d["draft"].find(claim["text"], position)
            assert claim["text"].strip() and found >= 0, (d["id"], claim["text"])
            position = found + len(claim["text"])


def test_truth_labels_agree_with_kind_and_category(drafts):
    for d in drafts:
        truths = [c["truth"] for c in d["claims"]]
        assert set(truths) <= {"true", "false", "echo"}, d["id"]
        wrong = any(t != "true" for t in truths)
        assert (d["kind"] == "wrong") == wrong == (d["category"] in WRONG_CATEGORIES), d["id"]
        for claim in d["claims"]:
            # a false claim carries its error category, the draft's own; true and echo claims carry none
            assert claim.get("category") == (d["category"] if claim["truth"] == "false" else None), d["id"]
        if d["category"] == "prompt_echo":
            assert "echo" in truths and "true" in truths and "false" not in truths, d["id"]
        if d["category"] == "refusal_mixed":
            assert DEFAULT_REFUSAL.rstrip(".") in d["draft"] and "false" in truths, d["id"]
        if d["category"] == "correct_refusal":
            assert d["draft"] == DEFAULT_REFUSAL and d["claims"] == [], d["id"]


def test_contexts_are_verbatim_knowledge_base_text(drafts):
    files: dict[str, str] = {}
    for d in drafts:
        assert 1 <= len(d["contexts"]) <= 5, d["id"]
        for context in d["contexts"]:
            source = KB / context["source"]
            assert source.is_file(), (d["id"], context["source"])
            text = files.setdefault(context["source"], source.read_text(encoding="utf-8"))
            assert context["text"].strip() and context["text"] in text, (d["id"], context["source"])


def test_citations_point_at_a_context_and_evidence_is_quoted(drafts):
    for d in drafts:
        groups = re.findall(r"\[(\d+(?:,\s*\d+)*)\]", d["draft"])
        cited = [int(n) for group in groups for n in group.split(",")]
        assert all(1 <= n <= len(d["contexts"]) for n in cited), d["id"]
        for claim in d["claims"]:
            if claim.get("evidence"):
                quoted = any(claim["evidence"] in c["text"] for c in d["contexts"])
                assert quoted, (d["id"], claim["evidence"])


def test_enough_drafts_of_every_category(drafts):
    assert len(drafts) >= 150
    wrong = Counter(d["category"] for d in drafts if d["kind"] == "wrong")
    assert all(wrong[c] >= 8 for c in WRONG_CATEGORIES), wrong
    correct = Counter(d["category"] for d in drafts if d["kind"] == "correct")
    assert all(correct[c] >= 8 for c in CORRECT_CATEGORIES), correct
    share = sum(correct.values()) / len(drafts)
    assert 0.35 <= share <= 0.55, share  # about 45 % correct


def _document_part(split: str) -> str:
    return "dev" if split == HELD_DEV else split


def test_drafts_split_by_document(drafts):
    docs = {"dev": set(), "test": set()}
    for d in drafts:
        sources = {c["source"] for c in d["contexts"]}
        docs[_document_part(d["split"])] |= sources
    assert not docs["dev"] & docs["test"], docs["dev"] & docs["test"]
    first_parts = [d for d in drafts if d["split"] != HELD_DEV]
    test_share = sum(d["split"] == "test" for d in first_parts) / len(first_parts)
    assert 0.25 <= test_share <= 0.42, test_share
    for category in WRONG_CATEGORIES | CORRECT_CATEGORIES:
        splits = Counter(d["split"] for d in drafts if d["category"] == category)
        assert splits["dev"] and splits["test"], (category, splits)


def test_the_second_held_part_is_balanced_and_over_dev_documents(drafts):
    held = [d for d in drafts if d["split"] == HELD_DEV]
    kinds = Counter(d["kind"] for d in held)
    assert len(held) >= 30 and kinds["correct"] == kinds["wrong"], kinds
    sources = {c["source"] for d in held for c in d["contexts"]}
    assert not sources & (TEST_DOCS | NEW_DOCS), sources & (TEST_DOCS | NEW_DOCS)
    assert len({d["category"] for d in held if d["kind"] == "wrong"}) >= 6
    assert len(load_drafts(EXAMPLES / "drafts.jsonl", HELD_DEV)) == len(held)


def test_every_golden_case_has_a_split_that_follows_its_document(golden, drafts):
    assert all(case.get("split") in {"dev", "test"} for case in golden)
    assert [c.split for c in load_golden(EXAMPLES / "golden.jsonl")] == [case["split"] for case in golden]
    draft_split = {c["source"]: _document_part(d["split"]) for d in drafts for c in d["contexts"]}
    by_doc: dict[str, set[str]] = {}
    for case in golden:
        if case["supporting_sources"]:
            first = case["supporting_sources"][0]
            by_doc.setdefault(first, set()).add(case["split"])
            assert draft_split.get(first, case["split"]) == case["split"], (case["id"], first)
        if set(case["supporting_sources"]) & NEW_DOCS:
            assert case["split"] == "test", case["id"]
    assert all(len(splits) == 1 for splits in by_doc.values()), by_doc
    test_share = sum(case["split"] == "test" for case in golden if int(case["id"][1:]) < FIRST_NEW_GOLDEN) / (
        FIRST_NEW_GOLDEN - 1
    )
    assert 0.25 <= test_share <= 0.42, test_share


def test_new_golden_questions_are_test_cases_over_the_new_documents(golden):
    new = [case for case in golden if FIRST_NEW_GOLDEN <= int(case["id"][1:]) < FIRST_DEV_ADDITION]
    assert len(new) >= 64
    assert all(case["split"] == "test" for case in new)
    answers = [case for case in new if case["expect"] == "answer"]
    assert all(case["supporting_sources"][0] in NEW_DOCS for case in answers)
    assert {case["supporting_sources"][0] for case in answers} == NEW_DOCS
    kinds = Counter(case["category"] for case in new)
    expected = {"answerable", "qualifier", "table_lookup", "unanswerable", "tempts_fabrication"}
    assert expected <= set(kinds), kinds
    assert NEW_DOCS <= {p.name for p in KB.iterdir()}


def test_dev_additions_are_dev_cases_over_dev_documents(golden):
    added = [case for case in golden if int(case["id"][1:]) >= FIRST_DEV_ADDITION]
    assert added and all(case["split"] == "dev" for case in added)
    assert not {s for case in added for s in case["supporting_sources"]} & (NEW_DOCS | TEST_DOCS)


def test_golden_answers_are_grounded_in_their_sources(golden):
    for case in golden:
        if case["expect"] == "refuse":
            assert not case["must_contain"] and not case["supporting_sources"], case["id"]
            continue
        sources = [(KB / s).read_text(encoding="utf-8").lower() for s in case["supporting_sources"]]
        for needle in case["must_contain"]:
            assert needle.lower() in case["reference_answer"].lower(), (case["id"], needle)
            assert any(needle.lower() in text for text in sources), (case["id"], needle)


def test_the_demo_questions_situations_are_labelled(drafts):
    by_question: dict[str, set[str]] = {}
    for d in drafts:
        by_question.setdefault(d["question"], set()).add(d["category"])
    for question in (
        "What is the usual adult dose of Zelorin?",
        "How many days of annual leave does a full-time Altamira employee get?",
        "What is the half-life of Zelorin?",
        "Does Altamira offer pet insurance?",
        "How much Febrilon Children's Suspension should I give my 3-year-old?",
    ):
        categories = by_question.get(question, set())
        assert categories & CORRECT_CATEGORIES and categories & WRONG_CATEGORIES, (question, categories)
    pet = next(d for d in drafts if d["question"].endswith("pet insurance?") and d["kind"] == "wrong")
    assert pet["draft"] == "Yes, Altamira offers pet insurance [5]."
    assert pet["contexts"][4]["source"] == "hr-business-travel.md"
