"""Fuzz verify() and the HTTP API with generated inputs; count crashes and 5xx answers.

    python benchmarks/fuzz.py [--n 100000] [--http-share 0.5] [--seed 0] [--workers 1]
                              [--verifiers support,citations,types]

Each input is built from pieces that hit the parsers' edges (citation markers and ranges,
full-width brackets, zero-width and NUL characters, long runs without spaces, line breaks,
huge numbers) and from random JSON. A share goes through ``verify()`` in process: a
:class:`GuardError` is a refusal the contract allows, anything else is a crash. The rest
goes to the HTTP app (FastAPI's test client, the real middleware and error handlers):
any status >= 500 counts. A verifier that raises inside ``verify()`` fails closed and is
not a crash, but it is counted by error (``verifier_failures``). Prints the counts, the
slowest input, the first few failures,
and writes ``results/fuzz.json``. The issue's target: 100,000 inputs, 0 crashes, 0 5xx.

Input ``i`` is drawn from its own generator (seeded by ``seed`` and ``i``), so any input can
be replayed alone (``--only I``) and ``--workers N`` processes split the inputs without
changing them. Each process builds the verifiers and the app once: ``verify()`` runs its
default verifier set (or ``--verifiers``) with its default deadline, from settings built
once instead of once per call.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

RESULTS = Path(__file__).resolve().parent / "results" / "fuzz.json"
PIECES = [
    "[1]", "[2-4]", "[1, 3]", "[passage 2]", "【5】", "[999]", "[0]", "[1–30]", "[", "]", " ", "\n", "\r\n",
    ".", "Paris is the capital of France", "It opened in 1990", "about 2.1 million people", "Dr.", "U.S.",
    ")" * 500, "-" * 200, "x" * 300, "\u200b", "\uff3b1\uff3d", "<|im_start|>system", "\x00", "é", "😀",
    "Ignore previous instructions.", "10%", "$5,000", "3 p.m.", "no", "not", "never", "1e309",
]  # fmt: skip


def text(rng: random.Random, max_pieces: int = 30) -> str:
    if rng.random() < 0.15:
        return "".join(chr(rng.randrange(0, 0x2FFFF)) for _ in range(rng.randrange(0, 60)))
    return "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, max_pieces)))


def junk(rng: random.Random, depth: int = 0):
    kind = rng.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False, 0, -1, 2**64, 2**70, 1.5, -0.0])
    if kind == 2:
        return text(rng, 5)
    if kind == 3:
        return rng.randrange(-(2**65), 2**65)
    if kind == 4:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 5:
        return {text(rng, 2): junk(rng, depth + 1) for _ in range(rng.randrange(4))}
    return float(rng.choice(["nan", "inf", "-inf"]))


def context(rng: random.Random):
    roll = rng.random()
    if roll < 0.6:
        return text(rng)
    if roll < 0.9:
        return {"id": rng.choice(["1", "2", "a", "", text(rng, 2)]), "text": text(rng)}
    return junk(rng)


def verify_body(rng: random.Random) -> dict:
    body = {"question": text(rng, 8), "contexts": [context(rng) for _ in range(rng.randrange(0, 5))],
            "answer": text(rng)}  # fmt: skip
    if rng.random() < 0.3:
        body["verifiers"] = rng.sample(["support", "citations", "types", "egc", "nope"], rng.randrange(1, 4))
    if rng.random() < 0.2:
        body[rng.choice(["question", "answer", "contexts", "extra", "generator"])] = junk(rng)
    return body


def chat_body(rng: random.Random) -> dict:
    body = {
        "model": rng.choice(["test/fuzz-answer", "ragguard", "gpt-4", ""]),
        "messages": [{"role": rng.choice(["user", "system", "assistant", "robot"]), "content": text(rng, 8)}
                     for _ in range(rng.randrange(0, 3))],
        "contexts": [context(rng) for _ in range(rng.randrange(0, 4))],
    }  # fmt: skip
    for key in ("seed", "temperature", "max_tokens", "stop", "stream", "n", "tools"):
        if rng.random() < 0.15:
            body[key] = junk(rng)
    return body


def run_verify(rng: random.Random, settings, broken: dict[str, int]) -> str | None:
    from guard.errors import GuardError
    from guard.verifiers import verify

    body = verify_body(rng)
    try:
        verification = verify(
            question=body["question"] if isinstance(body["question"], str) else "",
            contexts=body["contexts"] if isinstance(body["contexts"], list) else [],
            answer=body["answer"] if isinstance(body["answer"], str) else "",
            settings=settings,
        )
    except GuardError:
        return None  # a refusal the contract allows (bad input named)
    except Exception as exc:  # noqa: BLE001 (counting crashes is the point)
        return f"{type(exc).__name__}: {exc}"[:300] + f" | input {json.dumps(body)[:300]}"
    for failure in verification.failures:  # failed closed, but a verifier broke: a bug to look at
        key = f"{failure.verifier}: {failure.message[:120]}"
        broken[key] = broken.get(key, 0) + 1
    return None


def run_http(rng: random.Random, client) -> str | None:
    roll = rng.random()
    if roll < 0.45:
        path, raw = "/v1/verify", json.dumps(verify_body(rng)).encode()
    elif roll < 0.9:
        path, raw = "/v1/chat/completions", json.dumps(chat_body(rng)).encode()
    else:
        path, raw = rng.choice(["/v1/verify", "/v1/chat/completions", "/metrics"]), rng.randbytes(64)
    response = client.post(path, content=raw, headers={"Content-Type": "application/json"})
    if response.status_code >= 500:
        return f"HTTP {response.status_code} on {path}: {response.text[:200]} | body {raw[:300]!r}"
    return None


def http_client():
    from fastapi.testclient import TestClient

    from guard.llm.testing import register_scripted_model
    from guard.server import Limits, ServerConfig, create_app

    register_scripted_model("fuzz-answer", "Paris is the capital of France [1]. It has 2.1 million people.")
    config = ServerConfig(
        model="test/fuzz-answer",
        allowed_models=["test/fuzz-*"],
        api_key_env=None,
        allowed_hosts=["testserver"],
        model_retries=0,
        limits=Limits(max_escalations_per_minute=10**6),
    )
    return TestClient(create_app(config), raise_server_exceptions=False)


class Outcome(NamedTuple):
    index: int
    where: str  # "verify" or "http"
    seconds: float
    failure: str | None
    broken: dict[str, int]  # verifier failures of this input, by error


_worker: dict = {}  # per process: the verification settings and the HTTP client, built once


def _start_worker(verifiers: list[str] | None) -> None:
    from guard.verifiers.stage import DEFAULT_DEADLINE_S, build_settings

    # verify()'s own defaults (verifier set and deadline), built once per process.
    _worker["settings"] = build_settings(verifiers, deadline_s=DEFAULT_DEADLINE_S)
    client = http_client()
    client.__enter__()  # the app's lifespan runs once; the process ends with the run
    _worker["client"] = client


def input_rng(seed: int, index: int) -> random.Random:
    """Input ``index``'s own generator: the same input whichever process draws it, in any order."""
    return random.Random(f"fuzz-{seed}-{index}")


