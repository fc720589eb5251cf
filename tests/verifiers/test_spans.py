"""Span-level output: Verification.unsupported_spans from verify(), the CLI, the server, the harness."""

from __future__ import annotations

import json

import pytest

from guard.verifiers import registry, verify
from guard.verifiers.spans import unsupported_spans
from guard.verifiers.types import (
    Claim,
    ClaimVerdict,
    GroundingProbabilities,
    SupportLabel,
    UnsupportedSpan,
    Verification,
)

pytestmark = pytest.mark.slow  # claims and support load spaCy and the embedder

QUESTION = "What are facts about Paris landmarks?"
CONTEXTS = [
    "The Eiffel Tower was completed in 1889. It is 330 metres tall.",
    "Paris is the capital of France. About 2.1 million people live in the city proper.",
    "The Louvre, in Paris, is the world's most-visited museum. It opened in 1793.",
]
SUPPORTED = "The Eiffel Tower was completed in 1889."
FABRICATED = "It was founded by Napoleon Bonaparte in 1802."


# The label rule: no stacked verifier, so no claim flags (those have tests of their own below).
BY_LABEL = ["support", "citations", "types"]


def spans_of(answer: str, **kwargs) -> list[UnsupportedSpan]:
    kwargs.setdefault("verifiers", BY_LABEL)
    return verify(question=QUESTION, contexts=CONTEXTS, answer=answer, **kwargs).unsupported_spans


def by_granularity(spans: list[UnsupportedSpan], granularity: str) -> list[UnsupportedSpan]:
    return [s for s in spans if s.granularity == granularity]


def assert_well_formed(answer: str, spans: list[UnsupportedSpan]) -> None:
    assert spans == sorted(spans, key=lambda s: (s.start, -s.end))
    for span in spans:
        assert 0 <= span.start < span.end <= len(answer)
        assert answer[span.start : span.end] == span.text
    for granularity in ("sentence", "term"):
        same = by_granularity(spans, granularity)
        assert all(a.end <= b.start for a, b in zip(same, same[1:])), f"{granularity} spans overlap"


# --- verify() end to end ------------------------------------------------------------------------


def test_a_fabricated_number_gets_a_term_span_at_its_exact_offsets():
    answer = "The Eiffel Tower was completed in 1925."  # the passage says 1889: the fact layer's conflict
    spans = spans_of(answer)
    assert_well_formed(answer, spans)
    (sentence,) = by_granularity(spans, "sentence")
    assert (sentence.start, sentence.end, sentence.claim_index) == (0, len(answer), 0)
    assert sentence.label is SupportLabel.contradicted and sentence.reason.startswith("contradicted")
    (term,) = by_granularity(spans, "term")
    assert (term.start, term.end, term.text) == (34, 38, "1925")
    assert term.reason == "number not in any passage"
    assert term.probability == sentence.probability and 0.5 < term.probability <= 1.0


def test_a_supported_sentence_gets_no_span():
    answer = f"{SUPPORTED} {FABRICATED}"
    report = verify(question=QUESTION, contexts=CONTEXTS, answer=answer, verifiers=BY_LABEL)
    assert [v.label for v in report.claims] == [SupportLabel.supported, SupportLabel.unsupported]
    spans = report.unsupported_spans
    assert_well_formed(answer, spans)
    assert all(s.start >= len(SUPPORTED) for s in spans)
    assert {s.claim_index for s in spans} == {1}
    fabricated_at = answer.index(FABRICATED)
    assert [(s.start, s.end) for s in by_granularity(spans, "sentence")] == [
        (fabricated_at, fabricated_at + len(FABRICATED))
    ]
    terms = {s.text: s.reason for s in by_granularity(spans, "term")}
    assert terms == {"Napoleon Bonaparte": "name not in any passage", "1802": "number not in any passage"}
    # The probability is the claim's 1 - support.
    assert spans[0].probability == pytest.approx(1.0 - report.claims[1].support)


def test_supported_answer_has_no_spans():
    assert spans_of(f"{SUPPORTED} The Louvre opened in 1793.") == []


def test_citation_markers_are_left_out_of_the_sentence_span():
    answer = (
        "The Eiffel Tower was completed in 1889 [1]. It was founded by Napoleon Bonaparte in 1802 [3][7]. "
        "[2] Napoleon lived there in 1805."
    )
    spans = spans_of(answer)
    assert_well_formed(answer, spans)
    sentences = [s.text for s in by_granularity(spans, "sentence")]
    assert sentences == ["It was founded by Napoleon Bonaparte in 1802", "Napoleon lived there in 1805."]
    # The markers' digits (3, 7, 2 are in no passage) are never terms.
    terms = by_granularity(spans, "term")
    assert [t.text for t in terms] == ["Napoleon Bonaparte", "1802", "Napoleon", "1805"]
    assert all(answer[t.start : t.end] == t.text for t in terms)


