"""/v1/verify micro-batching (guard/server/batching.py): batches per policy, errors stay with their
request, the event loop keeps running while a batch is verified, same verdicts as one by one."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from server_helpers import API_KEY, live_server

from guard.server import ServerConfig
from guard.server.batching import VerifyBatcher, VerifyItem
from guard.server.metrics import ServerMetrics
from guard.verifiers.stage import VerificationSettings
from guard.verifiers.types import Verification

STRICT = VerificationSettings(verifiers=(), refusal_text="strict")
LENIENT = VerificationSettings(verifiers=(), refusal_text="lenient")


def _item(answer: str) -> VerifyItem:
    return VerifyItem(question="q?", contexts=["a passage"], answer=answer)


class Recorder:
    """A fake batch verifier: records each batch, fails on answers starting with 'boom', may sleep."""

    def __init__(self, sleep_s: float = 0.0) -> None:
        self.batches: list[tuple[str | None, list[str]]] = []
        self.sleep_s = sleep_s
        self.lock = threading.Lock()

    def __call__(self, items: list[VerifyItem], settings: VerificationSettings) -> list[Verification]:
        with self.lock:
            self.batches.append((settings.refusal_text, [i.answer for i in items]))
        time.sleep(self.sleep_s)  # blocking, like model work
        if any(i.answer.startswith("boom") for i in items):
            raise ValueError(f"cannot verify {[i.answer for i in items if i.answer.startswith('boom')]}")
        return [Verification(notes=[f"{settings.refusal_text}:{i.answer}"]) for i in items]


def _run(coro):
    return asyncio.run(coro)


def _batcher(recorder, pool, **kwargs) -> VerifyBatcher:
    return VerifyBatcher(pool, verify_many=recorder, **kwargs)


def test_requests_within_the_window_share_one_batch_and_get_their_own_result():
    recorder = Recorder()

    async def main():
        with ThreadPoolExecutor(2) as pool:
            batcher = _batcher(recorder, pool, window_s=0.05, max_size=16)
            return await asyncio.gather(*(batcher.verify(_item(f"a{i}"), STRICT) for i in range(5)))

    results = _run(main())
    assert [r.notes for r in results] == [[f"strict:a{i}"] for i in range(5)]
    assert recorder.batches == [("strict", [f"a{i}" for i in range(5)])]


def test_a_full_batch_goes_at_once_and_the_rest_form_the_next():
    recorder = Recorder()

    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = _batcher(recorder, pool, window_s=5.0, max_size=3)  # the window would be too long
            started = time.perf_counter()
            first = await asyncio.gather(*(batcher.verify(_item(f"a{i}"), STRICT) for i in range(3)))
            return first, time.perf_counter() - started

    results, elapsed = _run(main())
    assert len(results) == 3 and elapsed < 2.0
    assert recorder.batches == [("strict", ["a0", "a1", "a2"])]

    recorder = Recorder()

    async def seven():
        with ThreadPoolExecutor(1) as pool:
            batcher = _batcher(recorder, pool, window_s=0.02, max_size=3)
            return await asyncio.gather(*(batcher.verify(_item(f"a{i}"), STRICT) for i in range(7)))

    assert len(_run(seven())) == 7
    assert sorted(len(answers) for _, answers in recorder.batches) == [1, 3, 3]


def test_policies_are_never_mixed_in_one_batch():
    recorder = Recorder()

    async def main():
        with ThreadPoolExecutor(2) as pool:
            batcher = _batcher(recorder, pool, window_s=0.05, max_size=16)
            calls = [batcher.verify(_item(f"a{i}"), STRICT if i % 2 else LENIENT) for i in range(6)]
            return await asyncio.gather(*calls)

    results = _run(main())
    assert [r.notes[0] for r in results] == [f"{'strict' if i % 2 else 'lenient'}:a{i}" for i in range(6)]
    assert sorted(recorder.batches) == [("lenient", ["a0", "a2", "a4"]), ("strict", ["a1", "a3", "a5"])]


def test_an_error_fails_only_its_own_request():
    recorder = Recorder()

    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = _batcher(recorder, pool, window_s=0.05, max_size=16)
            calls = [batcher.verify(_item(a), STRICT) for a in ("a0", "boom1", "a2", "a3")]
            return await asyncio.gather(*calls, return_exceptions=True)

    results = _run(main())
    assert isinstance(results[1], ValueError) and "boom1" in str(results[1])
    assert [r.notes for i, r in enumerate(results) if i != 1] == [["strict:a0"], ["strict:a2"], ["strict:a3"]]
    # The whole batch first, then each request alone.
    assert recorder.batches[0] == ("strict", ["a0", "boom1", "a2", "a3"])
    assert [answers for _, answers in recorder.batches[1:]] == [["a0"], ["boom1"], ["a2"], ["a3"]]


def test_a_wrong_number_of_results_is_an_error_not_a_misattribution():
    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = VerifyBatcher(pool, verify_many=lambda items, s: [Verification()], window_s=0.05)
            return await asyncio.gather(
                *(batcher.verify(_item(f"a{i}"), STRICT) for i in range(2)), return_exceptions=True
            )

    results = _run(main())
    # Each alone gets its one result; together they could not be told apart.
    assert all(isinstance(r, Verification) for r in results)

    async def none():
        with ThreadPoolExecutor(1) as pool:
            batcher = VerifyBatcher(pool, verify_many=lambda items, s: [], window_s=0.0)
            return await asyncio.gather(batcher.verify(_item("a"), STRICT), return_exceptions=True)

    (result,) = _run(none())
    assert isinstance(result, RuntimeError) and "0 results for 1" in str(result)


def test_a_request_whose_client_left_is_dropped_before_its_batch_runs():
    recorder = Recorder(sleep_s=0.2)

    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = _batcher(recorder, pool, window_s=0.0, max_size=16, concurrency=1)
            first = asyncio.create_task(batcher.verify(_item("busy"), STRICT))
            await asyncio.sleep(0.05)  # the first batch is running; these two wait for the worker
            gone = asyncio.create_task(batcher.verify(_item("gone"), STRICT))
            kept = asyncio.create_task(batcher.verify(_item("kept"), STRICT))
            await asyncio.sleep(0.01)
            gone.cancel()
            return await first, await kept

    first, kept = _run(main())
    assert first.notes == ["strict:busy"] and kept.notes == ["strict:kept"]
    assert recorder.batches == [("strict", ["busy"]), ("strict", ["kept"])]


def test_batches_grow_while_the_workers_are_busy():
    recorder = Recorder(sleep_s=0.3)

    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = _batcher(recorder, pool, window_s=0.0, max_size=16, concurrency=1)
            first = asyncio.create_task(batcher.verify(_item("first"), STRICT))
            await asyncio.sleep(0.05)
            rest = [batcher.verify(_item(f"a{i}"), STRICT) for i in range(4)]
            return await asyncio.gather(first, *rest)

    assert len(_run(main())) == 5
    assert recorder.batches == [("strict", ["first"]), ("strict", ["a0", "a1", "a2", "a3"])]


def test_the_event_loop_keeps_running_while_a_batch_is_verified():
    recorder = Recorder(sleep_s=1.0)

    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = _batcher(recorder, pool, window_s=0.0)
            work = asyncio.create_task(batcher.verify(_item("slow"), STRICT))
            gaps, last = [], time.perf_counter()
            while not work.done():
                await asyncio.sleep(0.01)
                now = time.perf_counter()
                gaps.append(now - last)
                last = now
            await work
            return gaps

    gaps = _run(main())
    assert len(gaps) > 20, "the loop should have ticked many times during a 1 s batch"
    assert max(gaps) < 0.25, f"the event loop stalled for {max(gaps):.2f} s"


def test_the_batch_sizes_are_counted():
    metrics = ServerMetrics()
    recorder = Recorder()

    async def main():
        with ThreadPoolExecutor(1) as pool:
            batcher = VerifyBatcher(
                pool, verify_many=recorder, window_s=0.05, batch_sizes=metrics.verify_batch_size
            )
            await asyncio.gather(*(batcher.verify(_item(f"a{i}"), STRICT) for i in range(3)))

    _run(main())
    assert metrics.verify_batch_size.count() == 1
    assert "ragguard_verify_batch_size_sum 3" in metrics.registry.exposition()


def test_bad_settings_are_refused():
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError):
        VerifyBatcher(pool, max_size=0)


# --- through the server ---------------------------------------------------------------------------

PARIS = "Paris is the capital of France."
BERLIN = "Berlin is the capital of Germany."
ANSWERS = [
    "Paris is the capital of France [1].",
    "Berlin is the capital of Germany [2]. Paris is the capital of France [1].",
    "Paris is the capital of Germany [1].",
    "Berlin was founded in 1852 by a Dutch sea captain [2].",
]


@pytest.fixture(scope="module")
def server():
    config = ServerConfig(api_keys=[API_KEY], api_key_env=None, policies=["default", "medical"])
    with live_server(config) as live:
        yield live


def test_concurrent_requests_under_two_policies_get_the_verdicts_of_one_by_one(server):
    from guard.policy import load_policy
    from guard.verifiers.api import verify

    requests = [(policy, answer) for policy in ("default", "medical") for answer in ANSWERS]

    async def send():
        headers = {"Authorization": f"Bearer {API_KEY}"}
        async with httpx.AsyncClient(base_url=server.url, headers=headers, timeout=300) as client:
            calls = [
                client.post(
                    "/v1/verify",
                    json={"question": "Capitals?", "contexts": [PARIS, BERLIN], "answer": answer},
                    headers={"X-Guard-Policy": policy},
                )
                for policy, answer in requests
            ]
            return await asyncio.gather(*calls)

    responses = asyncio.run(send())
    assert [r.status_code for r in responses] == [200] * len(requests)
    for (policy, answer), response in zip(requests, responses):
        alone = verify(
            question="Capitals?",
            contexts=[PARIS, BERLIN],
            answer=answer,
            settings=load_policy(policy).verification_settings(),
        )
        got = response.json()
        assert [(c["label"], c["support"]) for c in got["claims"]] == [
            (c.label.value, pytest.approx(c.support, abs=1e-6)) for c in alone.claims
        ], (policy, answer)
        assert got["faithfulness"] == pytest.approx(alone.faithfulness, abs=1e-6)
    exposition = httpx.get(f"{server.url}/metrics").text
    assert "ragguard_verify_batch_size_count" in exposition