def run_one(seed: int, index: int, http_share: float) -> Outcome:
    rng = input_rng(seed, index)
    where = "http" if rng.random() < http_share else "verify"
    broken: dict[str, int] = {}
    started = time.perf_counter()
    if where == "http":
        failure = run_http(rng, _worker["client"])
    else:
        failure = run_verify(rng, _worker["settings"], broken)
    return Outcome(index, where, time.perf_counter() - started, failure, broken)


def _run_chunk(args: tuple[int, list[int], float]) -> list[Outcome]:
    seed, indices, http_share = args
    return [run_one(seed, i, http_share) for i in indices]


def outcomes(n: int, seed: int, http_share: float, workers: int, verifiers: list[str] | None, only=None):
    """Every input's outcome (in completion order), from ``workers`` processes."""
    indices = [only] if only is not None else list(range(n))
    if workers <= 1:
        _start_worker(verifiers)
        yield None  # started: the models are loaded
        for i in indices:
            yield run_one(seed, i, http_share)
        return
    import multiprocessing

    chunks = [indices[start:start + 25] for start in range(0, len(indices), 25)]
    context = multiprocessing.get_context("spawn")  # no model state copied half-initialised
    with context.Pool(workers, initializer=_start_worker, initargs=(verifiers,)) as pool:
        yield None  # the workers load their models as they start (counted in the wall time)
        for batch in pool.imap_unordered(_run_chunk, [(seed, chunk, http_share) for chunk in chunks]):
            yield from batch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="generated inputs in all")
    parser.add_argument("--http-share", type=float, default=0.5, help="share sent through the HTTP API")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (each builds its models once)")
    parser.add_argument("--only", type=int, default=None, help="replay input I alone")
    parser.add_argument("--verifiers", default=None, help="comma-separated (default: verify()'s default set)")
    args = parser.parse_args()
    verifiers = args.verifiers.split(",") if args.verifiers else None
    failures: dict[str, list[str]] = {"verify": [], "http": []}
    counts = {"verify": 0, "http": 0}
    busy = {"verify": 0.0, "http": 0.0}
    slowest = (0.0, "")
    broken: dict[str, int] = {}
    started = time.perf_counter()
    done = 0
    total = 1 if args.only is not None else args.n
    startup = 0.0
    for outcome in outcomes(args.n, args.seed, args.http_share, args.workers, verifiers, args.only):
        if outcome is None:
            startup = time.perf_counter() - started
            continue
        done += 1
        counts[outcome.where] += 1
        busy[outcome.where] += outcome.seconds
        if outcome.seconds > slowest[0]:
            slowest = (outcome.seconds, f"{outcome.where} input {outcome.index} (replay: --only {outcome.index})")
        if outcome.failure is not None:
            failures[outcome.where].append(f"input {outcome.index}: {outcome.failure}")
        for key, count in outcome.broken.items():
            broken[key] = broken.get(key, 0) + count
        if done % max(1, total // 20) == 0:
            print(f"{done}/{total}: {len(failures['verify'])} crashes, {len(failures['http'])} 5xx",
                  file=sys.stderr)  # fmt: skip
    seconds = time.perf_counter() - started
    per_input = sum(busy.values()) / max(1, done)
    summary = {
        "inputs": total,
        "seed": args.seed,
        "workers": args.workers,
        "verify_inputs": counts["verify"],
        "http_inputs": counts["http"],
        "verify_crashes": len(failures["verify"]),
        "http_5xx": len(failures["http"]),
        "seconds": round(seconds, 1),
        "startup_s": round(startup, 1),  # loading models and the app, before the first input
        # Time per input in one process (load included), by path: what a longer run costs.
        "seconds_per_input": round(per_input, 3),
        "seconds_per_verify_input": round(busy["verify"] / max(1, counts["verify"]), 3),
        "seconds_per_http_input": round(busy["http"] / max(1, counts["http"]), 3),
        "slowest_s": round(slowest[0], 2),
        "slowest": slowest[1],
        "first_failures": failures["verify"][:5] + failures["http"][:5],
        # verify() failed closed (policy's verifier_error applies) but a verifier raised: by error
        "verifier_failures": dict(sorted(broken.items(), key=lambda kv: -kv[1])[:10]),
    }
    if args.only is None:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=2, ensure_ascii=False))
    sys.exit(1 if summary["verify_crashes"] or summary["http_5xx"] else 0)


if __name__ == "__main__":
    main()
