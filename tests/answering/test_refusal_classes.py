"""Evidence-first answering, round 7: answerability from the units' slots. A word naming the kind of
value ("rate", "date") is written as a value; one common term worded otherwise does not leave the
passage holding the rare one; a list item lacking the subject a sibling item opens with is another
case; a short word is found with a plural or a noun-making suffix."""

from guard.answering import plan_from_passages
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
    assert not has_term("car", {"care"}) and not has_term("car", {"carer"})
    assert not has_term("pay", {"paypal"})


def test_invoices_payable_within_a_period_answer_when_customers_must_pay():
    terms = Passage(
        id="msa", title="Master Services Agreement > Key terms for customers", source="msa.md",
        text="**Payment terms:** invoices are payable within 30 days of the invoice date.",
    )
    sick = Passage(id="sick", title="Sick pay", source="sick.md", text="Altamira pays full pay for 10 days.")
    plan = plan_from_passages("Within how many days must customers pay our invoices?", [sick, terms])
    assert plan.answerable, plan.missing
    assert "30 days" in plan.answer
