"""Items built from real guard results, and decided items exported as golden-set cases."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel
from review_builders import DRAFT, make_item

from guard.decide import Decision, Reason
from guard.policy import Action, Condition
from guard.review import item_from_response
from guard.review.golden_export import golden_jsonl, golden_records, write_golden
from guard.verifiers.types import Claim, ClaimVerdict, HallucinationType, SupportLabel, Verification
from retrievers.types import GateResult, Passage, RetrievalResult

GOLDEN = Path(__file__).resolve().parents[2] / "examples" / "golden.jsonl"


def _response_type():
    try:
        from guard.response import GuardedResponse

        return GuardedResponse
    except ImportError:
        # guard.response lands with the pipeline; until then a model with the fields
        # item_from_response reads, filled with the real component types below.
        class Stand(BaseModel):
            answer: str
            draft: str
            question: str
            decision: Decision
            verification: Verification
            retrieval: RetrievalResult
            model: str
            trace_id: str
            escalation_id: str | None = None

        return Stand


def _escalated_response():
    sentence = "It must never be taken with food [2]."
    draft = "Take one tablet a day [1]. " + sentence
    start = draft.index(sentence)
    verdicts = [
        ClaimVerdict(
            claim=Claim(index=0, text="Take one tablet a day.", start=0, end=start - 1, citations=[1]),
            label=SupportLabel.supported,
            support=0.9,
            best_passage_id="p1",
            cited_passage_ids=["p1"],
        ),
        ClaimVerdict(
            claim=Claim(
                index=1, text="It must never be taken with food.", start=start, end=len(draft), citations=[2]
            ),
            label=SupportLabel.contradicted,
            support=0.04,
            best_passage_id="p2",
            best_sentence="It can be taken with or without food.",
            cited_passage_ids=["p2"],
            hallucination_type=HallucinationType.contradiction,
            type_evidence="'never' vs 'with or without'",
            rule="limit.optional_required",
        ),
    ]
    reason = Reason(
        condition=Condition.contradicted_claim,
        action=Action.escalate,
        detail="claim 'It must never...' is contradicted by the passages",
        claim_index=1,
    )
    passages = [
        Passage(id="p1", text="Take one tablet a day.", source="clinic-zelorin-20mg.md", title="Zelorin"),
        Passage(id="p2", text="It can be taken with or without food.", source="faq.jsonl#faq-3"),
    ]
    gate = GateResult(passed=True, relevance=0.8, threshold=0.5, attempts=1, queries=["zelorin food"])
    return _response_type()(
        answer="Passed to a human reviewer.",
        draft=draft,
        question="Can I take Zelorin with food?",
        decision=Decision(action=Action.escalate, reasons=[reason], policy="medical"),
        verification=Verification(claims=verdicts, faithfulness=0.5),
        retrieval=RetrievalResult(query="Can I take Zelorin with food?", passages=passages, gate=gate),
        model="local/smollm2-135m-instruct",
        trace_id="trace-abc",
    )


def test_item_from_response_snapshots_the_review_material():
    resp = _escalated_response()
    item = item_from_response(resp)
    assert (item.trace_id, item.question, item.draft) == ("trace-abc", resp.question, resp.draft)
    assert item.holding_answer == resp.answer and item.policy == "medical" and item.action == "escalate"
    assert [(r.condition, r.action, r.claim_index) for r in item.reasons] == [
        ("contradicted_claim", "escalate", 1)
    ]
    assert [(p.number, p.id, p.source) for p in item.passages] == [
        (1, "p1", "clinic-zelorin-20mg.md"),
        (2, "p2", "faq.jsonl#faq-3"),
    ]
    bad = item.claims[1]
    assert (bad.label, bad.hallucination_type, bad.best_passage_id) == ("contradicted", "contradiction", "p2")
    assert (bad.rule, item.claims[0].rule) == ("limit.optional_required", None)
    assert resp.draft[bad.start : bad.end] == "It must never be taken with food [2]."
    assert bad.best_sentence == "It can be taken with or without food." and bad.flagged
    assert not item.claims[0].flagged
    assert item.faithfulness == 0.5 and item.gate_passed and item.gate_relevance == 0.8
    assert json.loads(item.model_dump_json())["claims"][1]["type_evidence"].startswith("'never'")


def test_decided_items_export_in_the_golden_set_format(queue, tmp_path, clock):
    approved = queue.enqueue(make_item("a"))
    edited = queue.enqueue(make_item("e"))
    rejected = queue.enqueue(make_item("r"))
    queue.enqueue(make_item("still-open"))
    queue.approve(approved, "alice", comment="ok as is")
    queue.edit(edited, "bob", "Take 20 mg once a day [2].", comment="dose")
    queue.reject(rejected, "carol")
    records = {r.id: r for r in golden_records(queue)}
    assert set(records) == {f"review-{i}" for i in (approved, edited, rejected)}

    a, e, r = records[f"review-{approved}"], records[f"review-{edited}"], records[f"review-{rejected}"]
    assert (a.expect, a.reference_answer, a.category) == ("answer", DRAFT, "review")
    assert a.supporting_sources == ["clinic-zelorin-20mg.md"]
    assert "alice" in a.notes and "ok as is" in a.notes and "trace a" in a.notes
    assert (e.expect, e.reference_answer, e.must_contain) == ("answer", "Take 20 mg once a day [2].", [])
    assert e.supporting_sources == ["clinic-zelorin-20mg.md"] and "bob" in e.notes
    assert (r.expect, r.reference_answer, r.supporting_sources) == ("refuse", "", [])

    path = tmp_path / "review.jsonl"
    assert write_golden(records.values(), path) == 3
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    example = json.loads(GOLDEN.read_text().splitlines()[0])
    assert all(list(row) == list(example) for row in rows)  # same fields, same order
    assert path.read_text() == golden_jsonl(records.values())


def test_export_falls_back_to_the_claims_citations(queue):
    item = make_item("x")
    item.passages[1].source = "faq.jsonl#faq-7"
    item_id = queue.enqueue(item)
    queue.edit(item_id, "alice", "The usual adult dose is 20 mg a day.")  # no citation markers
    (record,) = golden_records(queue)
    assert record.supporting_sources == ["clinic-zelorin-20mg.md", "faq.jsonl"]
