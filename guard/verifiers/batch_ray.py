"""``verify_batch(..., executor="ray")``: batches sharded over Ray actors, results in input order.

Each actor builds the verifiers once (loading the embedder, spaCy and the detectors) and then
verifies whole batches with :func:`guard.verifiers.batch.verify_chunk`, exactly as the local
executor does, so its reports are the local ones. Batch k goes to actor k mod n; at most two
batches per actor are in flight, and results are handed back in input order as each batch
finishes, so the input is read lazily and memory stays bounded.

Without an address a local Ray is started for the call (and stopped after it), its workers
importing ragguard from where this process imported it. With an address (``auto``,
``ray://head:10001``) the call joins that cluster, whose nodes must have ragguard installed
(``pip install 'ragguard[ray]'``). When this process is already connected to Ray
(``ray.init`` called by the caller), that connection is used and left open.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from guard.errors import ConfigError, VerifierError
from guard.verifiers.batch import VerifyItem, chunked_by_passages, resolve_settings, verify_chunk

if TYPE_CHECKING:
    from guard.verifiers.stage import VerificationSettings
    from guard.verifiers.types import Verification, VerifyThresholds

__all__ = ["BatchVerifierActor", "verify_on_ray"]

_IN_FLIGHT_PER_ACTOR = 2


class BatchVerifierActor:
    """One Ray worker: the verifiers built once, then any number of batches verified."""

    def __init__(
        self,
        verifiers: Sequence[str] | None,
        settings: VerificationSettings | None,
        thresholds: VerifyThresholds | None,
        refusal_text: str | None,
    ) -> None:
        from guard.verifiers.stage import load_models

        # The actor holds one CPU: one embedder thread (same vectors, no oversubscription).
        os.environ.setdefault("RAGGUARD_EMBED_THREADS", "1")
        self._settings = resolve_settings(verifiers, settings, thresholds)
        load_models(self._settings)  # before the first batch, not inside its deadline
        self._refusal_text = refusal_text

    def verify(self, items: list[VerifyItem]) -> list[Verification]:
        return verify_chunk(items, self._settings, self._refusal_text)


def verify_on_ray(
    items: Iterator[VerifyItem],
    *,
    verifiers: Sequence[str] | None,
    settings: VerificationSettings | None,
    thresholds: VerifyThresholds | None,
    refusal_text: str | None,
    batch_size: int,
    address: str | None,
    workers: int | None,
) -> Iterator[Verification]:
    """The reports of ``items`` in input order, verified by ``workers`` actors."""
    ray = _import_ray()  # a missing extra fails at the call, not at the first result
    return _ordered_results(ray, items, (verifiers, settings, thresholds, refusal_text), batch_size, address, workers)


def _ordered_results(ray, items, actor_args, batch_size, address, workers) -> Iterator[Verification]:
    connected_here = _connect(ray, address, workers)
    actors = []
    try:
        count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        actor_class = ray.remote(num_cpus=1)(BatchVerifierActor)
        actors = [actor_class.remote(*actor_args) for _ in range(count)]
        in_flight: deque = deque()
        for k, chunk in enumerate(chunked_by_passages(items, batch_size)):
            in_flight.append(actors[k % count].verify.remote(chunk))
            if len(in_flight) >= _IN_FLIGHT_PER_ACTOR * count:
                yield from _get(ray, in_flight.popleft())
        while in_flight:
            yield from _get(ray, in_flight.popleft())
    finally:
        for actor in actors:
            ray.kill(actor)
        if connected_here:
            ray.shutdown()  # stops the local Ray started here; from a cluster, only disconnects


def _get(ray, ref) -> list[Verification]:
    try:
        return ray.get(ref)
    except ray.exceptions.RayError as exc:  # a worker died or raised: nothing of its batch is trusted
        raise VerifierError(f"a Ray worker failed while verifying a batch: {exc}") from exc


def _import_ray():
    try:
        import ray
    except ImportError as exc:
        raise ConfigError(
            "executor='ray' (ragguard verify --ray) needs Ray: pip install 'ragguard[ray]'."
        ) from exc
    return ray


def _connect(ray, address: str | None, workers: int | None) -> bool:
    """Join the cluster at ``address`` or start a local Ray; True when this call connected."""
    if ray.is_initialized():
        return False
    if address is not None:
        ray.init(address=address, log_to_driver=False)
        return True
    ray.init(
        num_cpus=max(workers or 0, os.cpu_count() or 1),
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": _code_path()}},
    )
    return True


def _code_path() -> str:
    """PYTHONPATH for local workers: the folder this ragguard was imported from comes first."""
    here = str(Path(__file__).resolve().parents[2])
    rest = os.environ.get("PYTHONPATH")
    return os.pathsep.join([here, rest]) if rest else here
