"""Evidence-first answering, round 9 (branch s9-answer2): what the documents say only for a sibling case.

"Do I need to stop Ostrel before an operation?": the leaflets say it for another product only. The
planner kept only units naming Ostrel, and the best of them (a missed-dose rule) was quoted: the
documents' own text, so verification found it supported and it was shown unmarked. Over text written
here (fictional products). Each test failed before its change unless it says it guards what must stay."""

from guard.answering import plan_from_passages
from guard.answering_neighbour import neighbour_only
from retrievers.types import Passage

OSTREL_DOSE = Passage(
    id="ostrel-dose", title="Patient Leaflet: Ostrel 10 mg Tablets > How to take Ostrel", source="ostrel.md",
    text=(
        "Adults: the usual dose is 10 mg (one tablet) once a day, in the morning. "
        "Do not stop taking Ostrel suddenly without talking to your doctor."
    ),
)
OSTREL_MISSED = Passage(
    id="ostrel-missed", title="Patient Leaflet: Ostrel 10 mg Tablets > If you miss a dose", source="ostrel.md",
    text=(
        "If you remember within 6 hours, take the dose straight away. "
        "If more than 6 hours have passed, skip the missed dose and take the next one at the usual time."
    ),
)
OSTREL_INTRO = Passage(
    id="ostrel-intro", title="Patient Leaflet: Ostrel 10 mg Tablets", source="ostrel.md",
    text="Ostrel lowers blood pressure. Each pack contains 28 tablets. Ostrel is safe to take with food.",
)
VARNEX_SURGERY = Passage(
    id="varnex-surgery", title="Patient Leaflet: Varnex 5 mg Tablets > Operations and breastfeeding",
    source="varnex.md",
    text=(
        "Stop taking Varnex 48 hours before an operation under general anaesthetic. "
        "Varnex is not recommended while breastfeeding."
    ),
)
STORAGE = Passage(
    id="storage", title="Storing Medicines > General rules", source="storage.md",
    text="Keep medicines safe, out of the sight and reach of children, below 25°C. Return unused medicines to the pharmacy.",
)
KB = [OSTREL_DOSE, OSTREL_MISSED, OSTREL_INTRO, VARNEX_SURGERY, STORAGE]


def test_a_rule_the_leaflets_give_only_for_another_product_is_refused_with_what_was_looked_for():
    plan = plan_from_passages("Do I need to stop Ostrel before an operation?", KB)
    assert not plan.answerable and not plan.units
    assert "'operation'" in plan.missing and "Varnex" in plan.missing and "Ostrel" in plan.missing


def test_an_ing_word_the_key_terms_leave_out_counts_too():
    """"breastfeeding" is no key term (an -ing word), so the planner never asked for it."""
    plan = plan_from_passages("Is Ostrel safe while breastfeeding?", KB)
    assert not plan.answerable
    assert "'breastfeeding'" in plan.missing


def test_a_word_the_named_product_holds_still_answers():
    """Guards what must stay: the Ostrel leaflet says it, whatever another leaflet says too."""
    plan = plan_from_passages("Can I stop taking Ostrel suddenly?", KB)
    assert plan.answerable, plan.missing
    assert "talking to your doctor" in plan.answer


def test_a_document_of_another_frame_is_no_sibling():
    """Guards what must stay: the storage guide is not another product's leaflet, so its words
    ("unused", "pharmacy") are not a neighbouring case of Ostrel's."""
    own = {"ostrel-dose", "ostrel-missed", "ostrel-intro"}
    vocab = {p.id: set(p.text.lower().replace(".", " ").split()) | set(p.title.lower().split()) for p in KB}
    question = "Should I return unused Ostrel to the pharmacy?"
    assert neighbour_only(question, ["ostrel"], ["return", "unused", "pharmacy"], KB, own, vocab) is None


def test_no_named_product_no_neighbour():
    assert neighbour_only("Do I need to stop before an operation?", [], ["operation"], KB, set(), {}) is None


OSTREL_OLDER = Passage(
    id="ostrel-older", title="Patient Leaflet: Ostrel 10 mg Tablets > Older adults", source="ostrel.md",
    text="Adults: start with 10 mg once a day. Your doctor may increase the dose after 2 weeks.",
)
VARNEX_DOSE = Passage(
    id="varnex-dose", title="Patient Leaflet: Varnex 5 mg Tablets > How to take Varnex", source="varnex.md",
    text="Adults aged over 75: the starting dose is 2.5 mg once a day.",
)


def test_the_bound_of_a_group_only_a_sibling_leaflet_states_is_its_case():
    plan = plan_from_passages("What is the starting dose of Ostrel for adults over 75?", [OSTREL_OLDER, VARNEX_DOSE])
    assert not plan.answerable
    assert "'75'" in plan.missing and "Varnex" in plan.missing


def test_a_point_age_is_no_bound():
    """Guards what must stay: a 12-year-old is judged against the bands, not looked for as "12"."""
    from guard.answering_neighbour import band_limits

    assert band_limits("What dose of Ostrel should a 12-year-old take?") == []
    assert band_limits("Is there a lower dose for people who weigh 60 kg or less?") == ["60"]


CONDUCT = Passage(
    id="conduct", title="Code of Conduct > Alcohol and drugs", source="conduct.md",
    text=(
        "Working under the influence of alcohol or drugs is prohibited. Altamira has a zero-tolerance "
        "policy for drivers and warehouse staff, who may be tested at random."
    ),
)


def test_another_group_of_staff_is_another_case():
    from guard.answering_values import compound_fit

    assert compound_fit("Are office staff drug tested at random?", CONDUCT.text) is False
    assert compound_fit("Are warehouse staff drug tested at random?", CONDUCT.text) is True
    assert compound_fit("Are all staff drug tested at random?", CONDUCT.text) is None
    plan = plan_from_passages("Are office staff at Altamira drug tested at random?", [CONDUCT])
    assert not plan.answerable and "tested at random" not in plan.answer


def test_a_group_the_unit_names_in_its_own_words_is_no_neighbour():
    """Guards what must stay: "warehouse staff" are the unit's "operations staff (warehouse and
    transport teams)", its name for the same group."""
    from guard.answering_values import compound_fit

    text = "Operations staff (warehouse and transport teams) may take no more than 3 consecutive days."
    assert compound_fit("How many days in a row can warehouse staff take off?", text) is None
