"""Evidence-first answering, round 9: the focus term in the question's sense, over text written here.

"How many days of holiday can I carry over?": the documents say "annual leave" and write "holiday"
only in "public holiday" (payroll dates, overtime rates). Rarity made "holiday" the focus, and units
without it were dropped, so a payroll sentence answered. Each test failed before its change
(branch s9-answer) unless it says it guards a behaviour that must stay."""

from guard.answering import plan_from_passages
from guard.answering_question import key_terms
from guard.answering_scoring import SensedUnit, _compound_only, focus_term
from guard.answering_terms import predicate_terms
from guard.facts.types import EvidenceUnit, UnitKind
from retrievers.types import Passage

LEAVE = Passage(
    id="leave", title="Annual Leave Policy > Carrying over leave", source="leave.md",
    text=(
        "You may carry over up to 5 days of unused annual leave into the next leave year. "
        "Carried-over days must be used by 31 March, or they are lost. "
        "Carrying over more than 5 days needs the approval of the HR Director."
    ),
)
TRAVEL = Passage(
    id="travel", title="Medicines > Travelling with medicines", source="medicines.md",
    text="Carry your medicines in your hand luggage. Take enough for your whole trip plus a few extra days.",
)
ENTITLEMENT = Passage(
    id="entitlement", title="Annual Leave Policy > Entitlement", source="leave.md",
    text="Full-time employees are entitled to 25 working days of paid annual leave each year, in addition to public holidays.",
)
PAYROLL = Passage(
    id="payroll", title="Staff FAQ > When is payday?", source="faq.jsonl",
    text=(
        "Salaries are paid on the 25th of each month. "
        "If the 25th falls on a weekend or public holiday, you are paid on the previous working day."
    ),
)
OVERTIME = Passage(
    id="overtime", title="Overtime Policy > Rates", source="overtime.md",
    text="- Monday to Saturday: 1.5 times your normal hourly rate.\n- Sundays and public holidays: 2 times your normal hourly rate.",
)
KB = [LEAVE, ENTITLEMENT, PAYROLL, OVERTIME, TRAVEL]


def test_a_rare_word_the_documents_use_in_another_sense_is_not_the_focus():
    plan = plan_from_passages("How many days of holiday can I carry over?", KB)
    assert plan.answerable, plan.missing
    assert "up to 5 days" in plan.answer
    assert "25th" not in plan.answer and "2 times" not in plan.answer


def test_the_word_in_the_documents_own_sense_still_answers():
    """Guards what must stay: the asker who says "public holiday" means the documents' sense."""
    plan = plan_from_passages("What is the overtime rate on a public holiday?", KB)
    assert "2 times" in plan.answer and "25th" not in plan.answer


def _unit(pid: str, index: int, text: str) -> EvidenceUnit:
    return EvidenceUnit(passage_id=pid, index=index, kind=UnitKind.sentence, text=text, start=0, end=len(text))


def test_focus_is_kept_when_the_rare_word_is_a_modifier_or_held_without_a_value():
    """A rare word the documents write in another compound as its modifier ("maternity leave" for
    "the maternity ward"), or hold only without a value, stays the focus: the question is refused
    for it, not answered about Willow Ward. Guards the refusals the change must not lose."""
    units = [
        SensedUnit(_unit("p", 0, "The birth parent may take up to 52 weeks of maternity leave."), 0.51, True),
        SensedUnit(_unit("p", 1, "Maternity leave starts 11 weeks before the due date at the earliest."), 0.45, True),
        SensedUnit(_unit("w", 0, "Visiting hours on Willow Ward are 14:00 to 16:00."), 0.58, True),
    ]
    terms, weights = ["hour", "maternity", "ward"], {"hour": 0.6, "maternity": 2.0, "ward": 0.7}
    question = "What are the visiting hours on the maternity ward?"
    assert focus_term(terms, weights, set(), units, {}, question) == "maternity"
    unvalued = [
        SensedUnit(_unit("h", 0, "Pay on a public holiday follows the payroll calendar."), 0.40, False),
        SensedUnit(_unit("h", 1, "Offices close on every public holiday."), 0.38, False),
        SensedUnit(_unit("c", 0, "You may carry over up to 5 days."), 0.55, True),
    ]
    weights = {"holiday": 1.5, "carry": 0.9}
    assert focus_term(["holiday", "carry"], weights, set(), unvalued, {}, "How much holiday can I carry over?") == "holiday"