def test_offsets_are_python_string_indices_after_unicode_and_emoji():
    prefix = "🗼👍🏽 Ünïcödé — "
    answer = f"{prefix}The Eiffel Tower was completed in 1925. It took 2,500 workers."
    spans = spans_of(answer)
    assert_well_formed(answer, spans)
    year = next(s for s in spans if s.text == "1925")
    assert year.start == answer.index("1925") and year.granularity == "term"
    crowd = next(s for s in spans if s.granularity == "term" and s.claim_index == 1)
    assert (crowd.start, crowd.text) == (answer.index("2,500"), "2,500")  # normalised match, text as written


def test_a_refusal_and_an_answer_without_claims_have_no_spans():
    refusal = "I cannot answer that from the provided documents."
    report = verify(question=QUESTION, contexts=CONTEXTS, answer=refusal, refusal_text=refusal)
    assert report.is_refusal and report.unsupported_spans == []
    assert spans_of("") == [] and spans_of(" [1]. ") == []


def test_claims_no_verifier_judged_are_marked_not_judged():
    answer = f"{SUPPORTED} {FABRICATED}"
    spans = spans_of(answer, verifiers=["citations"])  # nothing judges support
    assert [(s.claim_index, s.granularity, s.reason, s.probability) for s in spans] == [
        (0, "sentence", "not judged", None),
        (1, "sentence", "not judged", None),
    ]


class _CrashingJudge:
    name = "crashing_judge"
    judges_support = True

    def run(self, inp, state):
        raise RuntimeError("judge model out of memory")


class _GroundingSignals:
    """Writes what the grounding verifier writes on claim 0: a contradiction and its probabilities."""

    name = "grounding_signals"
    judges_support = True

    def run(self, inp, state):
        verdict = state.report.claims[0]
        verdict.label, verdict.best_passage_id = SupportLabel.contradicted, "1"
        verdict.scores.grounding = GroundingProbabilities(supported=0.25, unsupported=0.25, contradicted=0.5)


@pytest.fixture
def test_verifiers(monkeypatch):
    monkeypatch.setitem(registry._registered, "crashing_judge", _CrashingJudge)
    monkeypatch.setitem(registry._registered, "grounding_signals", _GroundingSignals)


def test_claims_left_unjudged_by_a_failed_judge_are_marked_not_judged(test_verifiers):
    answer = f"{SUPPORTED} {FABRICATED}"
    report = verify(question=QUESTION, contexts=CONTEXTS, answer=answer, verifiers=["support", "crashing_judge"])
    assert report.failures
    assert [(s.claim_index, s.reason, s.probability) for s in report.unsupported_spans] == [
        (0, "not judged", None),
        (1, "not judged", None),
    ]


def test_a_contradiction_names_its_passage_and_takes_the_grounding_probability(test_verifiers):
    answer = "The Eiffel Tower was completed in 1925."
    (sentence, term) = spans_of(answer, verifiers=["support", "grounding_signals"])
    assert sentence.label is SupportLabel.contradicted and sentence.reason == "contradicted by passage 1"
    assert sentence.probability == pytest.approx(0.75)
    assert (term.text, term.label, term.probability) == ("1925", SupportLabel.contradicted, pytest.approx(0.75))


def test_with_the_stacked_claim_head_sentences_follow_its_flags_and_terms_stay():
    answer = f"{SUPPORTED} {FABRICATED}"
    report = verify(question=QUESTION, contexts=CONTEXTS, answer=answer)  # defaults: stacked included
    flags = [v.scores.stacked_flagged for v in report.claims]
    assert set(flags) <= {False, True}
    sentences = by_granularity(report.unsupported_spans, "sentence")
    assert [s.claim_index for s in sentences] == [i for i, flag in enumerate(flags) if flag]
    for span in sentences:
        assert span.probability == report.claims[span.claim_index].scores.stacked_probability
        assert span.reason.startswith("stacked claim detector: P(hallucinated)")
    # The fabricated name and year are highlighted whether or not their sentence is flagged.
    terms = {s.text for s in by_granularity(report.unsupported_spans, "term")}
    assert terms == {"Napoleon Bonaparte", "1802"}


# --- the span rules on hand-built verdicts (no model) -------------------------------------------


def test_claim_flags_override_labels_for_sentences_only():
    answer = "Paris is big. Rome has 9 hills. Lyon is old."
    report = _report(answer, [
        ("Paris is big.", SupportLabel.supported),
        ("Rome has 9 hills.", SupportLabel.unsupported),
        ("Lyon is old.", SupportLabel.unsupported),
    ])
    for verdict, (p, flag) in zip(report.claims, [(0.8, True), (0.1, False), (0.6, True)], strict=True):
        verdict.scores.stacked_probability, verdict.scores.stacked_flagged = p, flag
    spans = unsupported_spans(answer, report, lambda text: ["9"] if "9" in text else [])
    assert [(s.granularity, s.text, s.probability) for s in spans] == [
        ("sentence", "Paris is big.", 0.8),  # flagged though labelled supported
        ("term", "9", 0.1),  # unflagged sentence, its novel number still marked
        ("sentence", "Lyon is old.", 0.6),
    ]


