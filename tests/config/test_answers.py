"""Answers assembled from their rows' plain columns (config.answers): each key's value from its
column, in the shape's order, keys left out or objects nulled as the shape says, JSON text
answered as it is, and images made absolute by `config.links.absolute_url`."""

import orjson
import pytest
from django.db.models import F, Value

from config.answers import ImageUrl, NullUnless, Optional, Raw, RowAnswers
from config.api.envelope import json_bytes
from config.links import absolute_url
from hardware.models import Hardware
from tests.factories import CompanyFactory, HardwareFactory

pytestmark = pytest.mark.django_db

SHAPE = {
    "id": F("id"),
    "ram": Optional(F("ram")),
    "processor": Optional(F("processor")),
    "company": {"id": F("company_id"), "name": F("company__name")},
    "employeeProfile": NullUnless(
        F("employee"), {"id": F("employee__id"), "email": F("employee__email")}
    ),
    "notes": Raw(Value('[{"a":[1,2.5,null]}]')),
    "image": ImageUrl(F("image")),
}


def answered(items: list[Hardware], shape=SHAPE, base: str = "https://h.example") -> list[dict]:
    answers = RowAnswers(shape, name="test", model=Hardware)
    rows = Hardware.objects.filter(pk__in=[item.pk for item in items]).order_by("created_at")
    return orjson.loads(json_bytes(answers.of(rows.values_list(*answers.columns.values()), base)))


def test_each_key_is_its_column_in_the_shapes_order():
    bare = HardwareFactory(ram=None, processor="i7", image="/static/a.svg")
    held = HardwareFactory(on_employee=True, ram="16GB", processor=None, image="")

    assert answered([bare, held]) == [
        {
            "id": str(bare.id),
            "processor": "i7",
            "company": {"id": str(bare.company_id), "name": bare.company.name},
            "employeeProfile": None,
            "notes": [{"a": [1, 2.5, None]}],
            "image": "https://h.example/static/a.svg",
        },
        {
            "id": str(held.id),
            "ram": "16GB",
            "company": {"id": str(held.company_id), "name": held.company.name},
            "employeeProfile": {"id": str(held.employee_id), "email": held.employee.email},
            "notes": [{"a": [1, 2.5, None]}],
            "image": "",
        },
    ]
    # The keys come in the shape's order, those left out skipped.
    assert list(answered([held])[0]) == [
        "id",
        "ram",
        "company",
        "employeeProfile",
        "notes",
        "image",
    ]


@pytest.mark.parametrize(
    "stored",
    [
        "/static/a.svg",
        "https://images.example.com/1.png",
        "//cdn.example.com/1.png",
        "pictures/1.png",
        "data:image/png;base64,iVBORw0KGgo=",
        "HTTP://images.example.com/2.png",
        "",
    ],
)
@pytest.mark.parametrize("base", ["https://h.example", "http://h.example:8000/api", ""])
def test_an_image_is_made_absolute_by_the_rule_of_absolute_url(stored, base):
    item = HardwareFactory(image=stored)

    answer = answered([item], {"image": ImageUrl(F("image"))}, base)

    assert answer == [{"image": absolute_url(stored, base)}]


def test_only_an_answers_own_keys_can_be_left_out():
    with pytest.raises(ValueError, match="only an answer's own keys can be left out"):
        RowAnswers({"company": {"name": Optional(F("company__name"))}}, name="test", model=Hardware)


def test_a_field_shown_twice_is_read_once_and_other_expressions_each_on_their_own():
    item = HardwareFactory()
    shape = {
        "companyName": F("company__name"),
        "company": {"name": F("company__name")},
        # Equal to Django, which takes them for one.
        "one": Value(1),
        "yes": Value(True),
    }

    assert len(RowAnswers(shape, name="test", model=Hardware).columns) == 3
    assert answered([item], shape) == [
        {
            "companyName": item.company.name,
            "company": {"name": item.company.name},
            "one": 1,
            "yes": True,
        }
    ]


def test_json_text_that_is_null_is_answered_null():
    item = HardwareFactory(description=None)

    assert answered([item], {"notes": Raw(F("description"))}) == [{"notes": None}]


def test_a_column_under_two_paths_is_read_once_and_two_joins_to_one_table_apart():
    item = HardwareFactory(on_employee=True)
    # The employee's own company, another than the item's: the same table, joined twice.
    item.employee.company = CompanyFactory()
    item.employee.company.save()
    item.employee.save()
    shape = {
        "companyId": F("company_id"),
        "company": {"id": F("company__id"), "name": F("company__name")},
        "employeeProfile": NullUnless(
            F("employee"), {"id": F("employee__id"), "company": F("employee__company__name")}
        ),
    }

    assert len(RowAnswers(shape, name="test", model=Hardware).columns) == 4
    assert answered([item], shape) == [
        {
            "companyId": str(item.company_id),
            "company": {"id": str(item.company_id), "name": item.company.name},
            "employeeProfile": {"id": str(item.employee_id), "company": item.employee.company.name},
        }
    ]


def test_rows_end_with_the_keys_which_the_answer_reads_from_there():
    items = [HardwareFactory(), HardwareFactory()]
    keys = (F("created_at"), F("id"))
    answers = RowAnswers({"id": F("id"), "name": F("name")}, name="test", model=Hardware, keys=keys)

    assert list(answers.columns.values()) == [F("name"), *keys]
    rows = Hardware.objects.filter(pk__in=[item.pk for item in items]).order_by("created_at")
    rows = list(rows.values_list(*answers.columns.values()))
    assert [row[-2:] for row in rows] == [(item.created_at, item.id) for item in items]
    assert answers.of(rows, "") == [{"id": item.id, "name": item.name} for item in items]
