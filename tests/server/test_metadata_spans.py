"""The chat response's verification summary places unsupported spans in the text it returns."""

from __future__ import annotations

import pytest

from guard.server.metadata import verification_summary
from guard.verifiers.api import verify

PASSAGES = ["The Eiffel Tower in Paris was completed in 1889. It is 330 metres tall."]
SUPPORTED = "The Eiffel Tower was completed in 1889."
INVENTED = "It was designed by Marco Bellini in 1925."
ANSWER = f"{SUPPORTED} {INVENTED}"


@pytest.fixture(scope="module")
def report():
    # Spans by label (no stacked claim head), so the invented sentence is certain to be marked.
    report = verify(question="When was the Eiffel Tower completed?", contexts=PASSAGES, answer=ANSWER,
                    verifiers=["support", "citations", "types"])
    assert [s.text for s in report.unsupported_spans if s.granularity == "sentence"] == [INVENTED]
    return report


def test_spans_of_an_unchanged_answer_keep_their_offsets(report):
    summary = verification_summary(report, ANSWER)
    assert [(s.start, s.end) for s in summary.unsupported_spans] == [
        (s.start, s.end) for s in report.unsupported_spans
    ]
    assert summary.hallucination_probability == report.hallucination_probability


def test_spans_follow_their_text_into_an_annotated_answer(report):
    annotated = f"[note: checked] {SUPPORTED} {INVENTED} [unsupported]"
    summary = verification_summary(report, annotated)
    assert summary.unsupported_spans
    for span in summary.unsupported_spans:
        assert annotated[span.start:span.end] == span.text
    terms = {s.text for s in summary.unsupported_spans if s.granularity == "term"}
    assert "1925" in terms


def test_spans_of_a_stripped_claim_are_left_out(report):
    assert verification_summary(report, SUPPORTED).unsupported_spans == []
    assert verification_summary(report).unsupported_spans == []  # no content: nothing to place in
