"""The relevance gate's signal (stemmed, capped-idf coverage), its refusal reason, and its calibration."""

from __future__ import annotations

import json

import pytest

from guard.decide import decide
from guard.errors import ConfigError
from guard.policy import Condition, load_policy
from guard.verifiers.types import Verification
from retrievers.bm25 import BM25Route
from retrievers.gate import RelevanceGate, _content_terms, _coverage, missing_terms
from retrievers.types import GateResult

OVERTIME = (
    "## Overtime rates\n\n- Monday to Saturday: 1.5 times your normal hourly rate.\n"
    "- Sundays and public holidays: 2 times your normal hourly rate."
)


def test_missing_terms_name_the_question_words_no_passage_mentions():
    question = "What is Altamira's employer pension contribution?"
    assert missing_terms(question, [OVERTIME]) == ["altamira", "employer", "pension", "contribution"]
    # Words match by stem: "rates" in the passage answers "rate" in the question, "Sundays" "Sunday".
    assert missing_terms("What is the overtime rate on a Sunday?", [OVERTIME]) == []
    # Numbers are the asker's values, not what the documents must mention.
    assert missing_terms("I am 62. What is the overtime rate?", [OVERTIME]) == []


def test_coverage_over_one_context_counts_every_content_word_alike():
    bm25 = BM25Route.build([OVERTIME])
    # One passage: idf cannot tell rare from common, so a missing word weighs what a found one does.
    terms = _content_terms("Is overtime on Sundays paid at a higher rate for warehouse staff?")
    coverage, best = _coverage(terms, [OVERTIME], bm25)
    found = {"overtime", "sundays", "rate"}
    assert set(terms) == found | {"paid", "higher", "warehouse", "staff"}
    assert coverage == best == pytest.approx(len(found) / len(terms))


def test_coverage_best_passage_differs_from_the_union():
    texts = ["Zelorin tablets are taken once a day.", "Children under 18 must not take it."]
    bm25 = BM25Route.build(texts)
    coverage, best = _coverage(_content_terms("Can children take Zelorin tablets?"), texts, bm25)
    assert coverage == pytest.approx(1.0)
    assert best < coverage


def test_gate_refusal_says_what_was_missing():
    gate = GateResult(passed=False, relevance=0.07, threshold=0.3, attempts=1, queries=["q"],
                      missing=["pension", "contribution"])
    decision = decide(Verification(claims=[], verifiers=[]), gate, load_policy("default"))
    reason = next(r for r in decision.reasons if r.condition is Condition.insufficient_context)
    assert reason.detail.startswith("the documents found do not mention 'pension' or 'contribution'")
    assert "0.07" in reason.detail and "0.30" in reason.detail


def test_pipeline_gate_refuses_contexts_that_do_not_mention_the_question():
    from guard.pipeline import retrieve_evidence
    from guard.verifiers.api import as_passages

    policy = load_policy("default")
    refused = retrieve_evidence("Does Altamira pay an annual bonus?", as_passages([OVERTIME]), policy, "m")
    assert not refused.gate.passed
    assert {"bonus", "annual"} <= set(refused.gate.missing)
    sunday = "What is the overtime rate on a Sunday?"
    answered = retrieve_evidence(sunday, as_passages([OVERTIME]), policy, "m")
    assert answered.gate.passed and answered.gate.missing == []


def test_an_old_calibration_is_refused_with_what_to_do(tmp_path):
    path = tmp_path / "gate.json"
    path.write_text(json.dumps({"version": 1, "models": {}}), encoding="utf-8")
    with pytest.raises(ConfigError, match="version 1.*ragguard train gate"):
        RelevanceGate.from_file(path)


def test_profiles_use_the_calibrated_answerable_threshold():
    from retrievers.gate import CALIBRATION_FILE

    calibration = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    for name in ("default", "medical", "legal"):
        assert load_policy(name).retrieval.gate_threshold <= calibration["answerable_threshold"]["bm25+dense"]
