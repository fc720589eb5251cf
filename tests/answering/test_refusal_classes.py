"""Evidence-first answering, round 7: answerability from the units' slots. A word naming the kind of
value ("rate") is written as a value, an activity ("while breastfeeding") the documents never
mention is a refusal, and a grade code ("grade M2") picks the band of its scale."""

from guard.answering import plan_from_passages
from guard.answering_values import qualifier_fit
from retrievers.types import Passage

# --- a word naming the kind of value -------------------------------------------------------------------

HEART = Passage(
    id="heart", title="Lanthor 10 mg > Side effects", source="lanthor.md",
    text="Lanthor can slow your heart. Call the surgery if your pulse is below 55 beats per minute "
    "or you feel faint.",
)


def test_a_rate_is_found_where_the_documents_write_a_value_per_something():
    """"pulse rate" is "your pulse is below 55 beats per minute": no passage says "rate"."""
    plan = plan_from_passages("Below what pulse rate should I call the surgery when I take Lanthor?", [HEART])
    assert plan.answerable, plan.missing
    assert "55 beats" in plan.answer


def test_a_rise_is_no_kind_of_value_so_a_pay_rise_stays_absent():
    pay = Passage(
        id="pay", title="Pay > Salary reviews", source="pay.md",
        text="Salaries are reviewed once a year, in April. "
        "You are paid on the last working day of each month.",
    )
    plan = plan_from_passages("How much is the pay rise after the April review?", [pay])
    assert not plan.answerable
    assert "rise" in (plan.missing or "")


# --- an activity the question names --------------------------------------------------------------------

LEAFLET = Passage(
    id="leaflet", title="Corvane 200 mg > Do not take Corvane if you", source="corvane.md",
    text="- have ever had a stomach ulcer;\n- take a blood thinner;\n"
    "- are in the last 3 months of pregnancy.",
)


def test_an_activity_no_passage_mentions_is_refused_not_answered_from_the_product_alone():
    plan = plan_from_passages("Can I take Corvane while breastfeeding?", [LEAFLET])
    assert not plan.answerable
    assert "breastfeeding" in (plan.missing or "")


def test_an_activity_the_passage_names_in_another_form_answers():
    feeding = Passage(
        id="feed", title="Corvane 200 mg > Pregnancy", source="corvane.md",
        text="If you breastfeed, ask your pharmacist before taking Corvane.",
    )
    plan = plan_from_passages("Can I take Corvane while breastfeeding?", [LEAFLET, feeding])
    assert plan.answerable, plan.missing  # the stem is there: the activity is not missing


def test_an_activity_in_the_askers_own_statement_is_their_case_not_the_topic():
    missed = Passage(
        id="missed", title="Corvane 200 mg > If you miss a dose", source="corvane.md",
        text="If you forget a dose of Corvane, take it as soon as you remember on the same day.",
    )
    plan = plan_from_passages("I was swimming when my dose of Corvane was due. What should I do?", [missed])
    assert plan.answerable, plan.missing


# --- a grade code in a band of its scale ---------------------------------------------------------------

NOTICE = Passage(
    id="notice", title="Notice periods > Notice you must give", source="notice.md",
    text="If you resign, you must give notice in writing:\n\n- staff in grades S1 to S5: 1 month;\n"
    "- managers in grades M1 to M4: 3 months;\n- directors: 6 months.",
)
PROBATION = Passage(
    id="probation", title="Probation > If probation is not passed", source="probation.md",
    text="If your employment is ended during probation, you will receive 1 week's notice.",
)


def test_a_grade_code_fits_the_band_of_its_scale_and_misfits_another_scale():
    question = "I am in grade M2. How much notice do I give?"
    assert qualifier_fit(question, "managers in grades M1 to M4: 3 months;").score > 0
    assert qualifier_fit(question, "staff in grades S1 to S5: 1 month;").misfit
    assert qualifier_fit(question, "staff in grades M5 and above: 6 months;").misfit
    open_band = "Staff in grades M5 and above are not paid."
    assert qualifier_fit("I am in grade M6. Am I paid?", open_band).score > 0
    assert qualifier_fit(question, "directors: 6 months.").score == 0  # no code: says nothing


def test_the_band_holding_the_askers_grade_answers_the_notice_question():
    plan = plan_from_passages(
        "I'm a manager in grade M2. How much notice do I need to give if I quit?", [PROBATION, NOTICE]
    )
    assert plan.answerable, plan.missing
    assert "3 months" in plan.answer and "1 week" not in plan.answer


# --- a verb put another way on the same object ---------------------------------------------------------

