"""Evidence-first answering causes fixed in general (issue 17, dev failures bucketed by cause):
terms worded another way, question types read from what is asked, the retrieval reserve, names
bound to units, short sections and two-sentence answers. Hand-built units with equal
similarities, so the evidence-side logic decides; the phrase matcher uses the real spaCy
pipeline and embedder."""

import pytest

from guard.answering import QuestionType, classify_question, plan_answer
from guard.answering_values import asked_value, holds_value, qualifier_fit
from guard.facts.types import EvidenceUnit, UnitKind
from retrievers.types import Passage


def _passage(pid: str, title: str, texts: list[str]) -> Passage:
    return Passage(id=pid, text=" ".join(texts), title=title)


def _units(passage: Passage, texts: list[str], kind: UnitKind = UnitKind.sentence) -> list[EvidenceUnit]:
    return [
        EvidenceUnit(passage_id=passage.id, index=i, kind=kind, text=t, start=0, end=len(t))
        for i, t in enumerate(texts)
    ]


def _plan(question: str, title: str, texts: list[str], **kwargs):
    passage = _passage("p", title, texts)
    units = _units(passage, texts)
    return plan_answer(question, [passage], units, similarities=[0.5] * len(units), **kwargs)


# --- terms the documents word their own way ---------------------------------------------------------


@pytest.fixture(scope="module")
def embedder():
    from retrievers.embedder import get_embedder

    return get_embedder()


def test_a_term_worded_another_way_is_found_by_lemma_or_close_phrase(embedder):
    from guard.answering_terms import worded_otherwise

    reviews = _passage("r", "Probation", ["Your line manager holds probation reviews at the end of month 3."])
    holidays = _passage("h", "Repeat prescriptions", ["Around public holidays, order at least 10 days before you run out."])
    found = worded_otherwise("When are probation reviews held?", ["held"], [reviews], embedder)
    assert found == {"held": {"r"}}
    found = worded_otherwise("Around bank holidays, how early should I order?", ["bank"], [holidays], embedder)
    assert found == {"bank": {"h"}}


def test_another_thing_of_the_same_kind_is_not_the_asked_one_in_other_words(embedder):
    from guard.answering_terms import worded_otherwise

    travel = _passage("t", "Business travel", ["All business trips are covered by the company's travel insurance."])
    assert worded_otherwise("Does Altamira offer pet insurance?", ["pet"], [travel], embedder) == {}
    abroad = _passage("a", "Business travel", ["For travel abroad, a daily rate covers meals in each country."])
    # a name is never matched in other words: Spain is not "a country"
    assert worded_otherwise("What is the daily rate for a trip to Spain?", ["spain"], [abroad], embedder) == {}


def test_a_worded_term_no_longer_refuses_and_an_unworded_one_still_does():
    texts = ["Your line manager holds formal probation reviews with you at the end of month 3 and month 5."]
    # a noun naming the topic ("interviews") in no passage refuses; worded otherwise ("reviews"), it does not
    refused = _plan("When are probation interviews held?", "Probation", texts)
    assert not refused.answerable and "'interview'" in (refused.missing or "")
    plan = _plan("When are probation interviews held?", "Probation", texts, worded={"interview": {"p"}})
    assert plan.answerable and "month 3" in plan.answer
    # the verb of a wh-question ("held" / "holds") relates the topic to the answer: missing, it does not refuse
    assert _plan("When are probation reviews held?", "Probation", texts).answerable


def test_a_person_noun_is_the_askers_case_not_a_missing_topic():
    from guard.answering import situation_terms

    assert "people" in situation_terms("How often do people on Glucotane need a blood test?")
    assert "partner" in situation_terms("Can my partner use my work laptop?")


# --- question types read from what is asked ---------------------------------------------------------


def test_how_early_asks_a_time_before_and_the_unit_that_says_before_answers():
    assert classify_question("How early should I book a flight for a work trip?") is QuestionType.duration
    plan = _plan(
        "How early should I book a flight for a work trip?", "Booking a work trip",
        ["Your prescription can usually be collected 2 working days after you order.",
         "Book flights at least 14 days before departure whenever possible."],
    )
    assert plan.answerable and "14 days before departure" in plan.answer and "collected" not in plan.answer


