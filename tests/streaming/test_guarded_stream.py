"""Guarded streaming (guard.streaming): what is sent, when, and what the final chunk says.

The drafts come from scripted models (streamed one word at a time through litellm), the
passages from the example knowledge base, the verification from the real verifiers.
"""

from __future__ import annotations

import asyncio

import pytest

from guard import aguarded_completion, guarded_completion
from guard.decide import Decision, with_doubt
from guard.llm.testing import register_scripted_model
from guard.policy import Action, Condition, load_policy
from guard.streaming import (
    STOPPED_NOTICE,
    StreamMode,
    StreamOutcome,
    _closing_note,
    sentence_pieces,
    stream_mode_for,
)
from guard.verifiers.types import Verification

ZELORIN = "What is the usual adult dose of Zelorin?"
TRUE_1 = "The usual adult dose of Zelorin is 20 mg once a day [1]. "
FABRICATED = "Zelorin was discovered by Dr. Hans Gruber in Vienna in 1987 and cures migraines in 94% of patients [1]. "
TRUE_2 = "Never take more than 40 mg of Zelorin in one day [1]."
DRAFT = TRUE_1 + FABRICATED + TRUE_2


def _collect(chunks):
    chunks = list(chunks)
    assert [c.final for c in chunks].count(True) == 1 and chunks[-1].final, "exactly one final chunk, last"
    return chunks[:-1], chunks[-1]


# --- no model ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "policy, mode",
    [("default", StreamMode.sentence), ("medical", StreamMode.hold), ("legal", StreamMode.hold)],
)
def test_strict_profiles_hold_and_default_streams_per_sentence(policy, mode):
    assert stream_mode_for(load_policy(policy)) is mode


def test_sentence_pieces_join_back_to_the_text():
    text = "First one [1]. Second, with 2.5 mg [2].\n- a list item\nLast"
    pieces = sentence_pieces(text)
    assert "".join(pieces) == text
    assert pieces[0] == "First one [1]. "
    assert len(pieces) == 4


def test_splitter_keeps_a_half_written_marker_and_a_decimal_with_their_sentence():
    from guard.streaming import _SentenceSplitter

    splitter = _SentenceSplitter()
    released = []
    for delta in ["The dose ", "is 2", ".", "5 mg ", "[", "1", "]", ". ", "Take ", "it daily", "."]:
        released += splitter.feed(delta)
    assert released == ["The dose is 2.5 mg [1]. "]
    assert splitter.close() == ["Take it daily."]


# --- streamed, with verification -----------------------------------------------------------------


@pytest.mark.slow
def test_a_stripped_middle_sentence_is_never_sent(example_kb, strip_policy):
    scripted = register_scripted_model("stream-strip", DRAFT)
    sent, final = _collect(
        guarded_completion(question=ZELORIN, knowledge_base=example_kb, model=scripted.model,
                           policy=strip_policy, stream=True)
    )
    texts = [c.text for c in sent]
    assert texts == [TRUE_1, TRUE_2]
    assert [c.sentence for c in sent] == [0, 2]
    assert not any("Gruber" in t or "94%" in t for t in texts + [final.text])
    assert final.outcome is StreamOutcome.complete and final.withheld == [1]
    assert final.decision.action is Action.strip
    assert final.response.answer == "".join(texts) + final.text
    assert "Gruber" in final.response.draft  # the audit trail keeps what the model wrote
    labels = [v.label.value for v in final.verification.claims]
    assert labels == ["supported", "unsupported", "supported"]
    # the same draft, not streamed, shows the same answer
    whole = guarded_completion(question=ZELORIN, knowledge_base=example_kb, policy=strip_policy,
                               model=register_scripted_model("whole-strip", DRAFT).model)
    assert whole.answer == final.response.answer


@pytest.mark.slow
def test_default_quotes_the_doubtful_sentence_in_the_documents_words(example_kb):
    scripted = register_scripted_model("stream-default-quote", DRAFT)
    sent, final = _collect(
        guarded_completion(question=ZELORIN, knowledge_base=example_kb, model=scripted.model, stream=True)
    )
    assert [c.sentence for c in sent] == [0, 1, 2] and final.withheld == [1]
    assert sent[1].text.startswith('The documents say: "') and sent[1].text.rstrip().endswith("].")
    assert final.decision.action is Action.quote
    assert "".join(c.text for c in sent) + final.text == final.response.answer or final.response.answer