REFERENCES = Passage(
    id="refs", title="Leaving > References", source="leaving.md",
    text="The People Team provides factual references only. Managers must not give personal references "
    "on behalf of the company.",
)


def test_a_verb_the_passage_puts_another_way_on_the_same_object_is_worded_otherwise():
    plan = plan_from_passages("Can my manager write me a personal reference?", [REFERENCES])
    assert plan.answerable, plan.missing
    assert "must not give personal references" in plan.answer


def test_a_verb_with_no_close_act_on_its_object_stays_missing():
    tests = Passage(
        id="bloods", title="Clinic > Blood tests", source="clinic.md",
        text="You can have a blood test at the clinic on weekday mornings. Results take 5 working days.",
    )
    plan = plan_from_passages("Do I need to fast before a blood test?", [tests])
    assert not plan.answerable
    assert "fast" in (plan.missing or "")


# --- coverage: one common term worded otherwise ---------------------------------------------------------

LOST = Passage(
    id="lost", title="Company Equipment Policy > Lost or stolen equipment", source="equipment.md",
    text="Report lost or stolen equipment to the IT Service Desk within 24 hours.",
)
PHONES = Passage(
    id="phones", title="Company Equipment Policy > Phones", source="equipment.md",
    text="Company phones are issued to drivers. A phone stays company property.",
)


def test_a_passage_lacking_only_the_common_term_of_two_still_answers():
    """"my phone" is "equipment" in the passage that gives the time: the rare term ("stolen") is there."""
    plan = plan_from_passages("How quickly do I need to tell IT that my phone was stolen?", [LOST, PHONES])
    assert plan.answerable, plan.missing
    assert "24 hours" in plan.answer


def test_a_passage_lacking_two_terms_of_three_does_not_answer():
    records = Passage(
        id="records", title="Whistleblowing > Records", source="whistle.md",
        text="Records of whistleblowing reports are kept for 5 years after the case is closed.",
    )
    clinic = Passage(
        id="clinic", title="Clinic > About", source="clinic.md", text="Clinic patients can book online."
    )
    plan = plan_from_passages("How long does the clinic keep patient records?", [records, clinic])
    assert not plan.answerable


# --- a list item about its own subject -----------------------------------------------------------------

KIT = Passage(
    id="kit", title="Company Equipment Policy > Equipment we provide", source="equipment.md",
    text="Equipment we provide:\n\n"
    "- Every office employee receives a laptop. Laptops are replaced every 4 years.\n"
    "- Safety boots are provided free of charge and replaced when worn.",
)


def test_an_item_lacking_the_subject_a_sibling_item_opens_with_answers_for_that_sibling_not_the_question():
    plan = plan_from_passages("How much does it cost to replace a lost laptop?", [KIT])
    assert not plan.answerable  # "free of charge" is the boots' cost, not a laptop's


def test_the_item_about_the_subject_still_answers():
    plan = plan_from_passages("How often are laptops replaced?", [KIT])
    assert plan.answerable, plan.missing
    assert "4 years" in plan.answer


# --- a word naming the kind of value: a date ------------------------------------------------------------


def test_by_what_date_is_answered_by_the_item_of_the_asked_group():
    flu = Passage(
        id="flu", title="Flu season > How to get your vaccine", source="flu.md",
        text="You can get your flu vaccine in three ways:\n\n"
        "- **Walk-in clinics:** every Saturday in October.\n"
        "- **Booked appointments:** on weekdays, by calling reception.\n"
        "- **Housebound patients:** a nurse will visit you at home; call reception before 30 September 2025.",
    )
    plan = plan_from_passages("By what date must housebound patients ask for a home flu vaccination?", [flu])
    assert plan.answerable, plan.missing
    assert "30 September" in plan.answer


# --- a short word with a suffix -------------------------------------------------------------------------


def test_a_short_term_is_found_with_a_plural_or_noun_making_suffix_but_not_any_longer_word():
    from guard.answering_scoring import has_term

    assert has_term("pay", {"payable"}) and has_term("pay", {"payment"}) and has_term("car", {"cars"})
    assert not has_term("car", {"care"}) and not has_term("car", {"carer"}) and not has_term("pay", {"paypal"})


def test_invoices_payable_within_a_period_answer_when_customers_must_pay():
    terms = Passage(
        id="msa", title="Master Services Agreement > Key terms for customers", source="msa.md",
        text="**Payment terms:** invoices are payable within 30 days of the invoice date.",
    )
    sick = Passage(id="sick", title="Sick pay", source="sick.md", text="Altamira pays full pay for 10 days.")
    plan = plan_from_passages("Within how many days must customers pay our invoices?", [sick, terms])
    assert plan.answerable, plan.missing
    assert "30 days" in plan.answer
