"""A short load on /v1/verify (benchmarks/server_load.py in small): no 5xx, memory that stops growing."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest
from server_helpers import API_KEY, live_server

from guard.server import ServerConfig

REPO = Path(__file__).resolve().parents[2]


def _load_benchmark():
    spec = importlib.util.spec_from_file_location("server_load", REPO / "benchmarks" / "server_load.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


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
        clients=[1, 4], seconds=2.0, max_requests=1000, payloads=4, soak=40, soak_clients=4, timeout=60
    )
    with live_server(config) as server:
        levels = asyncio.run(bench.measure_levels(server.url, os.getpid(), args))
        soaked = asyncio.run(bench.soak(server.url, os.getpid(), args))
    assert [r.clients for r in levels] == [1, 4]
    for level in levels:
        assert level.requests >= 1 and set(level.statuses) == {"200"} and level.with_failures == 0
        assert level.server_cpu_s_per_request > 0 and level.healthz_ms["p50"] > 0
    assert soaked["requests"] == 40 and soaked["statuses"] == {"200": 40}
    assert soaked["rss_mb_after"] > 0 and "growth_pct" in soaked
    assert sum(calls) >= 40 + 2 * 4 + sum(r.requests for r in levels)


def test_every_request_of_a_run_has_its_own_passages():
    bench = _load_benchmark()
    payload = bench.verify_payloads(limit=1)[0]
    a, b = bench.distinct(payload, 1), bench.distinct(payload, 2)
    assert a["answer"] == b["answer"] == payload["answer"]
    assert all(x != y for x, y in zip(a["contexts"], b["contexts"]))
    assert all(x.startswith(p) for x, p in zip(a["contexts"], payload["contexts"]))
