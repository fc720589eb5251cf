"""The quote action end to end: guarded_completion (and its sentence stream) with a scripted draft.

The draft is the embedded model's wrong dose from the demo ("2.5 ml for 3-year-old"); the
leaflet's table gives 7.5 ml for 2 to 4 years. Under a policy that quotes contradicted
claims, the user sees the leaflet's row, cited, instead of the wrong dose.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from guard.decide import Action
from guard.llm.testing import register_scripted_model
from guard.pipeline import guarded_completion
from guard.policy import load_policy
from guard.verifiers.types import SupportLabel

QUESTION = "How much Febrilon Children's Suspension should I give my 3-year-old?"
INTRO = (
    "Febrilon Children's Suspension is a strawberry-flavoured liquid for children. "
    "Each 5 ml contains 120 mg of febrilonol."
)
TABLE = (
    "Use the oral syringe in the pack to measure the dose.\n| Age | Dose |\n|---|---|\n"
    "| 3 to 6 months (and weighing over 5 kg) | 2.5 ml |\n| 6 to 24 months | 5 ml |\n"
    "| 2 to 4 years | 7.5 ml |\n| 4 to 6 years | 10 ml |\nGive the dose up to 4 times in 24 hours."
)
WRONG = "The dose should be 2.5 ml for 3-year-old [2]."
RIGHT = "Give it up to 4 times in 24 hours [2]."
QUOTED = 'The documents say: "Age: 2 to 4 years | Dose: 7.5 ml" [2].'


@pytest.fixture(scope="module")
def quoting(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("policies") / "quoting.yaml"
    path.write_text("extends: default\nactions:\n  contradicted_claim: quote\n", encoding="utf-8")
    return path


@pytest.mark.slow
def test_the_wrong_dose_is_replaced_by_the_leaflet_row_with_its_citation(quoting: Path) -> None:
    scripted = register_scripted_model("quote-febrilon", f"{WRONG} {RIGHT}")
    response = guarded_completion(question=QUESTION, contexts=[INTRO, TABLE], model=scripted.model, policy=str(quoting))
    wrong = response.verification.claims[0]
    assert wrong.label is SupportLabel.contradicted
    assert response.decision.action is Action.quote
    (quote,) = response.decision.quotes
    assert (quote.claim_index, quote.citation, quote.unit.passage_id) == (0, 2, "2")
    assert response.answer == f"{QUOTED} {RIGHT}"
    assert "2.5 ml" not in response.answer
    assert response.verification.passage_ids == ["1", "2"]
    from guard.server.metadata import guard_metadata  # the chat metadata carries the same quote

    assert guard_metadata(response, None, scripted.model).quotes == response.decision.quotes


@pytest.mark.slow
def test_the_packaged_default_quotes_the_same_draft() -> None:
    scripted = register_scripted_model("quote-febrilon-default", f"{WRONG} {RIGHT}")
    response = guarded_completion(question=QUESTION, contexts=[INTRO, TABLE], model=scripted.model)
    assert response.decision.action is load_policy("default").actions.contradicted_claim is Action.quote
    assert "2.5 ml" not in response.answer and '"Age: 2 to 4 years | Dose: 7.5 ml"' in response.answer


@pytest.mark.slow
def test_a_sentence_stream_sends_the_quote_in_place_of_the_wrong_sentence(quoting: Path) -> None:
    scripted = register_scripted_model("quote-febrilon-stream", f"{WRONG} {RIGHT}")
    chunks = list(guarded_completion(
        question=QUESTION, contexts=[INTRO, TABLE], model=scripted.model, policy=str(quoting),
        stream=True, stream_mode="sentence",
    ))
    sent = "".join(c.text for c in chunks)
    assert sent.startswith(QUOTED)
    assert RIGHT in sent and "2.5 ml" not in sent
    assert chunks[-1].withheld == [0]
    # nothing was removed without a quote, so no strip notice (as on the whole-answer path)
    assert load_policy(str(quoting)).strip_notice not in sent
