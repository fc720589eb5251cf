"""The queue fixture runs each test on SQLite and on PostgreSQL.

PostgreSQL comes from ``RAGGUARD_TEST_PG_URL`` (``scripts/ci-services.sh`` starts a
throwaway server and sets it). Each test gets its own schema. Without a reachable
server the PostgreSQL cases are skipped, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import os
import uuid
from urllib.parse import quote

import pytest
from review_builders import FakeClock

from guard.review import open_queue

PG_ENV = "RAGGUARD_TEST_PG_URL"
_DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
_HOW = "start one with `source scripts/ci-services.sh && ci_services_start`, which sets " + PG_ENV


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def pg_admin_url() -> str:
    import psycopg

    url = os.environ.get(PG_ENV) or _DEFAULT_PG
    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        message = f"PostgreSQL is not reachable at {url} ({str(exc).strip()[:200]}); {_HOW}"
        if _in_ci():
            pytest.fail("CI needs PostgreSQL for the review queue tests: " + message)
        pytest.skip(message)
    return url


@pytest.fixture
def pg_url(pg_admin_url: str):
    """A URL whose tables land in a fresh schema, dropped after the test."""
    import psycopg

    schema = f"rq_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in pg_admin_url else "?"
    yield f"{pg_admin_url}{sep}options={quote(f'-csearch_path={schema}')}"
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgres"])
def target(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "queue.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def queue(target, clock):
    q = open_queue(target, clock=clock, webhook_wait_s=0.01, webhook_timeout_s=2.0)
    yield q
    q.close()


@pytest.fixture
def chromium_path() -> str:
    """Debian's chromium; missing is a skip here and a failure in CI."""
    path = os.environ.get("RAGGUARD_TEST_CHROMIUM", "/usr/bin/chromium")
    if not os.access(path, os.X_OK):
        message = f"no chromium at {path}: apt-get install chromium, or {_HOW}"
        if _in_ci():
            pytest.fail("CI needs a browser for the review page test: " + message)
        pytest.skip(message)
    return path
