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
