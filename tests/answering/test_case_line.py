"""Evidence-first answering: the line beside the chosen table row or list that states the asker's
case is quoted with it (guard/answering_caseline.py). "Children under 16: each dose costs half the
adult price" below a price table changes the answer for a 10-year-old; it says nothing to a 40-year-old,
and a line about another case is never added."""

from guard.answering import plan_from_passages
from guard.answering_caseline import asker_group
from guard.answering_values import holds_asked_case
from retrievers.types import Passage

PRICES = Passage(
    id="prices", title="Travel Clinic Prices > Vaccine prices", source="travel-prices.md",
    text=(
        "| Vaccine | Protects against | Price per dose |\n|---|---|---|\n"
        "| Corvax | yellow fever | £64 |\n| Ludrin | typhoid | £38 |\n\n"
        "Children under 16: each vaccine dose costs half the adult price.\n"
    ),
)
SCHEDULE = Passage(
    id="schedule", title="Vaccination Timetable > Children", source="timetable.md",
    text=(
        "**At 1 year:**\n- Morvex booster\n- Trilan, dose 1\n\n"
        "**At 3 years 4 months:**\n- Trilan, dose 2\n- Quadran (pre-school booster)\n\n"
        "If your child has missed a vaccination, it is not too late: book a catch-up appointment at reception.\n"
    ),
)


def test_the_case_line_joins_the_table_row_for_the_askers_age():
    plan = plan_from_passages("How much is a dose of Corvax for my 10-year-old?", [PRICES])
    assert plan.answerable, plan.missing
    assert "£64" in plan.answer and "half the adult price" in plan.answer
    assert plan.answer.count("[1]") == 2  # the added line is cited too


def test_a_line_for_another_case_is_not_added():
    plan = plan_from_passages("How much is a dose of Corvax for my 40-year-old husband?", [PRICES])
    assert plan.answerable, plan.missing
    assert "£64" in plan.answer and "half the adult price" not in plan.answer


def test_a_condition_line_joins_the_list_when_the_question_states_the_condition():
    missed = plan_from_passages("My 3-year-old missed the pre-school booster. What should I do?", [SCHEDULE])
    assert "catch-up" in missed.answer and "Quadran" in missed.answer
    plain = plan_from_passages("What vaccines does a child get at 3 years 4 months?", [SCHEDULE])
    assert "Quadran" in plain.answer and "catch-up" not in plain.answer


def test_ages_listed_with_and_are_the_askers_case():
    line = "children aged 2 and 3 years, who receive Pollenta Nasal, a nasal spray, instead of an injection"
    assert holds_asked_case("Does my 2-year-old have an injection?", line)
    assert holds_asked_case("Is my 3-year-old offered it?", line)
    assert not holds_asked_case("Is my 4-year-old offered it?", line)
    assert not holds_asked_case("Can my 6-year-old have it?", "children aged 5 and 8 may attend")


def test_the_group_the_asker_says_they_belong_to():
    assert asker_group("I'm a driver at Altamira. How many days can I work from home?") == "driver"
    assert asker_group("I am an office manager, can I claim it?") == "manager"
    assert asker_group("I'm a new employee. When do I start?") is None  # "employee" picks out no group
