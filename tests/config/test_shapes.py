"""The answers the selectors read as plain rows have the shapes their serializers declare.

Each answer's fields are declared once, on its output serializer, and the selectors read them
from it (config.kernel.rows); what a selector adds itself (nested objects, computed values) is
held to the serializer here, at every depth: no key the serializer lacks, no required field
missing, null only where allowed, and every field shown at least once by rows that have
everything.
"""

from collections import defaultdict
from datetime import UTC, date, datetime
from decimal import Decimal
from importlib import import_module
from uuid import UUID

import orjson
import pytest
from django.conf import settings
from django.db.models import Count
from rest_framework import serializers

from catalog.answers import CatalogItemSerializer
from catalog.selectors import catalog_by_country
from config.api import serializers as api
from config.api.envelope import json_bytes
from config.kernel import answers
from config.kernel.actors import ActorKind
from config.kernel.rows import columns_of, row_of, sorted_as
from config.kernel.specs import SPEC_KEYS
from hardware.answers import HardwareDetailSerializer, HardwareSerializer
from hardware.choices import HardwareStatus
from hardware.models import HardwareNote
from hardware.selectors import hardware_row, hardware_rows
from logistics.answers import MovementRequestSerializer
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo
from logistics.models import MovementRequestStatusChange
from logistics.selectors import movement_request_row, movement_request_rows
from orders.answers import OrderSerializer
from orders.models import HardwareRequest, Order, Reseller
from orders.selectors import EMPLOYEE, LINE_ORDER, ORDER, order_row, order_rows
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    HardwareFactory,
    HardwareRequestFactory,
    MovementRequestFactory,
    OrderFactory,
    alternatives,
)

SPECS = {"ram": "16GB", "disk_space": "512GB SSD", "display_size": '14"', "processor": "i7"}


class ShapeCheck:
    """Walks answers beside the serializers that describe them, noting every difference and
    which fields of each serializer the answers showed."""

    def __init__(self):
        self.problems: list[str] = []
        self.declared: dict[str, set[str]] = {}
        self.shown: dict[str, set[str]] = defaultdict(set)

    def check(self, value, field: serializers.Field, path: str) -> None:
        if isinstance(field, serializers.ListSerializer):
            if not isinstance(value, list):
                self.problems.append(f"{path} is not a list")
                return
            for index, item in enumerate(value):
                self.check(item, field.child, f"{path}[{index}]")
            return
        if value is None:
            if not field.allow_null:
                self.problems.append(f"{path} is null, which {type(field).__name__} forbids")
            return
        if isinstance(field, serializers.Serializer):
            self._check_object(value, field, path)

    def _check_object(self, value: dict, serializer: serializers.Serializer, path: str) -> None:
        name = type(serializer).__name__
        fields = serializer.fields
        self.declared[name] = set(fields)
        for key in value.keys() - fields.keys():
            self.problems.append(f"{path}.{key} is not a field of {name}")
        for key, field in fields.items():
            if key in value:
                self.shown[name].add(key)
                self.check(value[key], field, f"{path}.{key}")
            elif field.required:
                self.problems.append(f"{path}.{key} is missing, and {name} requires it")

    def never_shown(self) -> dict[str, set[str]]:
        return {
            name: fields - self.shown[name]
            for name, fields in self.declared.items()
            if fields - self.shown[name]
        }


@pytest.fixture
def company(db):
    """A company whose records have every part an answer can show: employees, specs, a
    catalog model, alternatives, created items, resellers, notes, requests with people, a
    storage, a requester and a history of moves."""
    company = CompanyFactory()
    Reseller.objects.create(code="RES-SHAPES", country_code="US")
    holder, receiver = EmployeeFactory.create_batch(2, company=company)
    model = CatalogItemFactory()

    order = OrderFactory(company=company, employee=holder, send_to="EMPLOYEE")
    HardwareRequestFactory(order=order, hardware_type="PC", catalog_item=model, **SPECS)
    alternatives(
        HardwareRequestFactory(order=order, quoted_unit_price=Decimal("10.00"), **SPECS),
        HardwareRequestFactory(order=order, serial_numbers=["SN-A"], **SPECS),
    )
    OrderFactory(company=company)  # to the storage: no employee, no lines
    HardwareFactory(
        company=company,
        created_order_id=order.id,
        cost=Decimal("349.90"),
        date_bought=datetime(2025, 1, 2, tzinfo=UTC),
        **SPECS,
    )

    computer = HardwareFactory(
        company=company,
        status=HardwareStatus.EMPLOYEE,
        storage=None,
        employee=holder,
        common_model=model,
        cost=Decimal("1299.00"),
        **SPECS,
    )
    HardwareNote.objects.create(hardware=computer, content="Checked", author_email="ops@a.co")
    monitor = HardwareFactory(company=company)
    MovementRequestFactory(
        company=company,
        type=MovementType.OFF_ON,
        from_employee=holder,
        to_employee=receiver,
        storage=None,
        eta=date(2026, 1, 5),
        hardwares=[computer],
    )
    returned = MovementRequestFactory(
        company=company,
        type=MovementType.OFFBOARDING,
        status=MovementStatus.DONE,
        send_to=SendTo.STORAGE,
        handled_by=HandledBy.COMPANY,
        to_employee=None,
        from_employee=holder,
        requester_email="it@example.com",
        hardwares=[monitor],
    )
    MovementRequestStatusChange.objects.create(
        movement_request=returned,
        status_from=MovementStatus.PROCESSING,
        status_to=MovementStatus.DONE,
        actor_kind=ActorKind.COMMAND,
        actor_name="transition",
    )
    return company


