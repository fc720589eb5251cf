"""The queue contract, run on SQLite and PostgreSQL alike (see conftest.queue)."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from review_builders import DRAFT, make_item

from guard.errors import ConfigError, InputError
from guard.review import (
    EventKind,
    ItemFilter,
    ItemNotFoundError,
    ItemStatus,
    QueueError,
    ReviewConflictError,
    ReviewQueue,
    open_queue,
)


def test_enqueue_keeps_everything_a_reviewer_needs(queue):
    item = make_item("t-1")
    item_id = queue.enqueue(item)
    stored = queue.get(item_id)
    assert isinstance(queue, ReviewQueue)
    assert stored.status is ItemStatus.pending and stored.final_answer is None
    assert stored.model_dump(include=set(type(item).model_fields)) == item.model_dump()
    assert stored.created_at.timestamp() == pytest.approx(queue._clock())
    assert [e.kind for e in queue.events(item_id)] == [EventKind.enqueued]
    assert queue.get_by_trace("t-1").id == item_id
    assert queue.get_by_trace("nope") is None


def test_enqueue_is_idempotent_per_trace_id(queue):
    first = queue.enqueue(make_item("same"))
    again = queue.enqueue(make_item("same", policy="legal"))
    assert again == first
    assert [i.id for i in queue.list_items()] == [first]
    assert queue.get(first).policy == "medical"  # the first snapshot stays
    assert len(queue.events(first)) == 1


def test_claims_hand_out_oldest_first_and_never_twice(queue, clock):
    ids = []
    for n in range(3):
        ids.append(queue.enqueue(make_item(f"t-{n}")))
        clock.advance(1)
    alice = queue.claim("alice", lease_s=60)
    bob = queue.claim("bob", lease_s=60)
    assert (alice.id, bob.id) == (ids[0], ids[1])
    assert alice.status is ItemStatus.claimed and alice.claimed_by == "alice"
    assert queue.claim("bob", item_id=ids[0]) is None  # alice's lease runs
    assert queue.claim("carol").id == ids[2]
    assert queue.claim("dave") is None
    renewed = queue.claim("alice", item_id=ids[0], lease_s=600)  # one's own claim renews
    assert renewed.lease_expires_at.timestamp() == pytest.approx(clock.now + 600)


def test_an_expired_lease_puts_the_item_back(queue, clock):
    item_id = queue.enqueue(make_item())
    queue.claim("alice", lease_s=30)
    clock.advance(31)
    assert queue.get(item_id).status is ItemStatus.pending
    assert queue.counts()[ItemStatus.pending] == 1
    assert queue.claim("bob", lease_s=30).id == item_id
    with pytest.raises(ReviewConflictError, match="held by bob"):
        queue.approve(item_id, "alice")


def test_an_abandoned_older_item_comes_before_newer_pending_ones(queue, clock):
    old = queue.enqueue(make_item("old"))
    clock.advance(5)
    new = queue.enqueue(make_item("new"))
    queue.claim("alice", item_id=old, lease_s=30)
    assert queue.claim("bob", lease_s=30).id == new
    queue.release(new, "bob")
    clock.advance(31)
    assert queue.claim("bob").id == old
    assert queue.claim("carol").id == new


def test_release_returns_an_item_only_for_its_holder(queue):
    item_id = queue.enqueue(make_item())
    queue.claim("alice")
    with pytest.raises(ReviewConflictError):
        queue.release(item_id, "bob")
    assert queue.release(item_id, "alice").status is ItemStatus.pending
    assert queue.claim("bob").id == item_id


@pytest.mark.parametrize(
    ("decide", "status", "final"),
    [
        (lambda q, i: q.approve(i, "alice", comment="fine"), ItemStatus.approved, DRAFT),
        (
            lambda q, i: q.edit(i, "alice", "  Take 20 mg once a day [1].  ", comment="fine"),
            ItemStatus.edited,
            "Take 20 mg once a day [1].",
        ),
        (lambda q, i: q.reject(i, "alice", comment="fine"), ItemStatus.rejected, None),
    ],
    ids=["approve", "edit", "reject"],
)
def test_decisions_record_reviewer_comment_time_and_final_answer(queue, clock, decide, status, final):
    item_id = queue.enqueue(make_item())
    queue.claim("alice")
    clock.advance(120)
    decided = decide(queue, item_id)
    polled = queue.get(item_id)
    assert decided == polled
    assert polled.status is status and polled.final_answer == final
    assert polled.decision.reviewer == "alice" and polled.decision.comment == "fine"
    assert polled.decision.decided_at.timestamp() == pytest.approx(clock.now)
    assert polled.claimed_by is None
    assert [e.kind.value for e in queue.events(item_id)] == ["enqueued", "claimed", status.value]
    with pytest.raises(ReviewConflictError, match="final"):
        queue.reject(item_id, "bob")
    assert queue.claim("bob", item_id=item_id) is None


def test_bad_decisions_are_refused_and_change_nothing(queue):
    item_id = queue.enqueue(make_item())
    with pytest.raises(InputError, match="empty"):
        queue.edit(item_id, "alice", "   ")
    with pytest.raises(InputError, match="reviewer"):
        queue.approve(item_id, "  ")
    with pytest.raises(ItemNotFoundError):
        queue.approve("no-such-id", "alice")
    queue.claim("alice")
    with pytest.raises(ReviewConflictError, match="held by alice"):
        queue.approve(item_id, "bob")
    assert queue.get(item_id).status is ItemStatus.claimed
    assert len(queue.events(item_id)) == 2


def test_list_filters_by_status_policy_reason_and_age(queue, clock):
    old = queue.enqueue(make_item("old", policy="medical", conditions=("contradicted_claim",)))
    clock.advance(3600)
    mid = queue.enqueue(make_item("mid", policy="legal", conditions=("unsupported_claim",)))
    clock.advance(3600)
    new = queue.enqueue(make_item("new", policy="medical", conditions=("insufficient_context",)))
    queue.reject(mid, "alice")

    def ids(**where):
        return [i.id for i in queue.list_items(ItemFilter(**where))]

    assert ids() == [old, mid, new]
    assert ids(statuses=[ItemStatus.pending]) == [old, new]
    assert ids(statuses=[ItemStatus.rejected, ItemStatus.approved]) == [mid]
    assert ids(policy="medical") == [old, new]
    assert ids(reason="unsupported_claim") == [mid]
    assert ids(reason="contradicted_claim", policy="legal") == []
    assert ids(min_age_s=3000) == [old, mid]
    assert ids(max_age_s=4000) == [mid, new]
    assert ids(limit=1, offset=1) == [mid]
    counts = queue.counts()
    assert counts[ItemStatus.pending] == 2 and counts[ItemStatus.rejected] == 1
    assert counts[ItemStatus.claimed] == 0


def test_claimed_and_pending_filters_follow_the_lease(queue, clock):
    a = queue.enqueue(make_item("a"))
    b = queue.enqueue(make_item("b"))
    queue.claim("alice", item_id=a, lease_s=10)
    assert [i.id for i in queue.list_items(ItemFilter(statuses=[ItemStatus.claimed]))] == [a]
    assert [i.id for i in queue.list_items(ItemFilter(statuses=[ItemStatus.pending]))] == [b]
    clock.advance(11)
    assert queue.list_items(ItemFilter(statuses=[ItemStatus.claimed])) == []
    assert {i.id for i in queue.list_items(ItemFilter(statuses=[ItemStatus.pending]))} == {a, b}


def test_concurrent_reviewers_never_hold_the_same_item(queue):
    ids = {queue.enqueue(make_item(f"c-{n}")) for n in range(40)}
    got: dict[str, list[str]] = {}
    errors: list[BaseException] = []

    def work(name: str) -> None:
        mine = got.setdefault(name, [])
        try:
            while (item := queue.claim(name, lease_s=300)) is not None:
                mine.append(item.id)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(f"r{n}",)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors
    claimed = [i for mine in got.values() for i in mine]
    assert sorted(claimed) == sorted(ids)  # each item exactly once
    assert sum(e.kind is EventKind.claimed for e in queue.events()) == 40


def test_the_audit_trail_is_append_only(queue, target):
    item_id = queue.enqueue(make_item())
    queue.approve(item_id, "alice")
    if target.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(target, autocommit=True) as conn:
            with pytest.raises(psycopg.Error, match="append-only"):
                conn.execute("UPDATE events SET actor = 'mallory'")
            with pytest.raises(psycopg.Error, match="append-only"):
                conn.execute("DELETE FROM events")
    else:
        conn = sqlite3.connect(target)
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("UPDATE events SET actor = 'mallory'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("DELETE FROM events")
        conn.close()
    assert [e.actor for e in queue.events(item_id)] == ["guard", "alice"]


def test_a_queue_reopens_with_its_items(target, clock):
    first = open_queue(target, clock=clock)
    item_id = first.enqueue(make_item())
    first.close()
    with pytest.raises(QueueError, match="closed"):
        first.get(item_id)
    again = open_queue(target, clock=clock)
    assert again.get(item_id).question == make_item().question
    again.close()


def test_open_queue_rejects_unknown_locations(tmp_path):
    with pytest.raises(ConfigError, match="mysql"):
        open_queue("mysql://db/queue")
    with pytest.raises(ConfigError, match="empty"):
        open_queue("  ")
    queue = open_queue(f"sqlite:///{tmp_path}/q.db")
    assert (tmp_path / "q.db").exists()
    queue.close()


def test_a_queue_of_another_schema_version_is_refused(tmp_path):
    path = tmp_path / "q.db"
    open_queue(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.close()
    with pytest.raises(QueueError, match="schema version '99'"):
        open_queue(path)


def test_an_unreachable_postgres_is_a_queue_error():
    with pytest.raises(QueueError, match="Cannot connect") as caught:
        open_queue("postgresql://nobody:secret@127.0.0.1:1/none", connect_timeout_s=1)
    assert "secret" not in str(caught.value) and "nobody:***@" in str(caught.value)
