"""The quote action: a failing claim replaced by the evidence unit it was checked against, cited.

Levels: the policy file accepts ``quote`` (only where claims can be replaced), ``decide()``
records which unit is quoted and with which citation number (or falls back to strip), and
``apply_action()`` writes it into the answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from decide_builders import CONFIDENT, build_verification

from guard.actions import apply_action, shown_cautions
from guard.decide import decide
from guard.errors import ConfigError
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch, UnitKind
from guard.policy import QUOTE_FALLBACK, Action, Condition, Policy, Thresholds, load_policy
from guard.verifiers.types import SupportLabel, Verification

ROW = EvidenceUnit(
    passage_id="leaflet", index=3, kind=UnitKind.table_row, text="Age: 2 to 4 years | Dose: 7.5 ml",
    start=10, end=35, anchor="2 to 4 years",
)
HEADING = EvidenceUnit(passage_id="leaflet", index=0, kind=UnitKind.heading, text="Dose by age", start=0, end=11)
GAP = EvidenceUnit(
    passage_id="leaflet", index=5, kind=UnitKind.sentence, text="Leave at least 4 hours between doses.",
    start=40, end=77,
)
WRONG = "Give 2.5 ml to a 3-year-old [2]."
RIGHT = "Shake the bottle first [1]."
ANSWER = f"{RIGHT} {WRONG}"
QUOTER = Policy(name="quoter", actions={"contradicted_claim": "quote", "unsupported_claim": "quote"})
QUOTED_ROW = 'The documents say: "Age: 2 to 4 years | Dose: 7.5 ml" [2].'


def contradicted(unit: EvidenceUnit | None = ROW, evidence: list[EvidenceUnit] | None = None) -> dict:
    mismatch = SlotMismatch(
        kind=SlotKind.quantity, claim_value="2.5 ml", evidence_value="7.5 ml", anchor="2 to 4 years",
        evidence=unit, explanation="the leaflet gives 7.5 ml for 2 to 4 years",
    )
    return {"mismatch": mismatch, "evidence": evidence if evidence is not None else ([unit] if unit else [])}


def verification(wrong_fields: dict, *, label: str = "contradicted", passage_ids=("howto", "leaflet")):
    specs = [(RIGHT, "supported", 0.95), (WRONG, label, 0.05, wrong_fields)]
    return build_verification(ANSWER, specs, passage_ids=list(passage_ids))


# --- the policy file ---------------------------------------------------------------------------


def test_a_policy_file_may_choose_quote_for_claims(tmp_path: Path) -> None:
    path = tmp_path / "quoting.yaml"
    path.write_text("extends: default\nactions:\n  contradicted_claim: quote\n  low_faithfulness: quote\n")
    policy = load_policy(path)
    assert policy.actions.contradicted_claim is Action.quote
    assert policy.actions.low_faithfulness is Action.quote
    assert policy.quote_lead == "The documents say"


@pytest.mark.parametrize("key", ["low_citation_recall", "insufficient_context", "declined", "verifier_error"])
def test_quote_is_refused_where_no_claim_could_be_replaced(tmp_path: Path, key: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"extends: default\nactions:\n  {key}: quote\n")
    with pytest.raises(ConfigError) as error:
        load_policy(path)
    assert f"actions.{key}" in str(error.value) and "quote" in str(error.value)


def test_quote_sits_between_strip_and_regenerate_and_falls_back_to_strip() -> None:
    assert Action.strip.severity < Action.quote.severity < Action.regenerate.severity
    assert QUOTE_FALLBACK is Action.strip


# --- decide: which unit, which citation ----------------------------------------------------------


def test_decide_records_the_unit_the_claim_contradicts_and_its_citation_number() -> None:
    v = verification(contradicted(ROW, evidence=[GAP, ROW]))
    decision = decide(v, None, QUOTER)
    assert decision.action is Action.quote
    (quote,) = decision.quotes
    # the mismatch's unit (the row with 7.5 ml), not the first aligned one
    assert (quote.claim_index, quote.unit, quote.citation) == (1, ROW, 2)


def test_the_citation_number_follows_the_verified_passage_order() -> None:
    v = verification(contradicted(), passage_ids=("leaflet", "howto", "other"))
    assert decide(v, None, QUOTER).quotes[0].citation == 1


def test_without_a_mismatch_unit_the_best_aligned_unit_that_is_no_heading_is_quoted() -> None:
    v = verification({"evidence": [HEADING, GAP]}, label="unsupported")
    (quote,) = decide(v, None, QUOTER).quotes
    assert quote.unit == GAP


@pytest.mark.parametrize(
    "fields, passage_ids",
    [({}, ("howto", "leaflet")), (contradicted(None), ("howto", "leaflet")),
     ({"evidence": [HEADING]}, ("howto", "leaflet")), (contradicted(), ("howto",))],
    ids=["no-units", "mismatch-without-unit", "heading-only", "unit-in-no-numbered-passage"],
)
def test_a_claim_with_nothing_to_quote_falls_back_to_strip(fields: dict, passage_ids) -> None:
    v = verification(fields, passage_ids=passage_ids)
    decision = decide(v, None, QUOTER)
    assert decision.quotes == []
    (reason,) = decision.reasons
    assert reason.action is QUOTE_FALLBACK and decision.action is Action.strip
    assert "no evidence unit to quote" in reason.detail
    assert apply_action(decision, ANSWER, v, QUOTER) == RIGHT


# --- apply_action: the text ------------------------------------------------------------------------


def test_the_failing_claim_is_replaced_by_the_quote_and_the_rest_is_kept() -> None:
    v = verification(contradicted())
    text = apply_action(decide(v, None, QUOTER), ANSWER, v, QUOTER)
    assert text == f"{RIGHT} {QUOTED_ROW}"
    assert "2.5 ml" not in text


def test_the_lead_is_the_policy_s_own() -> None:
    policy = QUOTER.model_copy(update={"quote_lead": "The leaflet says"})
    v = verification(contradicted())
    text = apply_action(decide(v, None, policy), ANSWER, v, policy)
    assert text.endswith('The leaflet says: "Age: 2 to 4 years | Dose: 7.5 ml" [2].')


def test_an_answer_of_only_failing_claims_becomes_quotes_not_a_refusal() -> None:
    answer = WRONG
    v = build_verification(answer, [(WRONG, "contradicted", 0.0, contradicted())], passage_ids=["a", "leaflet"])
    assert apply_action(decide(v, None, QUOTER), answer, v, QUOTER) == QUOTED_ROW


def test_with_nothing_quotable_and_nothing_left_the_answer_is_the_refusal() -> None:
    answer = WRONG
    v = build_verification(answer, [(WRONG, "contradicted", 0.0, {})], passage_ids=["a", "leaflet"])
    assert apply_action(decide(v, None, QUOTER), answer, v, QUOTER) == QUOTER.refusal_text


def test_one_unit_is_quoted_once_when_two_claims_fail_on_it() -> None:
    second = "A 3-year-old takes 10 ml [2]."
    answer = f"{WRONG} {second}"
    specs = [(WRONG, "contradicted", 0.0, contradicted()), (second, "contradicted", 0.0, contradicted())]
    v = build_verification(answer, specs, passage_ids=["a", "leaflet"])
    decision = decide(v, None, QUOTER)
    assert [q.claim_index for q in decision.quotes] == [0]
    assert all(r.action is Action.quote for r in decision.reasons)  # the second one is covered, not stripped
    assert apply_action(decision, answer, v, QUOTER) == QUOTED_ROW


def test_answer_level_quote_replaces_every_failing_claim() -> None:
    policy = Policy(
        name="whole", thresholds={"min_faithfulness": 0.9},
        actions={"low_faithfulness": "quote", "contradicted_claim": "annotate"},
    )
    v = verification(contradicted())
    decision = decide(v, None, policy)
    assert Condition.low_faithfulness in decision.conditions and decision.action is Action.quote
    assert [q.claim_index for q in decision.quotes] == [1]
    assert apply_action(decision, ANSWER, v, policy) == f"{RIGHT} {QUOTED_ROW}"


def test_quote_as_the_regenerate_fallback_is_resolved_when_the_pipeline_could_not_redraft() -> None:
    policy = Policy(
        name="redraft-then-quote", actions={"contradicted_claim": "regenerate"},
        regenerate={"max_attempts": 1, "on_exhausted": "quote"},
    )
    v = verification(contradicted())
    decision = decide(v, None, policy)  # attempt 0: still asks for a new draft
    assert decision.action is Action.regenerate and decision.quotes == []
    assert apply_action(decision, ANSWER, v, policy) == f"{RIGHT} {QUOTED_ROW}"
    assert decide(v, None, policy, attempt=1).quotes[0].unit == ROW


def test_other_claims_keep_their_marks_next_to_a_quote() -> None:
    policy = Policy(name="mixed", actions={"contradicted_claim": "quote", "unsupported_claim": "annotate"})
    answer = f"{RIGHT} {WRONG}"
    specs = [(RIGHT, "unsupported", 0.1), (WRONG, "contradicted", 0.0, contradicted())]
    v = build_verification(answer, specs, passage_ids=["a", "leaflet"])
    text = apply_action(decide(v, None, policy), answer, v, policy)
    assert text.endswith(f"{RIGHT} [⚠ unsupported] {QUOTED_ROW}")
    assert text.startswith(policy.annotation_label)


def test_markdown_emphasis_is_left_out_of_the_quote_and_the_words_kept() -> None:
    unit = GAP.model_copy(update={"text": "*Adults:** the usual dose is 20 mg (one tablet) once a day."})
    v = verification(contradicted(unit))
    text = apply_action(decide(v, None, QUOTER), ANSWER, v, QUOTER)
    assert text.endswith('The documents say: "Adults: the usual dose is 20 mg (one tablet) once a day." [2].')


# --- claims the fact layer did not confirm (strict profiles: only confirmed claims in the model's words)


def _unconfirmed(facts: str = "abstain", support: float = 0.9, learned: float | None = None) -> Verification:
    fields, right = {"facts": facts, "evidence": [ROW]}, {}
    if learned is not None:
        doubt = {"supported": learned, "unsupported": 1 - learned, "contradicted": 0.0}
        fields["scores"] = {"grounding": doubt}
        right["scores"] = {"grounding": CONFIDENT}
    specs = [(RIGHT, "supported", 0.95, right), (WRONG, "supported", support, fields)]
    return build_verification(ANSWER, specs, passage_ids=["howto", "leaflet"])


STRICT = Policy(
    name="strict-quoter", thresholds={"min_unconfirmed_support": 1.0},
    actions={"unconfirmed_claim": "quote", "contradicted_claim": "quote", "unsupported_claim": "quote"},
)


def test_a_supported_claim_the_fact_layer_did_not_confirm_is_quoted() -> None:
    v = _unconfirmed("abstain")
    decision = decide(v, None, STRICT)
    assert [(r.condition, r.claim_index) for r in decision.reasons] == [(Condition.unconfirmed_claim, 1)]
    assert "no number, date or name" in decision.reasons[0].detail
    assert apply_action(decision, ANSWER, v, STRICT) == f"{RIGHT} {QUOTED_ROW}"


@pytest.mark.parametrize("facts", ["supported", "inferred"])
def test_a_claim_the_fact_layer_confirmed_stands_in_the_models_words(facts: str) -> None:
    v = _unconfirmed(facts)
    assert decide(v, None, STRICT).action is Action.pass_


def test_an_unconfirmed_claim_above_the_support_bar_stands() -> None:
    policy = STRICT.model_copy(update={"thresholds": Thresholds(min_unconfirmed_support=0.8)})
    assert decide(_unconfirmed("abstain", support=0.85), None, policy).action is Action.pass_
    assert decide(_unconfirmed("abstain", support=0.75), None, policy).action is Action.quote


def test_the_learned_judges_doubt_quotes_a_confirmed_claim_without_changing_its_verdict() -> None:
    policy = STRICT.model_copy(update={"thresholds": Thresholds(min_learned_support=0.5)})
    doubted, trusted = _unconfirmed("supported", learned=0.3), _unconfirmed("supported", learned=0.7)
    decision = decide(doubted, None, policy)
    assert [r.condition for r in decision.reasons] == [Condition.unconfirmed_claim]
    assert "learned judge" in decision.reasons[0].detail
    assert doubted.claims[1].label is SupportLabel.supported  # one judge: the verdict stands
    assert apply_action(decision, ANSWER, doubted, policy) == f"{RIGHT} {QUOTED_ROW}"
    assert decide(trusted, None, policy).action is Action.pass_


def test_the_learned_judge_is_required_once_the_policy_reads_it() -> None:
    policy = STRICT.model_copy(update={"thresholds": Thresholds(min_learned_support=0.5)})
    decision = decide(_unconfirmed("supported"), None, policy)  # no grounding scores
    assert Condition.verifier_error in decision.conditions


# --- answer-level cautions describe the answer shown, not the draft ---------------------------------


def test_a_citation_recall_label_is_recounted_after_the_failing_claim_is_quoted() -> None:
    policy = Policy(
        name="recall", thresholds={"min_citation_recall": 0.8},
        actions={"contradicted_claim": "quote", "low_citation_recall": "annotate"},
    )
    specs = [(RIGHT, "supported", 0.95, {"scores": {"citation_supported": True}}),
             (WRONG, "contradicted", 0.05, {**contradicted(), "scores": {"citation_supported": False}})]
    v = build_verification(ANSWER, specs, passage_ids=["howto", "leaflet"], citation_recall=0.5)
    decision = decide(v, None, policy)
    assert Condition.low_citation_recall in decision.conditions
    # The draft's recall was 0.5; the answer shown is the right claim and a cited quote: 1.0.
    assert apply_action(decision, ANSWER, v, policy) == f"{RIGHT} {QUOTED_ROW}"
    assert shown_cautions(decision, v, policy) == []


def test_a_recall_still_low_after_strip_is_stated_for_the_answer_shown() -> None:
    policy = Policy(
        name="recall", thresholds={"min_citation_recall": 0.8},
        actions={"contradicted_claim": "strip", "low_citation_recall": "annotate"},
    )
    third = "It tastes of banana [1]."
    answer = f"{RIGHT} {WRONG} {third}"
    specs = [(RIGHT, "supported", 0.95, {"scores": {"citation_supported": True}}),
             (WRONG, "contradicted", 0.05, {"scores": {"citation_supported": False}}),
             (third, "supported", 0.9, {"scores": {"citation_supported": False}})]
    v = build_verification(answer, specs, passage_ids=["howto", "leaflet"], citation_recall=1 / 3)
    text = apply_action(decide(v, None, policy), answer, v, policy)
    assert "citation recall of the answer shown 0.50 is below the minimum 0.80" in text
    assert "0.33" not in text


def test_a_figure_that_cannot_be_recounted_is_said_to_be_the_drafts() -> None:
    policy = Policy(
        name="stacked", verifiers=["support", "citations", "stacked"],
        thresholds={"max_hallucination_probability": 0.5},
        actions={"contradicted_claim": "strip", "high_hallucination_probability": "annotate"},
    )
    v = verification({}, label="contradicted").model_copy(update={"hallucination_probability": 0.9})
    text = apply_action(decide(v, None, policy), ANSWER, v, policy)
    assert "(in the draft, before 1 claim(s) were removed or quoted)" in text