def test_the_rows_have_the_shapes_of_their_serializers_at_every_depth(company):
    orders = order_rows(company=company)
    movements = movement_request_rows(company=company)
    # Read as sent: the checks compare what a client reads (ids and instants as strings).
    hardwares = orjson.loads(json_bytes(hardware_rows(company=company)))
    catalog = [
        item for country in catalog_by_country() for items in country.values() for item in items
    ]
    answers = [
        ("orders", orders, OrderSerializer(many=True)),
        ("movement_requests", movements, MovementRequestSerializer(many=True)),
        ("hardwares", hardwares, HardwareSerializer(many=True)),
        ("catalog", catalog, CatalogItemSerializer(many=True)),
        *(
            (
                f"orders/{row['id']}",
                order_row(company=company, order_id=row["id"]),
                OrderSerializer(),
            )
            for row in orders
        ),
        *(
            (
                f"movement_requests/{row['id']}",
                movement_request_row(company=company, movement_request_id=row["id"]),
                MovementRequestSerializer(),
            )
            for row in movements
        ),
        *(
            (
                f"hardwares/{row['id']}",
                orjson.loads(
                    json_bytes(hardware_row(company=company, hardware_id=UUID(row["id"])))
                ),
                HardwareDetailSerializer(),
            )
            for row in hardwares
        ),
    ]
    shapes = ShapeCheck()

    for path, answer, serializer in answers:
        shapes.check(answer, serializer, path)

    assert shapes.problems == []
    assert shapes.never_shown() == {}


def test_a_serializer_with_one_spec_has_them_all():
    import_module(settings.ROOT_URLCONF)  # the views, and with them every serializer

    def subclasses(cls):
        for subclass in cls.__subclasses__():
            yield subclass
            yield from subclasses(subclass)

    with_specs = {}
    for serializer_class in [*subclasses(api.Serializer), *subclasses(answers.Answer)]:
        fields = set(serializer_class().fields)
        if fields & set(SPEC_KEYS):
            with_specs[serializer_class.__name__] = set(SPEC_KEYS) - fields

    assert {"LineFieldsSerializer", "QuoteLineSerializer", "HardwareCreateSerializer"} <= set(
        with_specs
    )
    assert {name: missing for name, missing in with_specs.items() if missing} == {}


def test_columns_are_the_fields_sources_as_orm_paths_without_nested_serializers():
    class Person(api.Serializer):
        id = serializers.UUIDField()
        first_name = serializers.CharField()

    class Shown(api.Serializer):
        id = serializers.UUIDField()
        created_at = serializers.DateTimeField()
        catalog_model_id = serializers.UUIDField(source="catalog_item_id")
        company_name = serializers.CharField(source="company.name")
        serial_numbers = serializers.ListField(child=serializers.CharField())
        employee = Person(allow_null=True)
        people = Person(many=True)

    assert columns_of(Shown) == {
        "id": "id",
        "createdAt": "created_at",
        "catalogModelId": "catalog_item_id",
        "companyName": "company__name",
        "serialNumbers": "serial_numbers",
    }


def test_a_field_without_a_column_is_refused_rather_than_read():
    class Computed(api.Serializer):
        id = serializers.UUIDField()
        total = serializers.SerializerMethodField()

    with pytest.raises(ValueError, match=r"Computed\.total has no column to read"):
        columns_of(Computed)


@pytest.mark.django_db
@pytest.mark.parametrize("with_employee", [True, False])
def test_a_record_in_memory_gives_the_row_its_read_gives_keys_in_order(with_employee):
    company = CompanyFactory()
    employee = EmployeeFactory(company=company) if with_employee else None
    order = OrderFactory(company=company, employee=employee, send_to="EMPLOYEE")

    read = ORDER.values(Order.objects.filter(pk=order.pk), **EMPLOYEE.expressions).get()

    assert list(ORDER.of(order, **EMPLOYEE.expressions).items()) == list(read.items())


@pytest.mark.django_db
def test_records_in_memory_are_sorted_as_their_read_orders_them():
    order = OrderFactory()
    lines = HardwareRequestFactory.create_batch(5, order=order)
    # Two lines made in the same microsecond: the id decides, as it does for the read.
    HardwareRequest.objects.filter(pk__in=[lines[1].pk, lines[3].pk]).update(
        created_at=lines[1].created_at
    )
    read = list(HardwareRequest.objects.filter(order=order).order_by(*LINE_ORDER))
    # Handed over in the reverse of the read's order, so nothing is sorted already.
    lines = list(reversed(read))

    assert sorted_as(lines, LINE_ORDER) == read


def test_only_columns_are_taken_from_a_record_in_memory():
    with pytest.raises(TypeError, match="only columns"):
        row_of(Order(), total=Count("hardware_requests"))
