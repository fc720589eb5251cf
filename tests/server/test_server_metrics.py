"""The /metrics text follows the Prometheus exposition format, and counts what happened."""

from __future__ import annotations

import math

import pytest
from server_helpers import parse_exposition

from guard.server.metrics import Counter, Histogram, MetricsRegistry, ServerMetrics


def test_counter_and_histogram_exposition_parses_and_adds_up():
    registry = MetricsRegistry()
    counter = registry.add(Counter("t_requests_total", "Requests.\nSecond line", ["route", "status"]))
    histogram = registry.add(Histogram("t_seconds", "Latency.", ["route"], buckets=(0.1, 1.0)))
    counter.inc(route='/v1/"odd"\\path', status="200")
    counter.inc(2, route="/v1/verify", status="422")
    for value in (0.05, 0.1, 0.5, 3.0):
        histogram.observe(value, route="/v1/verify")

    families = parse_exposition(registry.exposition())

    assert families["t_requests_total"]["type"] == "counter"
    routes = {s[1]["route"]: s[2] for s in families["t_requests_total"]["samples"]}
    assert routes == {'/v1/\\"odd\\"\\\\path': 1.0, "/v1/verify": 2.0}
    samples = families["t_seconds"]["samples"]
    buckets = [(s[1]["le"], s[2]) for s in samples if s[0] == "t_seconds_bucket"]
    assert buckets == [("0.1", 2.0), ("1", 3.0), ("+Inf", 4.0)]  # le is inclusive, counts cumulative
    total = {s[0]: s[2] for s in samples if s[0] != "t_seconds_bucket"}
    assert total["t_seconds_count"] == 4.0
    assert math.isclose(total["t_seconds_sum"], 3.65)


def test_labels_must_match_the_declared_ones():
    counter = Counter("t_total", "x", ["route"])
    with pytest.raises(ValueError, match="takes labels"):
        counter.inc(path="/")


def test_server_metrics_exposition_parses_with_every_family_typed():
    metrics = ServerMetrics()
    metrics.requests.inc(route="/v1/verify", method="POST", status="200")
    metrics.request_seconds.observe(0.2, route="/v1/verify")
    metrics.decisions.inc(action="refuse", policy="default")
    metrics.observe_stages({"retrieve": 12.0, "verify": 300.0, "total": 400.0})
    families = parse_exposition(metrics.registry.exposition())
    assert all("type" in family for family in families.values())
    stages = {s[1]["stage"] for s in families["ragguard_stage_duration_seconds"]["samples"]}
    assert stages == {"retrieve", "verify"}  # total is the request's latency, recorded per route
