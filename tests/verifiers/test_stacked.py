"""The stacked verifier: hallucination_probability from real verify() calls, its artifact, its errors."""

from __future__ import annotations

import json

import pytest

from guard.errors import ModelError
from guard.verifiers import registry
from guard.verifiers.api import as_passages, verify
from guard.verifiers.stacked import (
    ARTIFACT_PATH,
    REQUIRES,
    StackedVerifier,
    generator_family,
    known_features,
    load_stacked,
    response_features,
)
from guard.verifiers.types import VerificationInput

ORDER = [*REQUIRES, "stacked"]  # every verifier a stacked artifact may read, in order
QUESTION = "When was the Eiffel Tower completed and how tall is it?"
PASSAGES = [
    "The Eiffel Tower in Paris was completed in 1889 for the World's Fair. It is 330 metres tall.",
    "Gustave Eiffel's company designed and built the tower between 1887 and 1889.",
]
GROUNDED = "The Eiffel Tower was completed in 1889 [1]. It is 330 metres tall [1]."
FABRICATED = (
    "The Eiffel Tower was completed in 1925 by the Italian architect Marco Bellini, who was "
    "paid 40 million dollars. It is 512 metres tall and was moved to Lyon in 1960."
)


def stacked_verify(answer: str, generator: str | None = "gpt-4-0613", verifiers=ORDER):
    return verify(
        question=QUESTION, contexts=PASSAGES, answer=answer, generator=generator, verifiers=verifiers
    )


@pytest.fixture
def use_artifact():
    """Register the real verifier on another artifact file for one test."""

    def register(path):
        registry.register_verifier("stacked", lambda: StackedVerifier(path))

    yield register
    registry._registered.pop("stacked", None)


def test_probability_is_set_in_unit_interval_and_higher_for_a_fabrication():
    grounded, fabricated = stacked_verify(GROUNDED), stacked_verify(FABRICATED)
    for report in (grounded, fabricated):
        assert report.failures == []
        assert 0.0 <= report.hallucination_probability <= 1.0
        assert report.signals["stacked_probability"] == report.hallucination_probability
    assert fabricated.hallucination_probability > grounded.hallucination_probability


@pytest.mark.parametrize(
    "verifiers", [["support", "stacked"], ["egc", "stacked"], ["stacked", "support", "egc", "grounding"]]
)
def test_missing_requirement_is_a_recorded_failure_that_names_the_order(verifiers):
    report = stacked_verify(FABRICATED, verifiers=verifiers)
    assert report.hallucination_probability is None
    [failure] = [f for f in report.failures if f.verifier == "stacked"]
    order = ", ".join(repr(n) for n in (*StackedVerifier().requires, "stacked"))
    assert f"list the verifiers in this order: {order}" in failure.message


def test_an_artifact_with_grounding_features_reads_the_grounding_verifier(tmp_path, use_artifact):
    data = json.loads(ARTIFACT_PATH.read_text())
    data.update(
        requires=list(REQUIRES),
        features=[*data["features"], "grounding_max_not_supported"],
        mean=[*data["mean"], 0.5],
        scale=[*data["scale"], 0.25],
        coef=[*data["coef"], 1.0],
    )
    path = tmp_path / "with-grounding.json"
    path.write_text(json.dumps(data))
    use_artifact(path)
    assert StackedVerifier(path).requires == REQUIRES
    with_grounding = stacked_verify(FABRICATED)
    assert with_grounding.failures == []
    without = stacked_verify(FABRICATED, verifiers=["support", "egc", "stacked"])
    assert without.hallucination_probability is None
    assert "'support', 'egc', 'grounding', 'stacked'" in without.failures[0].message


def test_grounding_features_without_grounding_in_requires_are_rejected(tmp_path):
    data = json.loads(ARTIFACT_PATH.read_text())
    data.update(requires=["support", "egc"], features=["grounding_max_not_supported"], mean=[0.5],
                scale=[0.25], coef=[1.0])
    path = tmp_path / "inconsistent.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ModelError, match="grounding features need 'grounding' in requires"):
        load_stacked(path)


