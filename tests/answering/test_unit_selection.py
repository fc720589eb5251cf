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


def test_words_of_the_askers_case_missing_from_the_documents_do_not_refuse_the_question():
    from guard.answering import situation_terms

    assert situation_terms("My daughter is 11. What dose of the Febrilon suspension should she have?") == {"daughter"}
    assert {"feel", "warm"} <= situation_terms("Can I give it to my 6-week-old baby who feels warm?")
    assert situation_terms("Is there a policy that covers pet insurance?") == set()  # the thing asked about
    plan = _plan(
        "Can I give Febrilon Children's Suspension to my 6-week-old baby who feels warm?",
        "Febrilon Children's Suspension",
        ["Do not give Febrilon Children's Suspension to babies under 3 months unless a doctor advises it.",
         "Store below 25°C."],
    )
    assert plan.answerable and "under 3 months" in plan.answer
    refused = _plan("Does Altamira offer pet insurance?", "Altamira benefits",
                    ["Altamira offers travel insurance for business trips."])
    assert not refused.answerable and "'pet'" in (refused.missing or "")


def test_how_many_reads_the_counted_noun_past_names_and_units_and_a_unit_word_asks_for_a_measure():
    assert asked_value("How many Febrilon 500 mg tablets can I take?", "quantity").dims == {"count:tablet"}
    assert asked_value("How many ml of the suspension for a 7-year-old?", "quantity").dims == {"volume"}
    assert asked_value("How many doses of Zostrel are given?", "quantity").dims == {"count:dose"}


def test_an_age_stated_as_a_sentence_and_a_body_weight_in_kg_pick_their_row():
    assert qualifier_fit("My daughter is 11. What dose should she have?", "Age: 10 to 12 years | Dose: 25 ml").score > 0
    assert qualifier_fit("My daughter is 11. What dose should she have?", "Age: 6 to 8 years | Dose: 15 ml").misfit
    heavy = qualifier_fit("What is the dose for a child of 45 kg?", "Children weighing less than 40 kg: 25 mg per kg a day.")
    assert heavy.misfit
    assert qualifier_fit("What is the dose for a child of 45 kg?", "Adults and children weighing 40 kg or more: 500 mg.").score > 0


def test_a_list_item_is_read_with_its_lead_in_and_the_whole_list_is_quoted():
    texts = ["At 8 weeks:", "Hexavan, dose 1", "Rotagard, dose 1", "At 12 weeks:", "Hexavan, dose 2",
             "Pneumora (pneumococcal vaccine), dose 1", "Rotagard, dose 2", "At 16 weeks:", "Hexavan, dose 3"]
    passage = Passage(id="p", text="\n".join(texts), title="Vaccination schedule: babies and children")
    units = [
        EvidenceUnit(passage_id="p", index=i, kind=UnitKind.heading if t.endswith(":") else UnitKind.list_item,
                     text=t, start=0, end=len(t))
        for i, t in enumerate(texts)
    ]
    plan = plan_answer("Which vaccines does a baby get at 12 weeks?", [passage], units, similarities=[0.5] * len(units))
    assert plan.answerable
    assert "Hexavan, dose 2" in plan.answer and "Pneumora" in plan.answer and "Rotagard, dose 2" in plan.answer
    assert "dose 1. " not in plan.answer.replace("Pneumora (pneumococcal vaccine), dose 1.", "")


def test_a_question_that_names_only_the_kind_of_value_is_refused_as_ambiguous():
    plan = _plan("What's the dose?", "Febrilon 500 mg tablets", ["Adults: take 1 or 2 tablets (500 mg) every 4 hours."])
    assert not plan.answerable and "does not say of what" in (plan.missing or "")


def test_the_words_stating_the_questions_value_are_not_its_topic():
    plan = _plan(
        "Who must sign a customer contract worth EUR 500,000?", "Contract templates and signing authority",
        ["Use the MSA-2024 template for customers buying transport services.",
         "Gifts worth more than EUR 50 must be politely declined.",
         "Up to EUR 250,000: the head of the department concerned.",
         "Above EUR 250,000 and up to EUR 2 million: the CFO.",
         "Above EUR 2 million: the CEO and the CFO jointly."],
    )
    assert plan.answerable and "the CFO." in plan.answer and "Gifts" not in plan.answer and "jointly" not in plan.answer


def test_a_passage_that_names_none_of_the_questions_products_does_not_answer_it():
    febrilon = Passage(id="f", text="Adults: do not take more than 8 tablets in 24 hours.", title="Febrilon 500 mg Tablets")
    dolvanex = Passage(id="d", text="Adults: take one or two tablets every 8 hours, at most 6 tablets in 24 hours.",
                       title="Dolvanex 200 mg")
    units = [EvidenceUnit(passage_id=p.id, index=0, kind=UnitKind.sentence, text=p.text, start=0, end=len(p.text))
             for p in (dolvanex, febrilon)]
    plan = plan_answer("How many Febrilon tablets can an adult take in 24 hours?", [dolvanex, febrilon], units,
                       similarities=[0.9, 0.4])
    assert plan.answerable and "8 tablets" in plan.answer and "6 tablets" not in plan.answer


def test_list_items_are_quoted_under_their_lead_in_one_per_line():
    texts = ["At 12 weeks:", "Hexavan, dose 2", "Rotagard, dose 2", "At 16 weeks:", "Hexavan, dose 3"]
    passage = Passage(id="p", text="\n".join(texts), title="Vaccination schedule: what is due when")
    units = [
        EvidenceUnit(passage_id="p", index=i, kind=UnitKind.heading if t.endswith(":") else UnitKind.list_item,
                     text=t, start=0, end=len(t))
        for i, t in enumerate(texts)
    ]
    plan = plan_answer("Which vaccines are due at 12 weeks?", [passage], units, similarities=[0.5] * len(units))
    assert plan.answer == "At 12 weeks: [1]\n- Hexavan, dose 2 [1]\n- Rotagard, dose 2 [1]"


def test_a_value_stated_for_the_case_without_the_questions_term_is_another_case():
    plan = _plan("How many tablets are in a prescription pack of Febrilon 500 mg?", "Febrilon 500 mg tablets",
                 ["Packs sold without a prescription contain 16 tablets.", "Store below 25°C."])
    assert not plan.answerable
