"""apply_action(): the text the user sees for each action."""

from __future__ import annotations

import itertools
import re

import pytest
from decide_builders import CONFIDENT, build_verification

from guard.actions import apply_action
from guard.decide import Decision, Reason, decide, with_doubt
from guard.errors import InputError
from guard.policy import Action, Condition, Policy, load_policy
from guard.verifiers.citation_markers import find_markers
from guard.verifiers.types import Claim, ClaimVerdict, SupportLabel, Verification, VerifierFailure

S1 = "Paris is the capital of France [1]."
S2 = "It has about twelve million inhabitants [2]."
S3 = "The Seine flows through the city [1, 3]."
ANSWER = f"{S1} {S2} {S3}"

DEFAULT, MEDICAL = load_policy("default"), load_policy("medical")
# The mechanics of annotate are tested on default with unsupported claims marked and contradicted
# ones stripped (the packaged default quotes both: test_quote_action.py).
ANNOTATOR = DEFAULT.model_copy(update={"actions": DEFAULT.actions.model_copy(
    update={"unsupported_claim": Action.annotate, "contradicted_claim": Action.strip})})
STRIPPER = Policy(name="stripper", actions={"unsupported_claim": "strip", "contradicted_claim": "strip"})


SCORES = {"scores": {"hit_rate": 1.0, "grounding": CONFIDENT}}


def verification(
    labels: list[str], answer: str = ANSWER, sentences: tuple[str, ...] = (S1, S2, S3), **fields
) -> Verification:
    # Every claim is backed by every route and the stacked detector is calm, so the strict
    # profiles react to the labels alone.
    specs = [
        (s, label, 0.95 if label == "supported" else 0.05, SCORES)
        for s, label in zip(sentences, labels, strict=True)
    ]
    return build_verification(answer, specs, **{"hallucination_probability": 0.05, **fields})


def decision_for(v: Verification, policy: Policy) -> Decision:
    return decide(v, None, policy)


def assert_readable(text: str) -> None:
    assert "  " not in text
    assert not re.search(r" [.,;:!?]", text), text
    assert not re.search(r"[.,;:] *[.,;:]", text), text
    assert text == text.strip()
    assert not re.match(r"[.,;:]", text)


@pytest.mark.parametrize("action", [Action.refuse, Action.escalate, Action.pass_])
def test_whole_answer_actions(action: Action) -> None:
    v = verification(["supported", "unsupported", "supported"])
    decision = Decision(action=action, reasons=[], policy="medical")
    expected = {
        Action.refuse: MEDICAL.refusal_text,
        Action.escalate: MEDICAL.holding_text,
        Action.pass_: ANSWER,
    }
    assert apply_action(decision, ANSWER, v, MEDICAL) == expected[action]


def test_strip_removes_the_unsupported_claim_and_keeps_citations_right() -> None:
    v = verification(["supported", "unsupported", "supported"])
    decision = decision_for(v, STRIPPER)
    assert decision.action is Action.strip
    text = apply_action(decision, ANSWER, v, STRIPPER)
    assert text == f"{S1} {S3}"
    assert [m.numbers for m in find_markers(text)] == [[1], [1, 3]]


@pytest.mark.parametrize(
    "removed",
    [set(c) for n in (1, 2) for c in itertools.combinations(range(3), n)],
    ids=lambda r: "remove-" + "-".join(map(str, sorted(r))),
)
def test_strip_any_subset_leaves_readable_text_with_the_kept_claims_intact(removed: set[int]) -> None:
    labels = ["unsupported" if i in removed else "supported" for i in range(3)]
    v = verification(labels)
    text = apply_action(decision_for(v, STRIPPER), ANSWER, v, STRIPPER)
    kept = [s for i, s in enumerate((S1, S2, S3)) if i not in removed]
    assert text == " ".join(kept)
    assert_readable(text)
    cited = [n for s in kept for m in find_markers(s) for n in m.numbers]
    assert [n for m in find_markers(text) for n in m.numbers] == cited


