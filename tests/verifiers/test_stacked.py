"""The stacked verifier: hallucination_probability from real verify() calls, its artifact, its errors."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from guard.errors import ConfigError, ModelError
from guard.verifiers import registry
from guard.verifiers.api import as_passages, verify
from guard.verifiers.stacked import (
    ARTIFACT_PATH,
    KINDS,
    REQUIRES,
    StackedVerifier,
    generator_family,
    generator_name,
    input_kind,
    is_generator_feature,
    known_features,
    load_stacked,
    response_features,
)
from guard.verifiers.stage import build_settings
from guard.verifiers.types import VerificationInput

RAGTRUTH = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "ragtruth"
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
    # Built per call (a test may register another stacked verifier), with a deadline a busy
    # test machine cannot hit: these tests are about scores, not the clock.
    settings = build_settings(verifiers, deadline_s=600)
    return verify(question=QUESTION, contexts=PASSAGES, answer=answer, generator=generator, settings=settings)


@pytest.fixture(scope="module")
def ragtruth_train():
    from guard.eval.ragtruth import load_ragtruth

    return load_ragtruth(RAGTRUTH, splits=["train"])


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
        assert report.scores.stacked_probability == report.hallucination_probability
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


def with_head_feature(data: dict, feature: str) -> dict:
    """The artifact data with ``feature`` (weight 1) appended to every head."""
    for head in data["heads"].values():
        head.update(features=[*head["features"], feature], mean=[*head["mean"], 0.5],
                    scale=[*head["scale"], 0.25], coef=[*head["coef"], 1.0])
    return data


def test_an_artifact_with_grounding_features_reads_the_grounding_verifier(tmp_path, use_artifact):
    data = with_head_feature(json.loads(ARTIFACT_PATH.read_text()), "grounding_max_not_supported")
    data.update(requires=list(REQUIRES))
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
    data = with_head_feature(json.loads(ARTIFACT_PATH.read_text()), "grounding_max_not_supported")
    data.update(requires=["support", "egc"])
    path = tmp_path / "inconsistent.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ModelError, match="grounding features need 'grounding' in requires"):
        load_stacked(path)


def _probabilities(report, model, use_generator=False):
    out, rows = {}, {}
    for generator in ("gpt-4-0613", "llama-2-7b-chat", "mistral-7B-instruct", None):
        inp = VerificationInput(question=QUESTION, passages=as_passages(PASSAGES), answer=FABRICATED,
                                generator=generator)
        rows[generator] = response_features(inp, report)
        out[generator] = model.probability(rows[generator], input_kind(inp), generator=use_generator)
    return out, rows


def test_by_default_the_probability_does_not_depend_on_who_wrote_the_answer():
    report = stacked_verify(FABRICATED)
    model = load_stacked()
    assert not any(is_generator_feature(f) for head in model.heads.values() for f in head.features)
    probabilities, rows = _probabilities(report, model)
    assert len(set(probabilities.values())) == 1
    # GROUNDED: no contradicted claim, whose floor (0.9) would hide any difference.
    reports = [stacked_verify(GROUNDED, generator=g).hallucination_probability for g in ("gpt-4-0613", None)]
    assert reports[0] == reports[1] < 0.9
    # The features are still computed (the opt-in generator heads read them).
    assert rows["gpt-4-0613"]["family_gpt"] == 1.0 and rows["llama-2-7b-chat"]["family_llama-2"] == 1.0
    one_hots = [k for k in rows[None] if is_generator_feature(k) and "*" not in k]
    assert all(math.isnan(rows[None][k]) for k in one_hots)
    assert set(rows[None]) == set(known_features())


def test_an_application_that_knows_its_generator_can_opt_in(use_artifact):
    model = load_stacked()
    assert model.generator_heads is not None and model.generator_threshold is not None
    by_generator, _ = _probabilities(stacked_verify(FABRICATED), model, use_generator=True)
    assert len(set(by_generator.values())) == 4  # an unknown generator: the known ones' average effect
    by_default = stacked_verify(GROUNDED, generator=None).hallucination_probability
    registry.register_verifier("stacked", lambda: StackedVerifier(use_generator=True))  # use_artifact pops it
    opted = [stacked_verify(GROUNDED, generator=g).hallucination_probability for g in ("gpt-4-0613", "llama-2-7b-chat")]
    assert opted[0] != opted[1]  # GROUNDED: no contradicted claim, whose 0.9 floor would hide it
    # Without a generator name the opt-in verifier scores like the default one.
    assert stacked_verify(GROUNDED, generator=None).hallucination_probability == by_default
    verifier = StackedVerifier(use_generator=True)
    assert verifier.threshold == model.generator_threshold and verifier.version.endswith("+generator")


def test_a_policy_setting_turns_the_generator_on(tmp_path):
    built = registry.build_verifier("stacked", use_generator=True)
    assert built.use_generator
    assert not registry.build_verifier("stacked").use_generator  # off by default


def test_opting_in_on_an_artifact_without_generator_heads_is_a_config_error(tmp_path):
    path = write(tmp_path / "blind.json", generator_heads=None, generator_threshold=None)
    assert StackedVerifier(path).threshold == load_stacked(path).threshold
    with pytest.raises(ConfigError, match="use_generator is true, but .* has no generator heads"):
        StackedVerifier(path, use_generator=True)


def test_default_heads_that_read_the_generator_are_rejected(tmp_path):
    data = with_head_feature(json.loads(ARTIFACT_PATH.read_text()), "generator_gpt-4")
    path = tmp_path / "reads-generator.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ModelError, match="default heads must not read the generator"):
        load_stacked(path)


@pytest.mark.parametrize(
    ("generator", "family"),
    [("llama-2-70b-chat", "llama-2"), ("gpt-3.5-turbo-0613", "gpt"), ("mistral-7B-instruct", "mistral"),
     ("local/smollm2-135m-instruct", "other"), (None, "other")],
)
def test_generator_family(generator, family):
    assert generator_family(generator) == family


@pytest.mark.parametrize(
    ("generator", "name"),
    [("gpt-4-0613", "gpt-4"), ("gpt-3.5-turbo-0613", "gpt-3.5"), ("mistral-7B-instruct", "mistral-7b"),
     ("llama-2-7b-chat", "llama-2-7b"), ("meta-llama/Llama-2-13b-chat-hf", "llama-2-13b"),
     ("llama-2-70b-chat", "llama-2-70b"), ("local/smollm2-135m-instruct", "other"), (None, "other")],
)
def test_generator_name(generator, name):
    assert generator_name(generator) == name


def kind_of(question: str, *passages: str) -> str:
    return input_kind(VerificationInput(question=question, passages=as_passages(list(passages)), answer="x"))


def test_input_kind_from_the_shape_of_the_input():
    record = "name: Le Crepe Shoppe\ncity: Santa Barbara\nattributes:\n  parking: street\nhours: null"
    assert kind_of("Write an overview of the business.", record) == "data2txt"
    assert kind_of("Summarize the following news article.", "A long article. It has sentences.") == "summary"
    assert kind_of("", "An article with no question asked of it.") == "summary"
    assert kind_of("Write a brief summary of the article.", "A long article.") == "summary"
    rule = "Rule 56: no trial if no fact is in dispute."
    assert kind_of("Summary judgment: when is it granted?", rule) == "qa"
    assert kind_of(QUESTION, *PASSAGES) == "qa"
    shop = ("Phone Number: (510) 889-8690", "Open daily, see the website.")
    assert kind_of("butcher shop phone number", *shop) == "qa"


def test_input_kind_matches_the_ragtruth_task(ragtruth_train):
    from collections import Counter

    kinds = Counter(
        (r.task.value, input_kind(VerificationInput(question=r.question, passages=as_passages(r.passages),
                                                    answer=r.answer)))
        for r in ragtruth_train
    )
    assert kinds[("Data2txt", "data2txt")] == sum(v for (t, _), v in kinds.items() if t == "Data2txt")
    assert kinds[("Summary", "summary")] == sum(v for (t, _), v in kinds.items() if t == "Summary")
    qa = sum(v for (t, _), v in kinds.items() if t == "QA")
    assert kinds[("QA", "qa")] >= 0.98 * qa


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


HEAD = {"features": ["novel_word_share"], "mean": [0.2], "scale": [0.1], "coef": [1.0], "intercept": 0.0}


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"heads": {"all": {**HEAD, "coef": [1.0, 2.0]}}}, "one entry each per feature"),
        ({"heads": {"all": {**HEAD, "features": ["no_such_feature"]}}}, "unknown features"),
        ({"heads": {"qa": HEAD}}, "one per input kind"),
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
        for kind in KINDS:
            assert 0.0 <= model.probability(extreme, kind) <= 1.0


def test_a_pooled_artifact_serves_every_kind(tmp_path, use_artifact):
    path = write(tmp_path / "pooled.json", heads={"all": HEAD})
    model = load_stacked(path)
    assert all(model.head(kind) is model.heads["all"] for kind in KINDS)
    use_artifact(path)
    assert stacked_verify(FABRICATED).hallucination_probability is not None


def test_an_artifact_without_grounding_features_never_fingerprints_the_grounding_weights(monkeypatch):
    import guard.verifiers.stacked.verifier as stacked_verifier

    assert "grounding" not in load_stacked().requires  # the shipped artifact

    def hashing_not_allowed(*args, **kwargs):
        raise AssertionError("the 45 MB grounding weights were hashed")

    monkeypatch.setattr(stacked_verifier, "grounding_fingerprint", hashing_not_allowed)
    report = stacked_verify(GROUNDED, verifiers=["support", "egc", "stacked"])
    assert report.failures == [] and report.hallucination_probability is not None


def test_the_verifier_computes_no_interaction_feature_its_artifact_does_not_read():
    model = load_stacked()
    assert not model.uses_interactions
    report = stacked_verify(GROUNDED, verifiers=["support", "egc"])
    inp = VerificationInput(
        question=QUESTION, passages=[*map(_passage, enumerate(PASSAGES, 1))], answer=GROUNDED
    )
    without = response_features(inp, report, model.requires, interactions=False)
    assert not any("*" in name for name in without)
    assert len(response_features(inp, report, model.requires)) - len(without) == 24
    read = {f for head in model.heads.values() for f in head.features}
    assert read <= set(without)


def _passage(numbered):
    from retrievers.types import Passage

    number, text = numbered
    return Passage(id=str(number), text=text)


def test_the_contradicted_floor_lifts_every_probability_and_keeps_their_order():
    from guard.verifiers.stacked.verifier import CONTRADICTED_FLOOR, contradicted_floor

    lifted = [contradicted_floor(p) for p in (0.0, 0.1, 0.5, 0.93, 1.0)]
    assert all(CONTRADICTED_FLOOR <= q <= 1.0 for q in lifted)
    assert lifted == sorted(lifted) and len(set(lifted)) == len(lifted)  # order kept, no ties
    assert lifted[0] == CONTRADICTED_FLOOR and lifted[-1] == 1.0


def test_the_claim_signals_find_the_one_baseless_sentence_and_do_not_grow_with_length():
    from guard.verifiers.stacked import CLAIM_SIGNAL_FEATURES, claim_features

    def features(answer):
        report = stacked_verify(answer)
        inp = VerificationInput(question=QUESTION, passages=as_passages(PASSAGES), answer=answer)
        return response_features(inp, report), claim_features(inp, report)

    grounded, _ = features(GROUNDED)
    added = GROUNDED + " Its lift operators went on strike for higher wages during the Olympic summer."
    baseless, claims = features(added)
    assert set(CLAIM_SIGNAL_FEATURES) <= set(grounded)
    assert baseless["unit_novel_share_max"] > grounded["unit_novel_share_max"] + 0.5
    assert baseless["claim_novel_share_max"] > grounded["claim_novel_share_max"] + 0.5
    assert claims[-1]["claim_unit_novel_share"] > 0.5 > claims[0]["claim_unit_novel_share"]
    # Shares and maxima: saying the grounded answer twice changes none of them.
    twice, _ = features(GROUNDED + " " + GROUNDED)
    same = {n: grounded[n] for n in CLAIM_SIGNAL_FEATURES}
    assert {n: twice[n] for n in CLAIM_SIGNAL_FEATURES} == pytest.approx(same)
