"""Standing fuzz test (issue 13): the review page's forms and filters never answer 5xx."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies as st

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
TEXT = st.one_of(st.text(max_size=120), st.sampled_from([" ", "\x00", "", "<script>", "1e309", "-1", "nan"]))


def _no_5xx(response) -> None:
    assert response.status_code < 500, response.text[:500]


@pytest.fixture(scope="module")
def review_client(tmp_path_factory):
    from review_builders import make_item

    from guard.review import open_queue
    from guard.review.reviewers import ReviewerFile
    from guard.review.web import create_review_app

    folder = tmp_path_factory.mktemp("review")
    reviewers = ReviewerFile(folder / "reviewers.json")
    reviewers.add("alice", "alice-password-123")
    queue = open_queue(folder / "queue.db")
    item_id = queue.enqueue(make_item())
    app = create_review_app(queue, reviewers=reviewers)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        form = test_client.get("/login").text
        csrf = form.split('name="csrf" value="')[1].split('"')[0]
        test_client.post("/login", data={"reviewer": "alice", "token": "alice-password-123", "csrf": csrf})
        yield test_client, item_id
    queue.close()


FORM = st.dictionaries(
    st.sampled_from(["csrf", "token", "reviewer", "comment", "final_answer", "x"]), TEXT, max_size=5
)


@SETTINGS
@given(
    form=FORM,
    route=st.sampled_from(["/login", "/logout", "/next", "/items/{id}/approve", "/items/{id}/edit",
                           "/items/{id}/reject", "/items/{id}/release", "/items/nope/approve"]),
    query=st.dictionaries(st.sampled_from(["status", "policy", "reason", "min_age_min", "max_age_min"]), TEXT),
)  # fmt: skip
def test_review_forms_never_5xx(review_client, form, route, query):
    client, item_id = review_client
    _no_5xx(client.post(route.replace("{id}", item_id), data=form, follow_redirects=False))
    _no_5xx(client.get("/", params=query, follow_redirects=False))
