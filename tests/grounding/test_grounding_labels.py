"""Sentence labels from RAGTruth spans, and the stable subsampling of supported sentences."""

from __future__ import annotations

from guard.eval.ragtruth import HallucinationSpan, Quality, RagTruthRecord, Task
from guard.grounding.sentences import Sentence, split_sentences
from guard.verifiers.types import SupportLabel
from training.grounding.dataset import derive_examples, keep_share, label_sentence, labelled_sentences

ANSWER = (
    "The cafe opens at 8 a.m. on weekdays. It was founded in 1990 by two sisters. "
    "Its owner also runs a bakery. Reviews praise the coffee.\n- Free WiFi"
)


def _span(text: str, label_type: str) -> HallucinationSpan:
    start = ANSWER.index(text)
    return HallucinationSpan(start=start, end=start + len(text), text=text, label_type=label_type)


def _record(spans) -> RagTruthRecord:
    return RagTruthRecord(
        id="r1", source_id="s1", task=Task.summary, source="CNN/DM", model="m", split="train",
        quality=Quality.good, question="Summarize.", answer=ANSWER, spans=spans,
        passages=["The cafe opens at 8 a.m. on weekdays. It was founded in 1990. Reviews praise the coffee."],
    )


def test_sentences_keep_spans_and_break_at_lines():
    sentences = split_sentences(ANSWER)
    assert [s.text for s in sentences] == [
        "The cafe opens at 8 a.m. on weekdays.",
        "It was founded in 1990 by two sisters.",
        "Its owner also runs a bakery.",
        "Reviews praise the coffee.",
        "- Free WiFi",
    ]
    assert all(ANSWER[s.start : s.end] == s.text for s in sentences)


def test_labels_follow_overlapping_spans_and_conflict_wins():
    record = _record([
        _span("by two sisters", "Evident Baseless Info"),
        _span("1990", "Subtle Conflict"),
        _span("also runs a bakery", "Subtle Baseless Info"),
    ])
    labels = [label for _, label in labelled_sentences(record, split_sentences(ANSWER))]
    assert labels == [
        SupportLabel.supported,
        SupportLabel.contradicted,  # a conflict and a baseless span: the conflict decides
        SupportLabel.unsupported,
        SupportLabel.supported,
        SupportLabel.supported,
    ]


def test_a_span_touching_only_the_gap_between_sentences_labels_nothing():
    sentence = Sentence(text="Abc.", start=0, end=4)
    assert label_sentence(sentence, [HallucinationSpan(start=4, end=6, text="  ", label_type="Evident Conflict")]) \
        is SupportLabel.supported


def test_bare_markers_are_not_claims():
    record = _record([])
    answer_sentences = [Sentence(text="-", start=0, end=1), Sentence(text="Real claim.", start=3, end=14),
                        Sentence(text="**:", start=15, end=18)]
    assert [s.text for s, _ in labelled_sentences(record, answer_sentences)] == ["Real claim."]


def test_keep_share_keeps_every_failure_and_a_stable_share_of_supported():
    record = _record([])
    keep = keep_share(0.3)
    kept = [keep(record, i, SupportLabel.supported) for i in range(2000)]
    assert 0.25 < sum(kept) / len(kept) < 0.35
    assert kept == [keep_share(0.3)(record, i, SupportLabel.supported) for i in range(2000)]
    assert all(keep(record, i, SupportLabel.unsupported) for i in range(50))


def test_derive_examples_pairs_each_claim_with_its_window(word_embedder):
    record = _record([_span("1990", "Evident Conflict")])
    examples = list(derive_examples([record], budget=64, embedder=word_embedder))
    assert [e.index for e in examples] == [0, 1, 2, 3, 4]
    founded = examples[1]
    assert founded.label is SupportLabel.contradicted and founded.response_hallucinated
    assert "It was founded in 1990." in founded.evidence
    assert ANSWER[founded.start : founded.end] == founded.claim