def test_a_phone_number_is_asked_for_and_a_phone_channel_is_none():
    assert classify_question("What is the phone number of the ClearVoice line?") is QuestionType.quantity
    asked = asked_value("What is the phone number of the ClearVoice line?", "quantity")
    assert asked is not None and asked.phone
    assert holds_value(asked, "Call Northbrook Nightline on 01632 960 777.", "")
    assert not holds_value(asked, "The ClearVoice line is available 24 hours a day, 7 days a week, by phone.", "")
    plan = _plan("What is the phone number of the ClearVoice line?", "Whistleblowing",
                 ["The ClearVoice line is run by an independent provider, available 24 hours a day, by phone."])
    assert not plan.answerable and "phone number" in (plan.missing or "")


def test_a_name_is_a_persons_not_a_bodys_and_what_is_the_name_of_asks_for_one():
    assert classify_question("What is the name of the nurse in charge of Willow Ward?") is QuestionType.person
    who = asked_value("Who is Altamira's Compliance Officer?", "person")
    assert who is not None and who.name
    assert not holds_value(who, "The Compliance Officer, or the Audit Committee, decides how to investigate.",
                           "Who is Altamira's Compliance Officer?")
    assert holds_value(who, "Altamira's Data Protection Officer (DPO) is Marta Quinlan.",
                       "Who is Altamira's Data Protection Officer?")
    wifi = asked_value("What is the name of the guest Wi-Fi network?", "person")
    assert holds_value(wifi, "Connect to the network called NCC-Guest.", "What is the name of the guest Wi-Fi network?")


def test_a_temperature_question_wants_a_temperature():
    asked = asked_value("Below what temperature should most tablets be stored?", "quantity")
    assert asked is not None
    assert holds_value(asked, "Most tablets should be kept below 25°C.", "")
    assert not holds_value(asked, "Febrilon 500 mg tablets lower a high temperature.", "")


def test_each_or_every_is_a_frequency_only_with_a_period():
    asked = asked_value("How many times a day can I give the suspension?", "frequency")
    assert not holds_value(asked, "Each 5 ml contains 120 mg of febrilonol.", "")
    assert holds_value(asked, "Give the dose up to 4 times in 24 hours.", "")
    assert holds_value(asked, "Patients have a blood test every 6 months.", "")


# --- qualifiers ---------------------------------------------------------------------------------------


def test_a_child_of_n_is_an_age_and_an_age_rules_out_the_adult_row():
    assert qualifier_fit("How much suspension should a child of 9 have?", "Age: 8 to 10 years | Dose: 20 ml").score > 0
    assert qualifier_fit("How much suspension should a child of 9 have?", "Age: 4 to 6 years | Dose: 10 ml").misfit
    assert qualifier_fit("What dose of Glucotane should a 12-year-old take?", "Adults: start with 500 mg once a day.").misfit


def test_a_group_word_inside_a_product_name_is_no_qualifier():
    fit = qualifier_fit("How much Febrilon Children's Suspension can a 5 year old have?",
                        "Children under 12: do not give Febrilon 500 mg tablets.")
    row = qualifier_fit("How much Febrilon Children's Suspension can a 5 year old have?", "Age: 4 to 6 years | Dose: 10 ml")
    assert row.score > fit.score  # the closed band beats an open bound, whatever group words the name holds


def test_the_askers_own_case_without_a_value_beats_another_cases_value():
    plan = _plan(
        "What dose of Glucotane should a 12-year-old take?", "Glucotane: how to take it",
        ["Adults: start with 500 mg (one tablet) once a day with your evening meal.",
         "Children aged 10 to 17 may take it only when prescribed by the paediatric diabetes team, who will set the dose."],
    )
    assert plan.answerable and "paediatric diabetes team" in plan.answer and "500 mg" not in plan.answer


# --- names, the reserve, sections and two-sentence answers ------------------------------------------


def test_a_unit_under_another_products_title_does_not_answer_for_the_named_one():
    dolvanex = _passage("d", "Dolvanex 200 mg: do not take Dolvanex if you",
                        ["take Nexaprin or another blood thinner;", "are in the last 3 months of pregnancy."])
    units = _units(dolvanex, ["take Nexaprin or another blood thinner;", "are in the last 3 months of pregnancy."],
                   UnitKind.list_item)
    plan = plan_answer("Is Nexaprin safe to take during pregnancy?", [dolvanex], units, similarities=[0.5, 0.5],
                       worded={"safe": {"d"}})
    assert not plan.answerable