def test_strip_everything_gives_the_refusal() -> None:
    v = verification(["unsupported", "contradicted", "unsupported"])
    assert apply_action(decision_for(v, STRIPPER), ANSWER, v, STRIPPER) == STRIPPER.refusal_text


def test_strip_takes_markers_written_after_the_sentence_with_it() -> None:
    answer = "Paris is the capital. [1] It has twelve million people. [2] The Seine flows there. [3]"
    sentences = ("Paris is the capital.", "It has twelve million people.", "The Seine flows there.")
    v = verification(["supported", "unsupported", "supported"], answer, sentences)
    text = apply_action(decision_for(v, STRIPPER), answer, v, STRIPPER)
    assert text == "Paris is the capital. [1] The Seine flows there. [3]"


def test_strip_mends_seams_when_spans_leave_the_punctuation_behind() -> None:
    answer = "Paris is the capital [1]. It has twelve million people [2]. The Seine flows there [3]."
    sentences = ("Paris is the capital [1]", "It has twelve million people [2]", "The Seine flows there [3]")
    for removed in range(3):
        labels = ["unsupported" if i == removed else "supported" for i in range(3)]
        v = verification(labels, answer, sentences)
        text = apply_action(decision_for(v, STRIPPER), answer, v, STRIPPER)
        assert_readable(text)
        assert sentences[removed] not in text
        assert text.count(".") == 2


def test_strip_in_a_list_drops_the_emptied_line() -> None:
    answer = "Side effects:\n- Nausea [1].\n- Hair loss [2].\n- Headache [3].\n\nAsk your doctor [1]."
    sentences = ("Nausea [1].", "Hair loss [2].", "Headache [3].", "Ask your doctor [1].")
    v = verification(["supported", "unsupported", "supported", "supported"], answer, sentences)
    text = apply_action(decision_for(v, STRIPPER), answer, v, STRIPPER)
    assert text == "Side effects:\n- Nausea [1].\n- Headache [3].\n\nAsk your doctor [1]."


def test_strip_notice_is_appended_when_the_policy_has_one() -> None:
    policy = STRIPPER.model_copy(update={"strip_notice": "Unsupported statements were removed."})
    v = verification(["supported", "unsupported", "supported"])
    text = apply_action(decision_for(v, policy), ANSWER, v, policy)
    assert text == f"{S1} {S3}\n\nUnsupported statements were removed."


def test_annotate_labels_the_answer_and_marks_each_problem_claim() -> None:
    v = verification(["supported", "unsupported", "supported"])
    decision = decision_for(v, ANNOTATOR)
    assert decision.action is Action.annotate
    text = apply_action(decision, ANSWER, v, ANNOTATOR)
    label, body = text.split("\n\n")
    assert label.startswith(DEFAULT.annotation_label)
    assert "1 claim marked [⚠ unsupported]" in label
    assert body == f"{S1} {S2} [⚠ unsupported] {S3}"


DOUBT = "which case the question means is unclear: another one, 'The Seine flows ...' [3], is quoted too"


def test_a_doubtful_answer_alone_gets_its_own_label_not_the_generic_one() -> None:
    """Both quoted values are the documents' own: "could not be verified" would be wrong. The
    rival is not named again in the label (the answer quotes it with its citation)."""
    v = verification(["supported", "supported", "supported"], citation_recall=1.0)
    decision = with_doubt(decision_for(v, DEFAULT), DOUBT, DEFAULT)
    assert decision.action is Action.annotate
    label, body = apply_action(decision, ANSWER, v, DEFAULT).split("\n\n")
    assert label == DEFAULT.doubtful_label
    assert DEFAULT.annotation_label not in label and DOUBT not in label
    assert body == ANSWER
    reworded = DEFAULT.model_copy(update={"doubtful_label": "Two cases, two values."})
    assert apply_action(decision, ANSWER, v, reworded) == f"Two cases, two values.\n\n{ANSWER}"


