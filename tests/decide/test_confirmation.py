"""The policy's lexical confirmation checks: a supported claim must also share its numbers, names and
words of scope with the evidence it was checked against to stand in the model's words.

decide() is pure: each rule is checked on typed verdicts built by hand (decide_builders).
"""

from __future__ import annotations

from decide_builders import build_verification

from guard.actions import apply_action
from guard.decide import decide
from guard.facts.types import EvidenceUnit, FactLabel, UnitKind
from guard.policy import Action, Condition, ConfirmationSettings, Policy, ScopeCheck, load_policy
from guard.policy_wording import missing_actors, missing_scope_words, missing_terms

ONCE = "Your line manager may extend probation once, by up to 3 months."
HOTEL = "Hotel costs are limited to EUR 160 per night, or EUR 220 per night in capital cities."
DOSE = "Give the dose up to 4 times in 24 hours."


def unit(text: str, index: int = 0) -> EvidenceUnit:
    return EvidenceUnit(passage_id="p1", index=index, kind=UnitKind.sentence, text=text, start=0, end=len(text))


def verified(sentence: str, evidence: list[EvidenceUnit], facts: FactLabel = FactLabel.supported):
    """One supported claim the fact layer confirmed, checked against ``evidence``."""
    return build_verification(sentence, [(sentence, "supported", 0.95, {"evidence": evidence, "facts": facts})],
                              passage_ids=["p1"], citation_recall=1.0)


def policy(terms: bool = False, scope: ScopeCheck = ScopeCheck.off, actors: bool = False, **actions) -> Policy:
    checks = ConfirmationSettings(numbers_in_evidence=terms, names_in_evidence=terms, scope_words_in_evidence=scope,
                                  actors_in_evidence=actors)
    return Policy(name="checks", confirmation=checks, actions=actions)


def conditions(decision) -> list[Condition]:
    return [r.condition for r in decision.reasons]


# --- names and numbers ---------------------------------------------------------------------------


def test_a_name_the_evidence_lacks_makes_a_confirmed_claim_unconfirmed() -> None:
    v = verified("The hotel limit for Lyon is EUR 220 per night.", [unit(HOTEL)])
    assert missing_terms(v.claims[0]) == ["Lyon"]
    assert decide(v, None, policy()).action is Action.pass_  # the check is off by default
    decision = decide(v, None, policy(terms=True))
    assert conditions(decision) == [Condition.unconfirmed_claim] and decision.action is Action.annotate
    assert "'Lyon'" in decision.reasons[0].detail and decision.reasons[0].claim_index == 0


def test_a_number_the_evidence_lacks_is_missing_unless_the_fact_layer_derived_it() -> None:
    claim = "Contracts up to EUR 2.5 million are signed by the CFO."
    evidence = [unit("Above EUR 250,000 and up to EUR 2 million: the CFO.")]
    assert missing_terms(verified(claim, evidence).claims[0]) == ["2.5"]
    assert missing_terms(verified(claim, evidence).claims[0], numbers=False) == []
    assert missing_terms(verified("Contracts in Lyon up to EUR 2.5 million.", evidence).claims[0],
                         numbers=False) == ["Lyon"]
    derived = verified("You can give up to 40 ml a day.", [unit("Give 10 ml, up to 4 times a day.")],
                       facts=FactLabel.inferred)
    assert missing_terms(derived.claims[0]) == []  # "10 ml x 4" is the fact layer's own arithmetic


def test_terms_found_in_any_aligned_unit_or_the_mismatch_unit_pass() -> None:
    v = verified("Hotel costs in capital cities are EUR 220 per night.", [unit("Dose table."), unit(HOTEL, 1)])
    assert missing_terms(v.claims[0]) == []
    assert decide(v, None, policy(terms=True)).action is Action.pass_


def test_a_claim_with_no_aligned_unit_is_left_to_the_other_rules() -> None:
    v = verified("The hotel limit for Lyon is EUR 220.", [])
    assert missing_terms(v.claims[0]) == [] and missing_scope_words(v.claims[0]) == []
    assert decide(v, None, policy(terms=True, scope=ScopeCheck.all)).action is Action.pass_


# --- words of scope ------------------------------------------------------------------------------


def test_a_quantifier_the_evidence_does_not_use_is_found_at_both_levels() -> None:
    v = verified("Your line manager may extend probation as many times as needed, by up to 3 months each time.",
                 [unit(ONCE)])
    assert missing_scope_words(v.claims[0], ScopeCheck.quantifiers) == ["many", "each"]
    decision = decide(v, None, policy(scope=ScopeCheck.quantifiers))
    assert conditions(decision) == [Condition.unconfirmed_claim]
    assert "'many', 'each'" in decision.reasons[0].detail
    assert decide(v, None, policy(scope=ScopeCheck.off)).action is Action.pass_


