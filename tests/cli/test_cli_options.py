"""The comma-separated name options shared by `verify --verifiers` and `eval --detectors`."""

from __future__ import annotations

import pytest
import typer

from guard.cli.options import comma_names

ALLOWED = ["lexical", "support"]


def test_names_are_stripped_and_kept_in_order():
    assert comma_names(" support, lexical ,", ALLOWED, kind="detector", option="--detectors") == [
        "support",
        "lexical",
    ]


def test_an_unknown_name_is_a_usage_error_listing_the_allowed_ones():
    with pytest.raises(typer.BadParameter) as caught:
        comma_names("support,telepathy", ALLOWED, kind="detector", option="--detectors")
    assert str(caught.value) == "unknown detector(s) telepathy; choose from lexical, support"
    assert caught.value.param_hint == "--detectors"


def test_no_name_at_all_is_a_usage_error():
    with pytest.raises(typer.BadParameter, match=r"unknown verifier\(s\) \(none given\)"):
        comma_names(" , ", ALLOWED, kind="verifier", option="--verifiers")