def test_a_compound_is_fixed_only_when_every_use_has_the_same_modifier_the_question_lacks():
    units = [
        SensedUnit(_unit("a", 0, "If the 25th falls on a weekend or public holiday, you are paid early."), 0.4, True),
        SensedUnit(_unit("b", 0, "Sundays and public holidays: 2 times the rate."), 0.45, True),
    ]
    assert _compound_only("holiday", units, {"how", "many", "day", "holiday"})
    assert not _compound_only("holiday", units, {"public", "holiday"})  # the question says it
    assert not _compound_only("holiday", units[:1], set())  # one use is no fixed compound
    mixed = [*units, SensedUnit(_unit("c", 0, "Book your holiday in the portal."), 0.5, True)]
    assert not _compound_only("holiday", mixed, set())


# --- how a question is put is no topic ---------------------------------------------------------------

def test_a_negated_auxiliary_and_the_words_of_how_far_ahead_are_no_terms():
    assert key_terms("Do I get paid for leave I haven't taken?") == ["paid", "leave"]
    assert "doesn" not in key_terms("It doesn't start. Who do I call?")
    terms = key_terms("How far ahead do I need to request leave?")
    assert "ahead" not in terms and "advance" in terms


def test_the_adjective_after_is_relates_like_a_verb():
    """"Which painkiller is best?": the documents say "preferred"; "best" missing is no refusal."""
    assert predicate_terms("Which painkiller is best with Zelorin?", ["painkiller", "best", "zelorin"]) == {"best"}
    assert predicate_terms("Which form is the painkiller in?", ["form", "painkiller"]) == set()  # no adjective after "is"


TRAVEL_CLASS = Passage(
    id="class", title="Business Travel Policy > Class of travel", source="business-travel.md",
    text=(
        "- Flights of less than 6 hours: economy class.\n- Flights of 6 hours or more: premium economy class.\n"
        "- Business class: only with the written approval of the CEO.\n- Rail: standard class."
    ),
)


TRAVEL_COSTS = Passage(
    id="costs", title="Business Travel Policy > Costs", source="business-travel.md",
    text=(
        "Hotel costs are limited to EUR 160 per night. Meals abroad are covered by a daily rate. "
        "All business trips are covered by the company's travel insurance. Register every trip abroad with the "
        "Travel Desk. Travel to a high-risk destination requires the prior approval of the Head of Security. "
        "Vaccinations are reimbursed through the Expenses Policy."
    ),
)


def test_a_list_item_naming_a_term_its_sibling_lacks_is_its_own_case():
    """"Business class: only with the CEO's approval" lacks "flight", which its siblings open with,
    but names "business", which they lack: it is the asked case, not a neighbour's."""
    plan = plan_from_passages("Who has to approve a business class flight?", [TRAVEL_CLASS, TRAVEL_COSTS])
    assert plan.answerable, plan.missing
    assert "CEO" in plan.answer


HOTELS = Passage(
    id="hotels", title="Business Travel Policy > Hotels", source="business-travel.md",
    text="Hotel costs are limited to EUR 160 per night, or EUR 220 per night in capital cities, including breakfast.",
)
ALLOWANCE = Passage(
    id="allowance", title="Remote Work Policy (version 2.0) > Allowance", source="remote-2025.md",
    text="Version 2.0, effective 1 March 2025. The home office allowance increases to EUR 450 (previously EUR 300).",
)


def test_a_year_the_quoted_documents_never_state_is_another_period():
    """An undated policy states what applies now: "in 2022" asks about another period."""
    plan = plan_from_passages("What was the hotel limit per night in a capital city in 2022?", [HOTELS])
    assert not plan.answerable and "2022" in (plan.missing or "")
    assert "EUR 220" in plan_from_passages("What is the hotel limit per night in a capital city?", [HOTELS]).answer
    assert "EUR 450" in plan_from_passages("How much is the home office allowance in 2025?", [ALLOWANCE]).answer
