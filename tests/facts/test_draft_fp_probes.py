"""True claims the fact layer flagged in correct labelled drafts (issue 12: the default profile
altered them), each with its wrong twin, which must stay flagged. Passages and claims written for
this file, in domains of their own (not the drafts' or the hard cases' texts): one rule each.
"""

from __future__ import annotations

from fact_judge import FLAGGED, HOLDS, judge

from guard.facts import FactLabel
from guard.facts.predicates import Agreement, Status, same_act, statuses
from guard.facts.quantities import quantities

# --- a place joined to the verb with its own "never": the act denied there ---------------------

SEEDS = "Keep the seeds in a dry tin on a high shelf, and never in the fridge."


def test_a_negated_place_repeats_the_verb_denied():
    assert statuses(SEEDS) == [("Keep", Status.required), ("Keep", Status.forbidden)]


def test_the_negated_place_restated_as_a_prohibition_is_not_a_flip():
    assert judge("Never keep the seeds in the fridge.", SEEDS).label not in FLAGGED


def test_the_kept_place_forbidden_still_contradicts():
    assert judge("Never keep the seeds in a dry tin.", SEEDS).label is FactLabel.contradicted


# --- one unit that holds every value of the claim: the value did not move -----------------------

CAPSULES = (
    "**Adults:** take 1 or 2 capsules (200 mg to 400 mg) every 6 hours as needed.\n\n"
    "Do not take more than 6 capsules (1,200 mg) in 24 hours."
)


def test_a_limit_restated_with_all_its_values_holds_beside_the_single_dose():
    verdict = judge("Adults should not take more than 6 capsules (1,200 mg) in 24 hours.", CAPSULES)
    assert verdict.label in HOLDS


def test_a_limit_with_another_count_still_contradicts():
    verdict = judge("Adults should not take more than 9 capsules (1,200 mg) in 24 hours.", CAPSULES)
    assert verdict.label in FLAGGED


# --- days said to be unused, unpaid or remaining are still days ---------------------------------

STUDY = (
    "You may carry forward up to 10 days of unused study leave into the next year. "
    "Carried-forward days must be used by the end of June, or they are lost."
)


def test_a_word_saying_which_days_does_not_change_the_unit():
    for text in ("up to 10 unused days", "10 unpaid days", "3 remaining weeks"):
        (found,) = quantities(text)
        assert found.dim == "duration", text


def test_unused_days_restated_hold_and_an_opposite_elsewhere_does_not_flag_them():
    # "unused" against "must be used" in the next sentence: the first sentence says "unused" too
    assert judge("You can carry forward up to 10 unused days.", STUDY).label in HOLDS


def test_more_unused_days_than_the_limit_still_contradict():
    assert judge("You can carry forward up to 15 unused days.", STUDY).label in FLAGGED


# --- a bare prohibition ("Do not refrigerate.") speaks of the passage's topic, as a claim's "it" does
# (the wrong twin here: a default draft showed it unmarked)

SYRUP = "Store below 25°C. Do not refrigerate. Throw the bottle away 3 months after first opening it."


def _close(units):
    # the pipeline's cosine scores: every sentence of this short passage is close to the claim, so
    # the one-third lexical share of "Do not refrigerate." still makes it a rule the claim may restate
    return [0.7] * len(units)


def test_an_act_the_bare_prohibition_forbids_contradicts_when_said_of_it():
    verdict = judge("Keep it below 25°C and refrigerate it after opening.", SYRUP, _close)
    assert verdict.label is FactLabel.contradicted


def test_the_bare_prohibition_restated_holds():
    assert judge("Keep it below 25°C and do not refrigerate it.", SYRUP, _close).label not in FLAGGED


def test_the_bare_prohibition_is_the_act_of_the_claims_pronoun():
    assert same_act("Refrigerate it after opening.", "Do not refrigerate.") is Agreement.clash
    assert same_act("Do not refrigerate it.", "Do not refrigerate.") is Agreement.concur


def test_a_bare_positive_step_is_not_read_as_the_claims_act():
    # "Add ... and mix." concurring with "shake the tube to mix it" would veto the flip on "shake"
    claim = "After adding the buffer, shake the tube to mix it."
    assert same_act(claim, "Add 2 ml of the buffer and mix.") is Agreement.unknown
