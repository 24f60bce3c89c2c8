"""A read compiled once answers as its queryset would for every value it is run with
(config.compiled): the same rows, converted alike, one query counted by Django, and the SQL
compiled only once per shape and connection."""

from datetime import UTC, datetime, timedelta
from threading import Thread
from uuid import UUID

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import DateTimeField, UUIDField
from django.test.utils import CaptureQueriesContext

from companies.models import Company
from config import compiled
from config.compiled import Param, compiled_rows
from tests.factories import ApiClientFactory, CompanyFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_shapes_kept():
    # Each test compiles its own shapes (the connection outlives a test).
    connections[DEFAULT_DB_ALIAS].__dict__.pop(compiled.SHAPES_ATTRIBUTE, None)
    yield
    connections[DEFAULT_DB_ALIAS].__dict__.pop(compiled.SHAPES_ATTRIBUTE, None)


class Builds:
    """`build` for compiled_rows that counts how often it is called."""

    def __init__(self):
        self.count = 0

    def __call__(self):
        self.count += 1
        return (
            Company.objects.filter(
                api_client=Param("client", UUIDField()),
                created_at__gte=Param("since", DateTimeField()),
            )
            .order_by("code")
            .values_list("id", "code", "created_at")
        )


def expected(client, since) -> list[tuple]:
    return list(
        Company.objects.filter(api_client=client, created_at__gte=since)
        .order_by("code")
        .values_list("id", "code", "created_at")
    )


def test_each_value_gets_the_rows_its_queryset_gets_from_sql_compiled_once():
    first, second = ApiClientFactory(), ApiClientFactory()
    for client, count in ((first, 3), (second, 2)):
        CompanyFactory.create_batch(count, api_client=client)
    since = Company.objects.order_by("created_at").first().created_at
    builds = Builds()

    answers = [
        compiled_rows("companies", builds, {"client": client.pk, "since": when})
        for client in (first, second, first)
        for when in (since, since + timedelta(days=1))
    ]

    assert answers == [
        expected(client, when)
        for client in (first, second, first)
        for when in (since, since + timedelta(days=1))
    ]
    assert [len(rows) for rows in answers] == [3, 0, 2, 0, 3, 0]
    assert builds.count == 1


def test_rows_are_converted_as_the_queryset_converts_them():
    company = CompanyFactory()

    [row] = compiled_rows(
        "typed", Builds(), {"client": company.api_client_id, "since": company.created_at}
    )

    assert row == (company.id, company.code, company.created_at)
    assert isinstance(row[0], UUID)
    assert row[2].tzinfo is not None


def test_the_read_is_one_query_django_counts():
    company = CompanyFactory()
    values = {"client": company.api_client_id, "since": company.created_at}
    compiled_rows("counted", Builds(), values)

    with CaptureQueriesContext(connection) as queries:
        compiled_rows("counted", Builds(), values)

    assert len(queries) == 1
    assert "companies_company" in queries[0]["sql"]


def test_a_shape_is_compiled_again_once_more_shapes_were_kept_since(monkeypatch):
    monkeypatch.setattr(compiled, "MOST_SHAPES", 2)
    company = CompanyFactory()
    values = {"client": company.api_client_id, "since": company.created_at}
    builds = Builds()

    for shape in ("a", "b", "a", "c", "a", "b"):
        assert compiled_rows(shape, builds, values) == expected(
            company.api_client, company.created_at
        )

    # "a" stayed (used again before "c" came); "b" was let go for "c", and compiled again.
    assert builds.count == 4


def test_each_thread_compiles_and_keeps_its_own_shapes():
    # A thread has its own connection, and its own shapes with it: two threads never reorder or
    # drop each other's (gunicorn's threads answer at once).
    builds = Builds()
    kept = {}

    def compile_in_a_thread(name):
        compiled_rows("threaded", builds, {"client": UUID(int=0), "since": datetime.now(UTC)})
        kept[name] = connections[DEFAULT_DB_ALIAS].__dict__[compiled.SHAPES_ATTRIBUTE]
        connections.close_all()

    threads = [Thread(target=compile_in_a_thread, args=(name,)) for name in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert builds.count == 2
    assert kept["a"] is not kept["b"]
    assert compiled.SHAPES_ATTRIBUTE not in connections[DEFAULT_DB_ALIAS].__dict__


def test_a_read_for_any_values_sends_its_limit_as_a_parameter_and_refuses_an_offset():
    client = ApiClientFactory()
    codes = sorted(CompanyFactory(api_client=client).code for _ in range(3))

    def build(start: int):
        companies = Company.objects.filter(api_client=Param("client", UUIDField()))
        return companies.order_by("code").values_list("code")[start:2]

    with CaptureQueriesContext(connection) as run:
        rows = compiled_rows(
            "first two", lambda: build(0), {"client": client.pk}, for_any_values=True
        )
    assert rows == [(code,) for code in codes[:2]]
    assert run.captured_queries[-1]["sql"].endswith("LIMIT 2")  # the parameter, as sent
    assert "LIMIT %s" in compiled._compiled("first two", lambda: build(0), True).sql
    # Without it, the limit is written in, and an offset with it.
    assert compiled_rows("skip one", lambda: build(1), {"client": client.pk}) == [(codes[1],)]
    with pytest.raises(ValueError, match="pages by its order, not an offset"):
        compiled_rows("an offset", lambda: build(1), {"client": client.pk}, for_any_values=True)