@pytest.mark.slow
def test_a_profile_that_annotates_marks_the_doubtful_sentence_and_labels_at_the_end(example_kb, tmp_path):
    policy = tmp_path / "annotate-unsupported.yaml"
    policy.write_text(
        "name: annotate-unsupported\nextends: default\nactions:\n  unsupported_claim: annotate\n"
    )
    scripted = register_scripted_model("stream-default", DRAFT)
    sent, final = _collect(
        guarded_completion(question=ZELORIN, knowledge_base=example_kb, model=scripted.model,
                           policy=str(policy), stream=True)
    )
    assert [c.sentence for c in sent] == [0, 1, 2]
    assert sent[1].text.rstrip().endswith("[⚠ unsupported]")
    assert final.decision.action is Action.annotate
    assert final.text.startswith("\n\n⚠ Caution") and "1 sentence marked" in final.text
    assert final.response.timings["first_chunk"] < final.response.timings["total"]


@pytest.mark.slow
def test_a_refusing_sentence_stops_the_stream_and_the_rest_is_never_checked(example_kb, tmp_path):
    policy = tmp_path / "refuse-unsupported.yaml"
    policy.write_text("name: refuse-unsupported\nextends: default\nactions:\n  unsupported_claim: refuse\n")
    scripted = register_scripted_model("stream-refuse", DRAFT)
    sent, final = _collect(
        guarded_completion(question=ZELORIN, knowledge_base=example_kb, model=scripted.model,
                           policy=str(policy), stream=True, stream_mode="sentence")
    )
    assert [c.text for c in sent] == [TRUE_1]
    assert final.outcome is StreamOutcome.stopped
    assert final.decision.action is Action.refuse
    assert final.text == f"\n\n{STOPPED_NOTICE}"
    assert "Never take" not in final.response.draft  # the stream ended at the refused sentence


@pytest.mark.slow
def test_medical_holds_everything_until_the_whole_answer_is_decided(example_kb):
    scripted = register_scripted_model("stream-medical", DRAFT)
    sent, final = _collect(
        guarded_completion(question=ZELORIN, knowledge_base=example_kb, model=scripted.model,
                           policy="medical", stream=True)
    )
    assert final.outcome is StreamOutcome.held
    # redrafted, then the doubtful claims are shown in the documents' words (on_exhausted: quote)
    assert final.decision.action is Action.quote
    assert "".join(c.text for c in sent) == final.response.answer
    assert 'The documents say: "' in final.response.answer
    assert len(scripted.calls) == 3  # redrafted twice, as without streaming


@pytest.mark.slow
def test_async_stream_and_model_failure(example_kb):
    failing = register_scripted_model("stream-auth", "never", failures=["auth"])

    async def run():
        stream = await aguarded_completion(question=ZELORIN, knowledge_base=example_kb, model=failing.model,
                                           stream=True)
        return [chunk async for chunk in stream]

    chunks = asyncio.run(run())
    assert len(chunks) == 1 and chunks[0].final
    final = chunks[0]
    assert Condition.model_error in final.decision.conditions
    assert final.text == final.response.answer == load_policy("default").refusal_text


@pytest.mark.slow
def test_gate_refusal_streams_only_the_refusal(example_kb):
    scripted = register_scripted_model("stream-gate", DRAFT)
    sent, final = _collect(
        guarded_completion(question="What is the boiling point of liquid nitrogen at sea level?",
                           knowledge_base=example_kb, model=scripted.model, stream=True)
    )
    assert sent == [] and not scripted.calls
    assert final.decision.action is Action.refuse and final.text == final.response.answer


CONTRADICTING = "The usual adult dose of Zelorin is 80 mg twice a day [1]. "


@pytest.mark.slow
def test_default_never_sends_a_sentence_the_verifier_calls_contradicted(example_kb):
    """The issue's case under the default policy (contradicted_claim: quote): the fact layer
    reads 80 mg twice a day against the leaflet's dose and calls it contradicted; the
    documents' own sentence is sent in its place."""
    scripted = register_scripted_model("stream-contradicted", TRUE_2.replace("[1].", "[1]. ") + CONTRADICTING + TRUE_1)
    sent, final = _collect(
        guarded_completion(question=ZELORIN, knowledge_base=example_kb, model=scripted.model, stream=True)
    )
    assert final.verification.claims[1].label.value == "contradicted"
    assert [c.sentence for c in sent] == [0, 1, 2] and final.withheld == [1]
    assert sent[1].text.startswith('The documents say: "')
    assert "80 mg" not in final.response.answer


def test_a_closing_note_gives_a_doubtful_answer_its_own_label() -> None:
    """As apply_action: doubtful_label in place of the generic label's "could not be verified",
    beside it when sentences were marked too."""
    policy = load_policy("default")
    verification = Verification(claims=[], citation_recall=1.0)
    doubtful = with_doubt(Decision(action=Action.pass_, policy="default"), "another case is quoted too", policy)
    assert _closing_note(doubtful, verification, 0, [], policy) == f"\n\n{policy.doubtful_label}"
    both = _closing_note(doubtful, verification, 2, [], policy)
    assert both == f"\n\n{policy.annotation_label}: 2 sentences marked [⚠ ...].\n\n{policy.doubtful_label}"
