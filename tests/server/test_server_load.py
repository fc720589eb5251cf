"""A short load on /v1/verify (benchmarks/server_load.py in small): no 5xx, memory that stops growing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from server_helpers import API_KEY, live_server

from guard.server import ServerConfig
from tests.scripts import load_script

REPO = Path(__file__).resolve().parents[2]


def _load_benchmark():
    return load_script("benchmarks/server_load.py", "server_load")


@pytest.mark.slow
def test_four_clients_for_three_seconds_get_no_5xx_and_bounded_memory():
    bench = _load_benchmark()
    payloads = bench.verify_payloads(limit=4)
    assert all(len(p["contexts"]) == 5 and p["answer"].count("[") == 5 for p in payloads)
    headers = {"Authorization": f"Bearer {API_KEY}"}
    config = ServerConfig(api_keys=[API_KEY], api_key_env=None, workers_pool=2)
    with live_server(config) as server:

        async def run():
            await bench.drive(server.url, payloads, 4, 600.0, len(payloads), headers)  # warm-up, 4 at a time
            await bench.drive(server.url, payloads, 4, 600.0, len(payloads), headers)
            before = bench.rss_mb()
            result = await bench.drive(server.url, payloads, 4, 3.0, 200, headers)
            return result, bench.rss_mb() - before

        result, growth = asyncio.run(run())
    assert result.requests >= 4
    assert result.server_errors == 0 and set(result.statuses) == {"200"}, result.statuses
    assert growth < 100, f"RSS grew {growth:.0f} MB over a 3 s load after warm-up"


def test_the_benchmark_reports_every_level_and_a_soak(monkeypatch):
    """The plumbing of server_load.py (levels, /healthz probe, CPU per request, soak RSS) against a
    server whose verification is a stub: the figures are the benchmark's, not the verifier's."""
    import argparse
    import os

    from guard.server import batching
    from guard.verifiers.types import Verification

    calls = []

    def fake(items, settings):
        calls.append(len(items))
        return [Verification(notes=[i.contexts[0].text[-12:]]) for i in items]

    monkeypatch.setattr(batching, "_verify_many", fake)
    bench = _load_benchmark()
    config = ServerConfig(api_keys=[bench.API_KEY], api_key_env=None, warm_up=False)
    args = argparse.Namespace(
        clients=[1, 4], seconds=2.0, max_requests=1000, payloads=4, soak=40, soak_clients=4, timeout=60,
        soak_warm_up=20, soak_sample_every=15, soak_settle_s=0.0, texts="repeat-passages",
    )
    with live_server(config) as server:
        levels = asyncio.run(bench.measure_levels(server.url, os.getpid(), args))
        soaked = asyncio.run(bench.soak(server.url, os.getpid(), args))
    assert [r.clients for r in levels] == [1, 4]
    for level in levels:
        assert level.requests >= 1 and set(level.statuses) == {"200"} and level.with_failures == 0
        assert level.server_cpu_s_per_request > 0 and level.healthz_ms["p50"] > 0
    assert soaked["requests"] == 60 and soaked["statuses"] == {"200": 60}  # 20 warm-up + 40
    assert [n for n, _ in soaked["rss_mb_by_requests"]] == [0, 15, 30, 45, 60]
    assert soaked["rss_mb_after_warm_up"] == soaked["rss_mb_by_requests"][2][1]  # first sample >= 20
    assert soaked["rss_mb_after"] > 0 and isinstance(soaked["growth_mb_per_1k_requests"], float)
    assert sum(calls) >= 60 + 2 * 4 + sum(r.requests for r in levels)


def test_the_soak_reports_growth_after_warm_up_and_its_slope(tmp_path):
    import argparse

    bench = _load_benchmark()
    args = argparse.Namespace(soak=3000, soak_warm_up=1000, soak_clients=8)
    samples = [(0, 500.0), (500, 580.0), (1000, 600.0), (2000, 610.0), (3000, 620.0), (4000, 630.0)]
    report = bench._soak_report(samples, [], args, cpu_s=0.0)
    assert report["rss_mb_after_warm_up"] == 600.0 and report["rss_mb_after"] == 630.0
    assert report["growth_pct"] == 5.0
    assert report["growth_mb_per_1k_requests"] == 10.0  # the warm-up's steep rise is not in the slope
    assert bench._slope_per_1k([(1000, 600.0)]) is None
    bench.plot_soak({**report, "requests": 4000}, tmp_path / "soak.png", 10.0)
    assert (tmp_path / "soak.png").read_bytes()[:4] == b"\x89PNG"


def test_every_request_of_a_run_has_its_own_passages():
    bench = _load_benchmark()
    payload = bench.verify_payloads(limit=1)[0]
    a, b = bench.distinct(payload, 1), bench.distinct(payload, 2)
    assert a["answer"] == b["answer"] == payload["answer"]
    assert all(x != y for x, y in zip(a["contexts"], b["contexts"]))
    assert all(x.startswith(p) for x, p in zip(a["contexts"], payload["contexts"]))


def test_each_text_mode_makes_new_what_it_says():
    from guard.language import sentence_spans_many
    from guard.verifiers.claims import extract_claims

    bench = _load_benchmark()
    payload = bench.verify_payloads(limit=1)[0]

    def sentences(contexts: list[str]) -> set[str]:
        return {text[s:e] for text, spans in zip(contexts, sentence_spans_many(contexts)) for s, e in spans}

    def claims(answer: str) -> list[str]:
        return [c.text for c in extract_claims(answer)]

    assert bench.fresh(payload, 7) == bench.distinct(payload, 7)  # the default: what earlier rounds sent
    repeated = [bench.fresh(payload, n, "repeat-passages") for n in (1, 2)]
    assert all(r["contexts"] == payload["contexts"] for r in repeated)
    assert len(claims(repeated[0]["answer"])) == len(claims(payload["answer"])) == 5
    earlier = claims(repeated[1]["answer"]) + claims(payload["answer"])
    assert not set(claims(repeated[0]["answer"])) & set(earlier)
    assert repeated[0]["answer"].count("[") == 5  # the citations kept
    new = bench.fresh(payload, 3, "all-new")
    assert len(sentences(new["contexts"])) >= len(sentences(payload["contexts"]))
    assert not sentences(new["contexts"]) & sentences(payload["contexts"])
    assert not set(claims(new["answer"])) & set(claims(payload["answer"]))
    with pytest.raises(ValueError):
        bench.fresh(payload, 1, "sometimes-new")