def test_modals_and_a_leading_yes_are_checked_only_at_all() -> None:
    v = verified("Yes, you can give it up to 4 times in 24 hours.", [unit(DOSE)])
    assert missing_scope_words(v.claims[0], ScopeCheck.quantifiers) == []  # "can" is a paraphrase there
    assert missing_scope_words(v.claims[0], ScopeCheck.all) == ["yes", "can"]
    assert decide(v, None, policy(scope=ScopeCheck.quantifiers)).action is Action.pass_
    assert conditions(decide(v, None, policy(scope=ScopeCheck.all))) == [Condition.unconfirmed_claim]


def test_a_leading_no_is_a_verdict_but_a_denial_the_unit_shares_is_found() -> None:
    evidence = [unit("Working from abroad is never allowed during probation.")]
    assert missing_scope_words(verified("Working abroad is not allowed during probation.", evidence).claims[0],
                               ScopeCheck.all) == []
    polar = verified("No, working abroad is not allowed during probation.", evidence)
    assert missing_scope_words(polar.claims[0], ScopeCheck.all) == ["no"]


def test_a_claim_that_uses_the_units_own_scope_words_stands() -> None:
    v = verified("Your line manager may extend probation once.", [unit(ONCE)])
    assert decide(v, None, policy(terms=True, scope=ScopeCheck.all)).action is Action.pass_


def test_a_period_the_evidence_does_not_name_is_a_quantifier_change() -> None:
    allowance = [unit("Employees may claim a one-off home office allowance of EUR 450 through Ledgerly.")]
    monthly = verified("You can claim a home office allowance of EUR 450 per month [1].", allowance)
    assert missing_scope_words(monthly.claims[0], ScopeCheck.quantifiers) == ["per month"]
    assert missing_scope_words(monthly.claims[0], ScopeCheck.off) == []
    decision = decide(monthly, None, policy(scope=ScopeCheck.quantifiers))
    assert conditions(decision) == [Condition.unconfirmed_claim] and "'per month'" in decision.reasons[0].detail
    # The same period in another form is found: an adverb, a plural, "24 hours" for a day.
    for claim, evidence in [("Take it once a day.", "Take one tablet once daily."),
                            ("Laptops are replaced every 4 years.", "Laptops are replaced every 4 years."),
                            ("Take no more than 8 tablets a day.", "Do not take more than 8 tablets in 24 hours."),
                            ("Staff get 25 days of leave a year.", "Staff get 25 days of annual leave.")]:
        assert missing_scope_words(verified(claim, [unit(evidence)]).claims[0], ScopeCheck.quantifiers) == [], claim
    weekly = verified("Report it weekly.", [unit("Report it every month.")])
    assert missing_scope_words(weekly.claims[0], ScopeCheck.quantifiers) == ["weekly"]


# --- people and bodies given a role --------------------------------------------------------------

LEAVE = "Carrying over more than 5 days is allowed only with the approval of the HR Director."


def test_a_role_the_evidence_does_not_name_makes_a_confirmed_claim_unconfirmed() -> None:
    v = verified("Carrying over more than 5 days is allowed with the approval of your line manager.", [unit(LEAVE)])
    assert missing_actors(v.claims[0]) == ["line manager"]
    assert missing_terms(v.claims[0]) == []  # a common noun: the names check does not see it
    assert decide(v, None, policy()).action is Action.pass_  # off unless the policy asks
    decision = decide(v, None, policy(actors=True))
    assert conditions(decision) == [Condition.unconfirmed_claim] and decision.action is Action.annotate
    assert "'line manager'" in decision.reasons[0].detail
    named = verified("Carrying over more than 5 days needs the approval of the HR Director.", [unit(LEAVE)])
    assert missing_actors(named.claims[0]) == []
    assert decide(named, None, policy(actors=True)).action is Action.pass_


def test_an_acronym_names_its_expansion_and_the_other_way_round() -> None:
    expanded = [unit("Report any suspected breach to the Data Protection Officer within 24 hours.")]
    assert missing_actors(verified("Report the breach to the DPO.", expanded).claims[0]) == []
    short = [unit("Report any suspected breach to the DPO within 24 hours.")]
    assert missing_actors(verified("Report the breach to the Data Protection Officer.", short).claims[0]) == []
    assert missing_actors(verified("Report the breach to the Compliance Officer.", short).claims[0]) == [
        "Compliance Officer"]


