"""Evidence windows: nearest sentences first, original order, never over the token budget."""

from __future__ import annotations

import pytest

from guard.grounding.evidence import PAIR_SPECIAL_TOKENS, EvidencePool, count_tokens, select_evidence

PASSAGES = [
    "Paris is the capital of France. The Seine flows through Paris. Paris has many museums.",
    "Berlin is the capital of Germany. Berlin has a famous wall memorial.\nname: Cafe Lumen\nWiFi: free",
    "Mount Everest is the highest mountain. It lies in the Himalayas.",
]


@pytest.mark.parametrize("budget", [24, 40, 64, 128, 256])
def test_window_fits_the_budget(word_embedder, budget):
    claim = "The Seine river flows through Paris, the capital of France."
    window = select_evidence(claim, PASSAGES, budget, embedder=word_embedder)
    used = count_tokens([claim])[0] + count_tokens([window])[0] + PAIR_SPECIAL_TOKENS
    assert window and used <= budget


def test_window_holds_the_nearest_sentences_in_passage_order(word_embedder):
    pool = EvidencePool.build(PASSAGES, embedder=word_embedder)
    claim = "Berlin is the capital of Germany and Paris is the capital of France."
    wanted = ["Paris is the capital of France.", "Berlin is the capital of Germany."]
    # Room for exactly the two nearest sentences (the next one needs at least 5 more tokens).
    budget = count_tokens([claim])[0] + PAIR_SPECIAL_TOKENS + sum(count_tokens(wanted)) + 3
    window = pool.select(claim, budget=budget, embedder=word_embedder)
    assert window == " ".join(wanted)


def test_lines_are_units_and_a_large_budget_takes_everything_in_order(word_embedder):
    pool = EvidencePool.build(PASSAGES, embedder=word_embedder)
    assert "name: Cafe Lumen" in [u.text for u in pool.units]
    window = pool.select("WiFi at Cafe Lumen", budget=512, embedder=word_embedder)
    assert window == " ".join(u.text for u in pool.units)


def test_an_overlong_nearest_sentence_is_cut_not_dropped(word_embedder):
    long_sentence = "Paris " + "museum " * 300 + "end."
    window = select_evidence("Paris museum", [long_sentence], 32, embedder=word_embedder)
    assert window.startswith("Paris museum")
    assert count_tokens(["Paris museum"])[0] + count_tokens([window])[0] + PAIR_SPECIAL_TOKENS <= 32


def test_no_passages_give_an_empty_window(word_embedder):
    assert select_evidence("anything", [], 64, embedder=word_embedder) == ""


@pytest.mark.slow
def test_real_embedder_finds_the_paraphrase():
    window = select_evidence("Everest is the tallest peak on Earth.", PASSAGES, 20)
    assert window == "Mount Everest is the highest mountain."


def test_cache_pools_like_a_fresh_pool_and_embeds_each_text_once(word_embedder):
    from guard.grounding.evidence import EvidenceCache

    calls = []

    class Counting:
        def encode(self, texts):
            calls.append(len(texts))
            return word_embedder.encode(texts)

    cache = EvidenceCache(embedder=Counting())
    pooled = cache.pool(PASSAGES)
    fresh = EvidencePool.build(PASSAGES, embedder=word_embedder)
    assert [u.model_dump() for u in pooled.units] == [u.model_dump() for u in fresh.units]
    claim = "Berlin is the capital of Germany."
    assert pooled.select(claim, 64, embedder=word_embedder) == fresh.select(claim, 64, embedder=word_embedder)
    subset = cache.pool([PASSAGES[2], PASSAGES[0]])
    assert [u.passage for u in subset.units] == [0, 0, 1, 1, 1]
    assert len(calls) == 1  # the second pool reused the first one's vectors


def test_cache_cuts_a_join_back_into_known_texts(word_embedder):
    from guard.grounding.evidence import EvidenceCache

    cache = EvidenceCache(embedder=word_embedder)
    cache.add(["alpha\n\nbeta", "gamma"])
    assert cache.pieces("alpha\n\nbeta\n\ngamma") == ["alpha\n\nbeta", "gamma"]
    assert cache.pieces("gamma\n\nnew one\n\nalpha\n\nbeta") == ["gamma", "new one", "alpha\n\nbeta"]
    assert cache.pieces("gamma") == ["gamma"]


def test_nearest_is_the_most_similar_sentence(word_embedder):
    pool = EvidencePool.build(PASSAGES, embedder=word_embedder)
    found = pool.nearest(word_embedder.encode(["Everest is the highest mountain.", "zzz"]))
    assert found[0].text == "Mount Everest is the highest mountain." and found[0].passage == 2
    assert EvidencePool([], pool.vectors[:0]).nearest(word_embedder.encode(["x"])) == [None]