def test_a_doubtful_answer_with_other_problems_shows_both_labels() -> None:
    """The generic label keeps the other problems; the doubt gets its own line, not its detail."""
    v = verification(["supported", "unsupported", "supported"], citation_recall=1.0)
    decision = with_doubt(decision_for(v, ANNOTATOR), DOUBT, ANNOTATOR)
    label, body = apply_action(decision, ANSWER, v, ANNOTATOR).split("\n\n")
    generic, doubtful = label.split("\n")
    assert generic == f"{ANNOTATOR.annotation_label}: 1 claim marked [⚠ unsupported]."
    assert doubtful == ANNOTATOR.doubtful_label
    assert body == f"{S1} {S2} [⚠ unsupported] {S3}"


def test_annotate_puts_the_mark_after_trailing_markers_and_names_response_problems() -> None:
    answer = "Paris is the capital. [1] It has twelve million people. [2]"
    sentences = ("Paris is the capital.", "It has twelve million people.")
    v = verification(["supported", "unsupported"], answer, sentences)
    v = v.model_copy(update={"failures": [VerifierFailure(verifier="types", message="crashed")]})
    text = apply_action(decision_for(v, ANNOTATOR), answer, v, ANNOTATOR)
    label, body = text.split("\n\n")
    assert body == "Paris is the capital. [1] It has twelve million people. [2] [⚠ unsupported]"
    assert "verifier 'types' could not judge: crashed" in label


def test_strip_and_annotate_combine() -> None:
    """Contradicted claims stripped, unsupported ones only marked."""
    v = verification(["unsupported", "contradicted", "supported"])
    decision = decision_for(v, ANNOTATOR)
    assert decision.action is Action.strip
    text = apply_action(decision, ANSWER, v, ANNOTATOR)
    label, body, notice = text.split("\n\n")
    assert body == f"{S1} [⚠ unsupported] {S3}"
    assert "1 claim marked [⚠ unsupported]" in label
    assert notice == DEFAULT.strip_notice == "Statements the provided documents do not support were removed."


def test_low_faithfulness_strip_removes_every_unsupported_claim() -> None:
    policy = Policy(
        name="lean",
        thresholds={"min_faithfulness": 0.9},
        actions={"low_faithfulness": "strip", "unsupported_claim": "pass", "contradicted_claim": "pass"},
    )
    v = verification(["supported", "unsupported", "contradicted"])
    decision = decision_for(v, policy)
    assert decision.action is Action.strip
    assert apply_action(decision, ANSWER, v, policy) == S1


def test_regenerate_decision_reads_as_exhausted() -> None:
    v = verification(["supported", "unsupported", "supported"], citation_recall=1.0, citation_precision=1.0)
    decision = decide(v, None, MEDICAL, attempt=0)
    assert decision.action is Action.regenerate
    # on_exhausted: quote; the claim has no evidence unit to quote, so it is removed (QUOTE_FALLBACK)
    stripped = f"{S1} {S3}\n\n{MEDICAL.strip_notice}"
    assert apply_action(decision, ANSWER, v, MEDICAL) == stripped
    legal = load_policy("legal")
    assert apply_action(decide(v, None, legal), ANSWER, v, legal) == f"{S1} {S3}\n\n{legal.strip_notice}"


def test_marks_do_not_disturb_the_rest_of_the_text() -> None:
    answer = f"Summary:\n\n\n{S1}  {S2}"
    v = verification(["supported", "unsupported"], answer, (S1, S2))
    text = apply_action(decision_for(v, ANNOTATOR), answer, v, ANNOTATOR)
    assert text.split("\n\n", 1)[1] == f"Summary:\n\n\n{S1}  {S2} [⚠ unsupported]"


def test_claim_spans_that_do_not_fit_the_answer_are_an_input_error() -> None:
    claim = Claim(index=0, text="x", start=0, end=500)
    v = Verification(claims=[ClaimVerdict(claim=claim, label=SupportLabel.unsupported, support=0.0)])
    decision = Decision(
        action=Action.strip,
        policy="stripper",
        reasons=[
            Reason(condition=Condition.unsupported_claim, action=Action.strip, detail="x", claim_index=0)
        ],
    )
    with pytest.raises(InputError, match=r"spans 0\.\.500"):
        apply_action(decision, "short", v, STRIPPER)
