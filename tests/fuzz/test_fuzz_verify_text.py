"""Standing fuzz tests (issue 13): any text, lone surrogates included, reaches the verifiers as text
they can read, whichever path built the input.

benchmarks/fuzz.py found the default verifiers failing on generated input ("support: TypeError:
TextEncodeInput must be Union[...]", "egc: UnicodeEncodeError ... surrogates not allowed"): a
lone surrogate (JSON's "\\ud800") reached the tokenizer. verify() replaced them, but an input
built directly (the pipeline, the server's chat path) passed them through.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from guard.verifiers.stage import build_settings, run_verification
from guard.verifiers.types import VerificationInput
from retrievers.types import Passage

SURROGATE = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
_PIECES = st.sampled_from(
    ["Paris is the capital of France", "It opened in 1990", " ", ".", "[1]", "\n", "\x00", "\u200b", "😀",
     "about 2.1 million people", "not", "10%", ""]
)  # fmt: skip
# Mostly words and markers, with lone surrogates and arbitrary code points between them.
TEXT = st.lists(st.one_of(_PIECES, SURROGATE, st.text(max_size=8)), max_size=20).map("".join)
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _no_surrogate(text: str) -> bool:
    return not any("\ud800" <= ch <= "\udfff" for ch in text)


@FAST
@given(question=TEXT, answer=TEXT, passages=st.lists(TEXT, max_size=3))
def test_a_verification_input_holds_no_lone_surrogate_and_keeps_every_offset(question, answer, passages):
    given_passages = [Passage(id=str(i), text=t) for i, t in enumerate(passages, 1)]
    inp = VerificationInput(
        question=question, answer=answer, passages=given_passages, route_passages={"bm25": given_passages}
    )
    texts = [inp.question, inp.answer, *(p.text for p in inp.passages),
             *(p.text for p in inp.route_passages["bm25"])]  # fmt: skip
    assert all(_no_surrogate(t) for t in texts)
    assert len(inp.answer) == len(answer) and len(inp.question) == len(question)
    assert [len(p.text) for p in inp.passages] == [len(t) for t in passages]
    assert all(a == b for a, b in zip(inp.answer, answer, strict=True) if _no_surrogate(b))


@pytest.fixture(scope="module")
def default_settings():
    # The default verifier set, built once, with a deadline a busy test machine cannot hit.
    return build_settings(deadline_s=600)


@pytest.mark.slow
@SLOW
@given(question=TEXT, answer=TEXT, passage=TEXT)
def test_the_default_verifiers_never_fail_on_text_built_outside_verify(default_settings, question, answer, passage):
    inp = VerificationInput(question=question, answer=answer, passages=[Passage(id="1", text=passage)])
    report = run_verification(inp, default_settings)
    assert report.failures == []


@pytest.mark.slow
def test_a_surrogate_in_every_field_of_a_pipeline_built_input_is_no_verifier_failure(default_settings):
    # The example the fuzzer found, shaped like the pipeline's input (no verify() in between).
    inp = VerificationInput(
        question="How tall is the tower?\udfd6",
        passages=[Passage(id="1", text="The tower is 330 metres tall.\uda50 It opened in 1889.")],
        answer="The tower is 330 metres tall [1].\udd2d It opened in 1889.",
    )
    report = run_verification(inp, default_settings)
    assert report.failures == []
    assert report.claims[0].claim.text.startswith("The tower is 330 metres tall")
