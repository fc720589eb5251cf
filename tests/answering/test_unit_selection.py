"""Unit selection by the asked value, the question's qualifier and its focus term (hand-built units,
equal similarities, so only the evidence-side logic decides)."""

from guard.answering import QuestionType, classify_question, plan_answer
from guard.answering_values import asked_value, holds_value, qualifier_fit
from guard.facts.types import EvidenceUnit, UnitKind
from retrievers.types import Passage


def _plan(question: str, title: str, texts: list[str], kind: UnitKind = UnitKind.sentence):
    passage = Passage(id="p", text="\n".join(texts), title=title)
    units = [
        EvidenceUnit(passage_id="p", index=i, kind=kind, text=t, start=0, end=len(t)) for i, t in enumerate(texts)
    ]
    return plan_answer(question, [passage], units, similarities=[0.5] * len(units))


def test_question_types_for_hours_and_advance_notice():
    assert classify_question("What are the visiting hours on Willow Ward?") is QuestionType.time
    assert classify_question("How far in advance should I order?") is QuestionType.duration
    assert classify_question("What is the usual adult dose of Zelorin?") is QuestionType.quantity


def test_a_count_of_doses_is_not_answered_by_an_age():
    asked = asked_value("How many doses of the Zostrel vaccine are given?", "quantity")
    assert not holds_value(asked, "Zostrel (shingles vaccine): offered at age 70.", "How many doses ...?")
    assert holds_value(asked, "Zostrel is given as 2 doses, 2 months apart.", "How many doses ...?")
    plan = _plan("How many doses of the Zostrel shingles vaccine are given?", "Vaccination schedule",
                 ["Zostrel (shingles vaccine): offered at age 70.", "Ask the nurse about each dose; vaccines are given at the baby clinic."])
    assert not plan.answerable and "number of doses" in (plan.missing or "")


def test_units_about_another_kind_of_leave_do_not_answer_a_compassionate_leave_question():
    plan = _plan(
        "How many days of compassionate leave does Altamira give?", "Altamira: Annual leave policy",
        ["Compassionate leave and leave for jury service are covered by separate policies.",
         "For leave of more than 3 consecutive working days, submit your request at least 2 weeks in advance.",
         "Full-time employees are entitled to 25 working days of paid annual leave."],
    )
    assert not plan.answerable
    assert "'compassionate'" in (plan.missing or "")


def test_the_row_for_the_age_is_chosen_with_the_sentence_that_goes_on_about_it():
    plan = _plan(
        "How much Febrilon 500 mg can a 13-year-old take?", "Febrilon 500 mg tablets",
        ["Adults and young people aged 16 and over: take 1 or 2 tablets every 4 to 6 hours as needed.",
         "Do not take more than 8 tablets (4,000 mg) in 24 hours.",
         "Young people aged 12 to 15: take 1 tablet every 4 to 6 hours as needed.",
         "Do not take more than 4 tablets in 24 hours.",
         "Children under 12: do not give Febrilon 500 mg tablets."],
    )
    assert plan.answerable
    assert "aged 12 to 15" in plan.answer and "4 tablets" in plan.answer
    assert "8 tablets" not in plan.answer and "16 and over" not in plan.answer


def test_a_narrower_case_is_not_the_answer_to_the_general_question():
    fit = qualifier_fit("What is the maximum number of tablets an adult can take in 24 hours?",
                        "Adults weighing less than 50 kg: take no more than 6 tablets (3,000 mg) in 24 hours.")
    assert fit.score < 0 and not fit.misfit  # lowers the unit, does not exclude it
    plan = _plan(
        "What is the maximum number of Febrilon tablets an adult can take in 24 hours?", "Febrilon 500 mg tablets",
        ["Adults weighing less than 50 kg: take no more than 6 tablets (3,000 mg) in 24 hours.",
         "Do not take more than 8 tablets (4,000 mg) in 24 hours."],
    )
    assert plan.answerable and "8 tablets" in plan.answer and "6 tablets" not in plan.answer


def test_an_amount_picks_its_signing_band():
    plan = _plan(
        "Who must sign a customer contract worth EUR 500,000?", "Signing customer contracts by their worth",
        ["Up to EUR 250,000: the head of the department concerned.",
         "Above EUR 250,000 and up to EUR 2 million: the CFO.",
         "Above EUR 2 million: the CEO and the CFO jointly."],
        kind=UnitKind.list_item,
    )
    assert plan.answerable and "the CFO." in plan.answer and "head of the department" not in plan.answer
    assert "CEO" not in plan.answer


def test_who_is_a_role_asks_for_a_name_the_documents_do_not_give():
    plan = _plan("Who is the CFO of Altamira Logistics?", "Altamira Logistics: contract signing authority",
                 ["Above EUR 250,000 and up to EUR 2 million: the CFO.",
                  "Above EUR 2 million: the CEO and the CFO jointly."])
    assert not plan.answerable and "no name" in (plan.missing or "")
