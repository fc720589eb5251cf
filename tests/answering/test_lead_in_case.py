"""Evidence-first answering, round 8: the asker's case in a list's lead-in. A list item under
"At 12 to 13 years:" shares no word with "Which vaccine does a 12-year-old get?"; the age in its
lead-in is what makes it the answer, so it is a candidate unit (embedded and scored) like one that
shares a term, and a neighbouring unit that names the topic for a wider case ("under 16") does
not win by default."""

from guard.answering import plan_from_passages
from guard.answering_values import holds_asked_case
from retrievers.types import Passage

SCHEDULE = Passage(
    id="schedule", title="Vaccination Timetable > Children", source="timetable.md",
    text=(
        "**At 1 year:**\n- Morvex booster\n- Trilan, dose 1\n\n"
        "**At 3 years:**\n- Trilan, dose 2\n\n"
        "**At 12 to 13 years:**\n- Lanvax, one dose\n\n"
        "**At 14 years:**\n- Dortabex (teenage booster)\n"
    ),
)
PRICES = Passage(
    id="prices", title="Travel Jab Prices > Discounts", source="prices.md",
    text="Children under 16: each vaccine dose costs half the adult price. Students pay the adult price.",
)


def test_an_age_in_the_lead_in_holds_the_asked_case():
    assert holds_asked_case("Which vaccine does a 12-year-old get?", "At 12 to 13 years: Lanvax, one dose")
    assert not holds_asked_case("Which vaccine does a 12-year-old get?", "At 14 years: Dortabex")
    assert not holds_asked_case("Which vaccine does a teenager get?", "At 12 to 13 years: Lanvax, one dose")


# more units naming "vaccine" than the planner embeds (guard.answering_scoring._MAX_EMBEDDED): the
# lead-in's age, not a shared word, has to bring the item into the candidates
_SYLLABLES = ["ka", "lo", "mi", "nu", "re", "si", "to"]
STOCK = Passage(
    id="stock", title="Vaccine Stock Notes > Shelves", source="stock.md",
    text=" ".join(
        f"The {a}{b} vaccine leaflets are on the {b}{a} shelf." for a in _SYLLABLES for b in _SYLLABLES
    ),
)


def test_the_item_under_the_asked_age_answers_though_it_shares_no_word_with_the_question():
    plan = plan_from_passages("Which vaccine does a 12-year-old get?", [PRICES, STOCK, SCHEDULE])
    assert plan.answerable, plan.missing
    assert "Lanvax" in plan.answer
    assert "half the adult price" not in plan.answer
