"""Evidence-first answering, round 8: the question's case against the unit's, over text written
here. A sentence that opens with its own case
("After a hip operation, ...") does not go on about the chosen one; "Adults over 75" and
"Senior (65 and over)" are age bands; a question naming whose fee it asks for is not ambiguous.
Each test failed before the change it covers (branch s8-answer)."""

from guard.answering import plan_from_passages
from guard.answering_values import _age_bounds, qualifier_fit
from retrievers.types import Passage

PRICES = Passage(
    id="prices", title="Hillside Pool: Prices > Memberships", source="pool.md",
    text=(
        "| Membership | Per month | Joining fee | Includes |\n|---|---|---|---|\n"
        "| Adult Peak | EUR 42 | EUR 20 | pool, gym, classes |\n"
        "| Adult Off-Peak | EUR 29 | EUR 20 | pool and gym before 16:00 |\n"
        "| Junior (under 16) | EUR 12 | none | pool |\n"
        "| Senior (65 and over) | EUR 22 | none | pool, gym, classes |\n"
    ),
)
LEAFLET = Passage(
    id="kestrel", title="Kestrel Leaflet: Dose", source="kestrel.md",
    text=(
        "**Adults:** take 10 mg once a day.\n\n**Adults over 75:** take 5 mg once a day.\n\n"
        "**Children under 12:** Kestrel is not recommended.\n\n"
        "After a hip operation, take 20 mg once a day for 5 days."
    ),
)


def test_a_following_sentence_with_a_case_of_its_own_is_not_quoted():
    """A 10-year-old: "not recommended" answers; the hip operation's 20 mg is another case."""
    plan = plan_from_passages("How much Kestrel should a 10-year-old take?", [LEAFLET])
    assert plan.answerable, plan.missing
    assert "not recommended" in plan.answer and "20 mg" not in plan.answer
    assert "20 mg" in plan_from_passages("What dose of Kestrel after a hip operation?", [LEAFLET]).answer


def test_a_group_over_a_bare_number_is_an_age_band():
    question = "What is the Kestrel dose for an 80-year-old?"
    assert qualifier_fit(question, "Adults over 75: take 5 mg once a day.").score > 0
    assert _age_bounds("Adults over 50 kg: take 10 mg.") == []  # a weight, no age
    plan = plan_from_passages(question, [LEAFLET])
    assert "5 mg" in plan.answer and "10 mg" not in plan.answer


def test_junior_and_senior_rows_are_age_bands():
    plan = plan_from_passages("What is the joining fee for under-16s?", [PRICES])
    assert plan.answerable, plan.missing  # it says whose fee: not "of what?"
    assert "Junior (under 16)" in plan.answer and "Senior" not in plan.answer
    assert "EUR 22" in plan_from_passages("How much is membership for a 70-year-old?", [PRICES]).answer


def test_a_question_naming_only_the_kind_of_value_is_still_ambiguous():
    plan = plan_from_passages("What's the dose?", [LEAFLET])
    assert not plan.answerable
    assert "does not say of what" in (plan.missing or "")


# --- a word the documents write as its value ------------------------------------------------------------

BOOKING = Passage(
    id="booking", title="Brook Surgery: Appointments > Booking", source="surgery.md",
    text="Appointments can be booked up to 4 weeks ahead. If you cannot attend, cancel at least 24 hours "
    "before, so that someone else can have the slot.",
)
INTERPRETERS = Passage(
    id="interpreters", title="Brook Surgery: Appointments > Interpreters", source="surgery.md",
    text="Free interpreters, including sign language interpreters, can be booked for any appointment.",
)
MEALS = Passage(
    id="meals", title="Hartwell Ltd: Expenses > Meals", source="expenses.md",
    text="- Breakfast: up to GBP 10 when you leave home before 06:00.\n- Lunch: up to GBP 15 on a travel day.",
)


def test_notice_pay_and_allowance_are_found_where_the_documents_write_the_value():
    """"how much notice" is "at least 24 hours before", "do I have to pay" is "Free", "the breakfast
    allowance" is "up to GBP 10": the word is missing, the answer is there."""
    notice = plan_from_passages("How much notice do I need to give to cancel?", [BOOKING, INTERPRETERS])
    assert notice.answerable and "24 hours" in notice.answer, notice.missing
    pay = plan_from_passages("Do I have to pay for an interpreter?", [BOOKING, INTERPRETERS])
    assert pay.answerable and "Free interpreters" in pay.answer, pay.missing
    allowance = plan_from_passages("What's the breakfast allowance?", [MEALS])
    assert allowance.answerable and "GBP 10" in allowance.answer, allowance.missing


def test_a_value_written_is_no_focus_so_another_topics_amount_does_not_answer():
    """The word stays absent from every unit: an amount about something else is no allowance of the
    asked topic ("the taxi allowance" is not the lunch limit)."""
    plan = plan_from_passages("What is the taxi allowance?", [MEALS])
    assert not plan.answerable
    assert "taxi" in (plan.missing or "")