def test_a_reserve_unit_answers_is_scored_lower_and_absence_is_judged_on_the_given_passages():
    given = _passage("g", "Febrilon Children's Suspension", ["Each 5 ml contains 120 mg of febrilonol."])
    table = _passage("t", "Febrilon Children's Suspension > Dose by age", ["Age: 4 to 6 years | Dose: 10 ml"])
    units = [*_units(given, ["Each 5 ml contains 120 mg of febrilonol."]),
             *_units(table, ["Age: 4 to 6 years | Dose: 10 ml"], UnitKind.table_row)]
    plan = plan_answer("How much Febrilon Children's Suspension can a 5 year old have?", [given, table], units,
                       similarities=[0.5, 0.5], given=1)
    assert plan.answerable and "10 ml" in plan.answer and plan.answer.endswith("[2]")
    pets = _passage("x", "Benefits", ["Pet insurance is not offered."])
    travel = _passage("y", "Business travel", ["Business trips are covered by travel insurance."])
    units = [*_units(travel, ["Business trips are covered by travel insurance."]),
             *_units(pets, ["Pet insurance is not offered."])]
    refused = plan_answer("Does Altamira offer pet insurance?", [travel, pets], units, similarities=[0.5, 0.5], given=1)
    assert not refused.answerable  # "pet" only in the reserve: not mentioned by what retrieval gave


def test_a_reserve_passage_the_answer_quotes_is_cited_right_after_the_given_ones():
    from guard.answering import AnswerPlan, ScoredUnit, _cited_after

    given = [_passage("a", "A", ["x"]), _passage("b", "B", ["y"])]
    reserve = [_passage("c", "C", ["z"]), _passage("d", "D", ["w"])]
    unit = _units(reserve[1], ["Age: 4 to 6 years | Dose: 10 ml"], UnitKind.table_row)[0]
    plan = AnswerPlan(question_type=QuestionType.quantity, key_terms=[], answerable=True,
                      units=[ScoredUnit(unit=unit, citation=4, score=1.0, covered=1.0, has_type=True)])
    cited = _cited_after(plan, given, [*given, *reserve])
    assert [p.id for p in cited.added] == ["d"]
    assert cited.units[0].citation == 3 and cited.answer.endswith("[3]")


def test_a_short_section_answers_an_open_question_whole():
    texts = ["Take it as soon as you remember on the same day, then continue twice a day as usual.",
             "Do not take a double dose to make up for a missed one."]
    passage = _passage("m", "Nexaprin 5 mg > If you miss a dose", texts)
    units = _units(passage, texts)
    plan = plan_answer("I missed a dose of Nexaprin this morning. What should I do?", [passage], units[1:],
                       similarities=[0.6], all_units=units)
    assert plan.answerable and "same day" in plan.answer and "double dose" in plan.answer


def test_a_sentence_naming_the_topic_pairs_with_the_next_that_gives_its_value():
    plan = _plan(
        "How long do I have to use time off in lieu?", "Overtime",
        ["Instead of payment, you may choose time off in lieu (TOIL), calculated at the same rate.",
         "TOIL must be taken within 3 months of the overtime being worked, or it is lost."],
    )
    assert plan.answerable and "3 months" in plan.answer and "(TOIL)" in plan.answer


def test_a_neighbouring_sentence_on_the_same_amount_is_quoted_with_the_answer():
    plan = _plan(
        "What is the maximum daily dose of Zelorin?", "Zelorin 20 mg tablets: how to take Zelorin",
        ["After at least 4 weeks, your doctor may increase the dose to 40 mg once a day.",
         "The 40 mg dose must only be taken under medical supervision.",
         "Never take more than 40 mg in one day.",
         "Swallow the tablet whole with water."],
    )
    assert plan.answerable and "Never take more than 40 mg" in plan.answer
    assert "medical supervision" in plan.answer and "increase the dose" not in plan.answer


def test_a_period_read_as_a_rate_answers_a_how_many_hours_question():
    asked = asked_value("How many hours apart should Pravacillin doses be?", "duration")
    assert holds_value(asked, "Space the doses evenly through the day, about 8 hours apart.", "")
    assert not holds_value(asked, "Take 500 mg three times a day.", "")


def test_a_hyphenated_term_is_found_by_its_parts_less_stop_words():
    from guard.answering_scoring import has_term

    assert has_term("cycle-to-work", {"cycle", "work", "scheme"})
    assert not has_term("cycle-to-work", {"work", "scheme"})
