"""The quote action: a failing claim replaced by the evidence unit it was checked against, cited.

Levels: the policy file accepts ``quote`` (only where claims can be replaced), ``decide()``
records which unit is quoted and with which citation number (or falls back to strip), and
``apply_action()`` writes it into the answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from decide_builders import build_verification

from guard.actions import apply_action
from guard.decide import decide
from guard.errors import ConfigError
from guard.facts.types import EvidenceUnit, SlotKind, SlotMismatch, UnitKind
from guard.policy import QUOTE_FALLBACK, Action, Condition, Policy, load_policy

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