def _report(answer: str, claims: list[tuple[str, SupportLabel]]) -> Verification:
    verdicts = []
    for index, (text, label) in enumerate(claims):
        start = answer.index(text)
        claim = Claim(index=index, text=text, start=start, end=start + len(text))
        verdicts.append(ClaimVerdict(claim=claim, label=label, support=0.2, judged=True))
    return Verification(claims=verdicts)


@pytest.mark.parametrize(
    "claim, expected",
    [
        ("Paris is big [1][2].", "Paris is big"),
        ("[1] Paris is big.", "Paris is big."),
        ("Paris [1] is big.", "Paris [1] is big."),  # a marker inside stays
        ("Paris is big.[1]", "Paris is big."),
        ("Paris is big 【3】。", "Paris is big"),
        ("Paris is big in [2019].", "Paris is big in [2019]."),  # a bracketed year is not a marker
    ],
)
def test_sentence_span_edges(claim, expected):
    answer = f"Intro. {claim}"
    spans = unsupported_spans(answer, _report(answer, [(claim, SupportLabel.unsupported)]), lambda text: [])
    (span,) = spans
    assert span.text == expected and answer[span.start : span.end] == expected


def test_overlapping_terms_are_merged():
    answer = "It flew on a Boeing 747 in 1950."
    report = _report(answer, [(answer, SupportLabel.unsupported)])
    spans = unsupported_spans(answer, report, lambda text: ["747", "1950", "Boeing 747"])
    terms = by_granularity(spans, "term")
    # The name holds the novel number: one span, the name's.
    assert [(t.text, t.reason) for t in terms] == [
        ("Boeing 747", "name not in any passage"),
        ("1950", "number not in any passage"),
    ]
    assert_well_formed(answer, spans)
    partial = unsupported_spans(answer, report, lambda text: ["1950", "a Boeing", "Boeing 747 in"])
    assert [t.text for t in by_granularity(partial, "term")] == ["a Boeing 747 in", "1950"]


# --- the shells that serialise a Verification ---------------------------------------------------


def test_cli_jsonl_output_holds_the_spans(tmp_path):
    from typer.testing import CliRunner

    from guard.cli import app

    answer = f"{SUPPORTED} {FABRICATED}"
    line = {"id": "x", "question": QUESTION, "contexts": CONTEXTS, "answer": answer}
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(json.dumps(line, ensure_ascii=False) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["verify", "--input", str(src), "--output", str(out)])
    assert result.exit_code == 0, result.output
    (row,) = [json.loads(text) for text in out.read_text(encoding="utf-8").splitlines()]
    spans = row["verification"]["unsupported_spans"]
    assert ("term", "1802") in {(s["granularity"], s["text"]) for s in spans}
    assert all(answer[s["start"] : s["end"]] == s["text"] for s in spans)
    expected = verify(question=QUESTION, contexts=CONTEXTS, answer=answer).unsupported_spans  # same defaults
    assert spans == [span.model_dump(mode="json") for span in expected]


def test_server_verify_response_holds_the_spans():
    from fastapi.testclient import TestClient

    from guard.server import ServerConfig, create_app

    config = ServerConfig(api_keys=["span-key"], api_key_env=None, warm_up=False)
    answer = f"🗼 {SUPPORTED} {FABRICATED}"
    body = {"question": QUESTION, "contexts": CONTEXTS, "answer": answer}
    with TestClient(create_app(config), base_url="http://localhost") as client:  # a trusted host
        response = client.post("/v1/verify", json=body, headers={"Authorization": "Bearer span-key"})
    assert response.status_code == 200, response.text
    spans = response.json()["unsupported_spans"]
    assert [s["text"] for s in spans if s["granularity"] == "term"] == ["Napoleon Bonaparte", "1802"]
    assert all(answer[s["start"] : s["end"]] == s["text"] for s in spans)


def test_support_detector_marks_the_verifications_sentence_spans():
    from guard.eval.detectors.base import SharedVerification
    from guard.eval.detectors.support import SupportDetector
    from guard.eval.records import EvalRecord

    answer = f"{SUPPORTED} {FABRICATED} [3]"
    record = EvalRecord(id="r", question=QUESTION, contexts=CONTEXTS, answer=answer, label=True)
    output = SupportDetector(SharedVerification()).score(record)
    start = answer.index(FABRICATED)
    assert output.spans == [(start, start + len(FABRICATED))]