def test_generator_family_changes_features_and_probability():
    report = stacked_verify(FABRICATED)
    model = load_stacked()
    probabilities, rows = {}, {}
    for generator in ("gpt-4-0613", "llama-2-7b-chat", "mistral-7B-instruct", None):
        inp = VerificationInput(question=QUESTION, passages=as_passages(PASSAGES), answer=FABRICATED,
                                generator=generator)
        rows[generator] = response_features(inp, report)
        probabilities[generator] = model.probability(rows[generator])
    assert rows["gpt-4-0613"]["family_gpt"] == 1.0 and rows["gpt-4-0613"]["family_llama-2"] == 0.0
    assert rows["llama-2-7b-chat"]["family_llama-2"] == 1.0
    assert rows[None]["family_other"] == 1.0
    assert len(set(probabilities.values())) == 4
    assert set(rows[None]) == set(known_features())


@pytest.mark.parametrize(
    ("generator", "family"),
    [("llama-2-70b-chat", "llama-2"), ("gpt-3.5-turbo-0613", "gpt"), ("mistral-7B-instruct", "mistral"),
     ("local/smollm2-135m-instruct", "other"), (None, "other")],
)
def test_generator_family(generator, family):
    assert generator_family(generator) == family


def test_committed_artifact_says_how_it_was_made():
    model = load_stacked()
    assert model.command.startswith("ragguard train stacked")
    assert set(model.requires) <= set(REQUIRES)
    assert StackedVerifier().requires == tuple(model.requires)
    assert "train minus dev" in model.trained_on["split"]
    assert model.cv["chosen"] in model.cv["candidates"]
    assert StackedVerifier().threshold == model.threshold
    assert len(StackedVerifier().version) == 12


def write(path, **changes):
    data = json.loads(ARTIFACT_PATH.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"coef": [1.0]}, "one entry each per feature"),
        ({"features": ["no_such_feature"], "mean": [0.0], "scale": [1.0], "coef": [1.0]}, "unknown features"),
        ({"threshold": 1.5}, "threshold"),
        ({"format": "something-else/9"}, "format"),
    ],
)
def test_broken_artifact_is_a_model_error(tmp_path, changes, says):
    path = write(tmp_path / "broken.json", **changes)
    with pytest.raises(ModelError, match="malformed") as caught:
        load_stacked(path)
    assert says in str(caught.value) and "ragguard train stacked" in str(caught.value)


def test_missing_or_unparsable_artifact_fails_the_verifier_not_the_call(tmp_path, use_artifact):
    with pytest.raises(ModelError, match="missing"):
        load_stacked(tmp_path / "absent.json")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    verifier = StackedVerifier(garbage)
    assert verifier.threshold is None and verifier.version == "unavailable"
    use_artifact(garbage)
    report = stacked_verify(FABRICATED)
    assert report.hallucination_probability is None
    [failure] = report.failures
    assert failure.verifier == "stacked" and "malformed" in failure.message


def test_other_grounding_model_refuses_to_score(tmp_path, use_artifact):
    other = write(tmp_path / "other.json", grounding_fingerprint="0123456789ab", requires=list(REQUIRES))
    use_artifact(other)
    report = stacked_verify(FABRICATED)
    assert report.hallucination_probability is None
    [failure] = report.failures
    assert "0123456789ab" in failure.message and "retrain" in failure.message


def test_extreme_features_give_a_probability_not_an_overflow():
    model = load_stacked()
    inp = VerificationInput(question=QUESTION, passages=as_passages(PASSAGES), answer=FABRICATED)
    row = response_features(inp, stacked_verify(FABRICATED), model.requires)
    for sign in (1e6, -1e6):
        extreme = {name: value * sign for name, value in row.items()}
        assert 0.0 <= model.probability(extreme) <= 1.0
