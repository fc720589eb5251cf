"""verify_batch / averify_batch: the verdicts of one-by-one verify(), lazily, in input order."""

from __future__ import annotations

import asyncio

import pytest
from batch_cases import EDGE_CASES, assert_same, comparable, draft_items, ragtruth_items

from guard.content_cache import clear_content_caches
from guard.errors import InputError
from guard.verifiers.batch import VerifyItem, averify_batch, verify_batch
from guard.verifiers.stage import build_settings
from retrievers.types import Passage

pytestmark = pytest.mark.slow  # the real embedder and spaCy


@pytest.fixture(scope="module")
def settings():
    return build_settings(deadline_s=600.0)  # verdicts, not the clock, on a busy machine


@pytest.fixture(scope="module")
def items() -> list[VerifyItem]:
    return ragtruth_items() + draft_items() + EDGE_CASES


def test_batched_verdicts_are_those_of_one_by_one_calls(items, settings):
    from guard.verifiers.api import verify

    clear_content_caches()
    one_by_one = [
        verify(question=i.question, contexts=i.contexts, answer=i.answer, generator=i.generator, settings=settings)
        for i in items
    ]
    clear_content_caches()
    batched = list(verify_batch(items, settings=settings, batch_size=7))
    assert len(batched) == len(items) == 37
    assert not any(r.failures for r in batched)
    for n, (got, expected) in enumerate(zip(batched, one_by_one, strict=True)):
        assert_same(comparable(got), comparable(expected), f"item {n}")
    # Not vacuous: the inputs hold supported and unsupported claims, cited and uncited.
    labels = {v.label.value for r in batched for v in r.claims}
    assert {"supported", "unsupported"} <= labels
    assert any(v.cited_passage_ids for r in batched for v in r.claims)


def test_input_is_read_lazily_one_batch_ahead(settings):
    pulled = []

    def stream():
        for n in range(40):
            pulled.append(n)
            yield VerifyItem(question="Q?", contexts=[f"Passage {n} says {n} apples."], answer=f"It says {n} apples.")

    results = verify_batch(stream(), settings=settings, batch_size=4)
    assert pulled == []  # nothing is read before the first result is asked for
    first = next(results)
    assert first.claims[0].claim.text == "It says 0 apples."
    assert len(pulled) <= 8  # the batch being verified and the one being prepared
    rest = list(results)
    assert [r.claims[0].claim.text for r in rest] == [f"It says {n} apples." for n in range(1, 40)]


def test_averify_batch_matches(settings):
    items = EDGE_CASES + draft_items(2)
    got = asyncio.run(averify_batch(items, settings=settings, batch_size=2))
    assert [comparable(r) for r in got] == [comparable(r) for r in verify_batch(items, settings=settings)]


def test_thresholds_and_refusal_apply_to_every_item(settings):
    from guard.verifiers.api import verify
    from guard.verifiers.types import VerifyThresholds

    strict = VerifyThresholds(support=0.95, novelty_penalty=0.1)
    refusal = "I cannot answer that from the documents."
    items = [*draft_items(3), VerifyItem(question="Q?", contexts=["Paris is in France."], answer=refusal)]
    got = list(verify_batch(items, settings=settings, thresholds=strict, refusal_text=refusal))
    expected = [
        verify(question=i.question, contexts=i.contexts, answer=i.answer, settings=settings, thresholds=strict,
               refusal_text=refusal)
        for i in items
    ]
    assert [comparable(r) for r in got] == [comparable(r) for r in expected]
    assert got[-1].is_refusal and not got[0].is_refusal


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"verifiers": ["support"], "settings": "SETTINGS"}, "not both"),
        ({"batch_size": 0}, "batch_size must be at least 1"),
        ({"executor": "spark"}, "executor must be 'local' or 'ray'"),
        ({"ray_address": "auto"}, "ray_address applies to executor='ray'"),
        ({"workers": 0, "executor": "ray"}, "workers must be at least 1"),
        ({"verifiers": ["nope"]}, "Unknown verifier 'nope'"),
    ],
)
def test_bad_arguments_fail_at_the_call(kwargs, message, settings):
    from guard.errors import ConfigError

    kwargs = {k: (settings if v == "SETTINGS" else v) for k, v in kwargs.items()}
    with pytest.raises((InputError, ConfigError), match=message):
        verify_batch([], **kwargs)


def test_bad_items_are_named():
    with pytest.raises(InputError, match="not a single one"):
        verify_batch(EDGE_CASES[0], verifiers=["support"])
    with pytest.raises(InputError, match=r"items\[1\] is a dict"):
        list(verify_batch([EDGE_CASES[0], {"question": "Q"}], verifiers=["support"]))
    with pytest.raises(InputError, match="repeats the passage id"):
        VerifyItem(question="Q", contexts=[Passage(id="a", text="x"), Passage(id="a", text="y")], answer="A.")


def test_items_are_frozen():
    with pytest.raises(Exception, match="frozen"):
        EDGE_CASES[0].answer = "changed"


def test_warm_up_parses_the_units_of_passages_several_answers_share():
    from guard import language
    from guard.content_cache import content_key
    from guard.verifiers.batch import _inputs, warm_caches
    from guard.verifiers.claim_judge import units_of

    if language.trained_pipeline(language._PARSE_EXCLUDE) is None:
        pytest.skip("the trained spaCy model is not installed")
    shared = "The tower is 330 metres tall. It was built in 1889 by Gustave Eiffel's company."
    alone = "The bridge is 120 metres long. It opened in 1902 after four years of work."
    items = [
        VerifyItem(question="How tall is it?", contexts=[shared], answer="It is 330 metres tall."),
        VerifyItem(question="When was it built?", contexts=[shared], answer="It was built in 1889."),
        VerifyItem(question="How long is it?", contexts=[alone], answer="It is 120 metres long."),
    ]
    clear_content_caches()
    settings = build_settings(deadline_s=600.0)
    inputs = _inputs(items, settings, None)
    warm_caches(inputs, settings.names)

    def parsed(text: str) -> bool:
        return language._PARSES.get(content_key(text)) is not None

    assert all(parsed(u.text) for u in units_of(inputs[0].passages[0].id, shared).units)
    assert not any(parsed(u.text) for u in units_of(inputs[2].passages[0].id, alone).units)  # left to demand
    assert all(parsed(c) for c in ("It is 330 metres tall.", "It is 120 metres long."))