def test_actors_are_looked_for_in_the_units_of_the_whole_answer() -> None:
    """A claim joining two sentences of the passage is often aligned with one; its neighbour's unit
    may hold the other. An actor no unit of the answer names is still missing."""
    desk = unit("Report lost or stolen equipment to the IT Service Desk within 24 hours.")
    police = unit("If the equipment was stolen, also report the theft to the police.", 1)
    first = "Report it to the IT Service Desk and report the theft to the police [1]."
    second = "Give the crime reference number to the police [1]."
    answer = f"{first} {second}"
    v = build_verification(answer, [(first, "supported", 0.95, {"evidence": [desk]}),
                                     (second, "supported", 0.95, {"evidence": [police]})],
                           passage_ids=["p1"], citation_recall=1.0)
    assert missing_actors(v.claims[0]) == ["police"]  # its own unit alone
    assert missing_actors(v.claims[0], [desk, police]) == []
    assert decide(v, None, policy(actors=True)).action is Action.pass_
    swapped = verified("If the device may hold personal data, the police will inform the DPO.",
                       [unit("If the device may hold personal data, the IT Service Desk will inform the DPO.")])
    assert missing_actors(swapped.claims[0]) == ["police"]
    assert conditions(decide(swapped, None, policy(actors=True))) == [Condition.unconfirmed_claim]


def test_subjects_and_places_are_not_roles() -> None:
    v = verified("Patients and employees can collect it from the clinic pharmacy.",
                 [unit("Your prescription can be collected from the pharmacy.")])
    assert missing_actors(v.claims[0]) == []


# --- one finding, and what the actions make of it ------------------------------------------------


def test_one_unconfirmed_finding_per_claim_and_earlier_rules_first() -> None:
    v = verified("For Lyon you may stay as many nights as needed.", [unit(HOTEL)])
    decision = decide(v, None, policy(terms=True, scope=ScopeCheck.all))
    assert conditions(decision) == [Condition.unconfirmed_claim]
    assert "'Lyon'" in decision.reasons[0].detail  # terms are reported before scope words
    doubted = build_verification(v.claims[0].claim.text, [(v.claims[0].claim.text, "supported", 0.6,
                                                            {"evidence": [unit(HOTEL)], "facts": FactLabel.abstain})])
    limits = {"min_unconfirmed_support": 0.7}
    strict = policy(terms=True, scope=ScopeCheck.all).model_copy(
        update={"thresholds": Policy(name="t", thresholds=limits).thresholds})
    reason, = decide(doubted, None, strict).reasons
    assert "rests on its wording alone" in reason.detail


def test_strict_profiles_quote_the_evidence_in_place_of_the_claim() -> None:
    medical = load_policy("medical")
    checks = medical.confirmation
    assert checks.numbers_in_evidence and checks.names_in_evidence and checks.scope_words_in_evidence is ScopeCheck.all
    medical = medical.model_copy(update={"thresholds": medical.thresholds.model_copy(
        update={"min_learned_support": None, "min_citation_recall": None, "min_citation_precision": None,
                "max_hallucination_probability": None, "min_hit_rate": None})})
    sentence = "Your line manager may extend probation as many times as needed [1]."
    v = verified(sentence, [unit(ONCE)])
    decision = decide(v, None, medical)
    assert decision.action is Action.quote and [q.claim_index for q in decision.quotes] == [0]
    shown = apply_action(decision, sentence, v, medical)
    assert "as many times" not in shown and ONCE in shown


def test_default_marks_a_changed_quantifier_and_leaves_a_paraphrased_modal_and_names() -> None:
    default = load_policy("default")
    checks = default.confirmation
    assert checks.scope_words_in_evidence is ScopeCheck.quantifiers and checks.actors_in_evidence
    assert not checks.names_in_evidence and not checks.numbers_in_evidence
    swapped = verified("Carrying over more than 5 days is allowed with the approval of your line manager.",
                       [unit(LEAVE)])
    assert conditions(decide(swapped, None, default)) == [Condition.unconfirmed_claim]
    changed = verified("Your line manager may extend probation every time.", [unit(ONCE)])
    assert conditions(decide(changed, None, default)) == [Condition.unconfirmed_claim]
    paraphrase = verified("You can give the dose up to 4 times in 24 hours.", [unit(DOSE)])
    assert decide(paraphrase, None, default).action is Action.pass_
    # The subject named once per passage: its unit does not repeat it, and default does not ask it to.
    subject = verified("The usual adult dose of Zelorin is 20 mg once a day.",
                       [unit("Adults: the usual dose is 20 mg (one tablet) once a day.")])
    assert missing_terms(subject.claims[0]) == ["Zelorin"]
    assert decide(subject, None, default).action is Action.pass_
