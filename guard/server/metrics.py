"""The server's metrics in the Prometheus text exposition format (version 0.0.4).

Counters and histograms with labels, thread-safe, in one registry per app (never a
module global, so two apps in one process, as in tests, count apart). Written here
rather than with ``prometheus-client`` because the server needs three metric kinds and
no push, multiprocess or collector machinery.
"""

from __future__ import annotations

import bisect
import math
import threading
from collections.abc import Sequence

__all__ = ["CONTENT_TYPE", "Counter", "Gauge", "Histogram", "MetricsRegistry", "ServerMetrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
LATENCY_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
BATCH_SIZE_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)

_Labels = tuple[str, ...]


class _Metric:
    kind = ""

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        self.name = name
        self.help = help_text
        self.label_names = tuple(labels)
        self._lock = threading.Lock()

    def _key(self, labels: dict[str, str]) -> _Labels:
        if set(labels) != set(self.label_names):
            raise ValueError(f"{self.name} takes labels {self.label_names}, got {sorted(labels)}")
        return tuple(str(labels[name]) for name in self.label_names)

    def header(self) -> list[str]:
        return [f"# HELP {self.name} {_escape_help(self.help)}", f"# TYPE {self.name} {self.kind}"]

    def _label_text(self, key: _Labels, extra: tuple[tuple[str, str], ...] = ()) -> str:
        pairs = list(zip(self.label_names, key)) + list(extra)
        if not pairs:
            return ""
        return "{" + ",".join(f'{name}="{_escape_label(value)}"' for name, value in pairs) + "}"


class Counter(_Metric):
    kind = "counter"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        super().__init__(name, help_text, labels)
        self._values: dict[_Labels, float] = {}

    def inc(self, amount: float = 1.0, **labels: str) -> None:
        key = self._key(labels)
        with self._lock:
            self._values[key] = self._values.get(key, 0.0) + amount

    def value(self, **labels: str) -> float:
        return self._values.get(self._key(labels), 0.0)

    def lines(self) -> list[str]:
        with self._lock:
            items = sorted(self._values.items())
        return self.header() + [f"{self.name}{self._label_text(k)} {_number(v)}" for k, v in items]


class Gauge(Counter):
    kind = "gauge"

    def set(self, value: float, **labels: str) -> None:
        key = self._key(labels)
        with self._lock:
            self._values[key] = value


class Histogram(_Metric):
    kind = "histogram"

    def __init__(
        self,
        name: str,
        help_text: str,
        labels: Sequence[str] = (),
        buckets: Sequence[float] = LATENCY_BUCKETS_S,
    ) -> None:
        super().__init__(name, help_text, labels)
        self.buckets = tuple(sorted(buckets))
        self._counts: dict[_Labels, list[int]] = {}
        self._sums: dict[_Labels, float] = {}

    def observe(self, value: float, **labels: str) -> None:
        key = self._key(labels)
        slot = bisect.bisect_left(self.buckets, value)  # le is inclusive: value == bound counts there
        with self._lock:
            counts = self._counts.setdefault(key, [0] * (len(self.buckets) + 1))
            counts[slot] += 1
            self._sums[key] = self._sums.get(key, 0.0) + value

    def count(self, **labels: str) -> int:
        return sum(self._counts.get(self._key(labels), []))

    def lines(self) -> list[str]:
        with self._lock:
            items = sorted((k, list(c), self._sums[k]) for k, c in self._counts.items())
        out = self.header()
        for key, counts, total in items:
            cumulative = 0
            for bound, count in zip([*self.buckets, math.inf], counts):
                cumulative += count
                le = (("le", "+Inf" if bound == math.inf else _number(bound)),)
                out.append(f"{self.name}_bucket{self._label_text(key, le)} {cumulative}")
            out.append(f"{self.name}_sum{self._label_text(key)} {_number(total)}")
            out.append(f"{self.name}_count{self._label_text(key)} {cumulative}")
        return out


class MetricsRegistry:
    def __init__(self) -> None:
        self._metrics: dict[str, _Metric] = {}

    def add(self, metric: _Metric) -> _Metric:
        if metric.name in self._metrics:
            raise ValueError(f"metric {metric.name} is registered twice")
        self._metrics[metric.name] = metric
        return metric

    def exposition(self) -> str:
        lines = [line for metric in self._metrics.values() for line in metric.lines()]  # type: ignore[attr-defined]
        return "\n".join(lines) + "\n"


class ServerMetrics:
    """The metrics the server records, on one registry."""

    def __init__(self) -> None:
        self.registry = MetricsRegistry()
        add = self.registry.add
        self.requests: Counter = add(
            Counter(  # type: ignore[assignment]
                "ragguard_http_requests_total",
                "HTTP requests by route, method and status code.",
                ["route", "method", "status"],
            )
        )
        self.request_seconds: Histogram = add(
            Histogram(  # type: ignore[assignment]
                "ragguard_http_request_duration_seconds",
                "Time to answer an HTTP request, by route.",
                ["route"],
            )
        )
        self.decisions: Counter = add(
            Counter(  # type: ignore[assignment]
                "ragguard_decisions_total",
                "Guard decisions by action and policy.",
                ["action", "policy"],
            )
        )
        self.stage_seconds: Histogram = add(
            Histogram(  # type: ignore[assignment]
                "ragguard_stage_duration_seconds",
                "Time spent per pipeline stage.",
                ["stage"],
            )
        )
        self.model_calls: Counter = add(
            Counter(  # type: ignore[assignment]
                "ragguard_model_calls_total",
                "Model calls by model and outcome (retries and fallbacks included).",
                ["model", "outcome"],
            )
        )
        self.model_failures: Counter = add(
            Counter(  # type: ignore[assignment]
                "ragguard_model_failures_total",
                "Requests whose model and fallback failed for good.",
                ["policy"],
            )
        )
        self.rejected: Counter = add(
            Counter(  # type: ignore[assignment]
                "ragguard_rejected_total",
                "Requests turned away before any work, by reason.",
                ["reason"],
            )
        )
        self.verify_batch_size: Histogram = add(
            Histogram(  # type: ignore[assignment]
                "ragguard_verify_batch_size",
                "Requests verified together in one /v1/verify batch.",
                buckets=BATCH_SIZE_BUCKETS,
            )
        )
        self.in_flight: Gauge = add(
            Gauge(  # type: ignore[assignment]
                "ragguard_requests_in_flight",
                "Requests admitted and being processed.",
            )
        )
        self.queued: Gauge = add(
            Gauge(  # type: ignore[assignment]
                "ragguard_requests_queued",
                "Requests waiting for a processing slot.",
            )
        )

    def observe_stages(self, timings_ms: dict[str, float], prefix: str = "") -> None:
        for stage, ms in timings_ms.items():
            if stage != "total":
                self.stage_seconds.observe(ms / 1000, stage=f"{prefix}{stage}")


def _number(value: float) -> str:
    if value == math.inf:
        return "+Inf"
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _escape_label(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _escape_help(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n")
