"""The database writes a record's answer as the JSON an answer writes for the same values
(config.json_text): strings escaped alike, timestamps, booleans, UUIDs and nulls byte for
byte, decimals as the same numbers, keys left out or objects nulled as the shape says, and
images made absolute by the same rule as `config.links.absolute_url`."""

from datetime import UTC, datetime
from decimal import Decimal

import orjson
import pytest
from django.db.models import F, Value

from config.api.envelope import json_bytes
from config.json_text import AbsoluteUrl, JsonText, NullUnless, Optional, Raw
from config.links import absolute_url
from hardware.models import Hardware
from tests.factories import HardwareFactory

# Every kind of character a JSON writer must escape, and some it must not.
TRICKY = 'say "hi" \\ back\nslash\ttab\r\b\f\x01\x07\x0b\x1b\x1f\x7f é 雪 😀 </script> \u2028'

pytestmark = pytest.mark.django_db


def written(item: Hardware, shape) -> str:
    return Hardware.objects.filter(pk=item.pk).values_list(JsonText(shape), flat=True).get()


def test_strings_timestamps_booleans_uuids_and_nulls_are_written_byte_for_byte():
    item = HardwareFactory(
        description=TRICKY,
        external_reference=None,
        damaged=True,
        new_hardware=False,
        date_bought=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
    )
    item.refresh_from_db()
    shape = {
        "id": F("id"),
        "description": F("description"),
        "externalReference": F("external_reference"),
        "damaged": F("damaged"),
        "newHardware": F("new_hardware"),
        "factoryReset": F("factory_reset"),
        "dateBought": F("date_bought"),
        "createdAt": F("created_at"),
        "createdOrderId": F("created_order_id"),
        "createdUserId": F("created_user_id"),
        "company": {"id": F("company_id"), "name": F("company__name")},
    }

    text = written(item, shape)

    assert text.encode() == json_bytes(
        {
            "id": item.id,
            "description": TRICKY,
            "externalReference": None,
            "damaged": True,
            "newHardware": False,
            "factoryReset": False,
            # Without the fraction when it is zero, as orjson writes it.
            "dateBought": item.date_bought,
            "createdAt": item.created_at,
            "createdOrderId": None,
            "createdUserId": None,
            "company": {"id": item.company_id, "name": item.company.name},
        }
    )
    assert '"dateBought":"2026-01-02T03:04:05Z"' in text


@pytest.mark.parametrize("cost", [Decimal("1299.00"), Decimal("0.10"), Decimal("1234567890.99")])
def test_a_decimal_is_written_as_the_same_number(cost):
    item = HardwareFactory(cost=cost)

    assert orjson.loads(written(item, {"cost": F("cost")})) == {"cost": float(cost)}


def test_an_optional_key_is_left_out_when_null_and_a_nested_object_is_null_without_its_record():
    bare = HardwareFactory(ram=None, processor="i7")
    held = HardwareFactory(on_employee=True, ram="16GB", processor=None)
    shape = {
        "id": F("id"),
        "ram": Optional(F("ram")),
        "processor": Optional(F("processor")),
        "employeeProfile": NullUnless(
            F("employee"), {"id": F("employee__id"), "email": F("employee__email")}
        ),
        "notes": Raw(Value('[{"a":[1,2.5,null]}]')),
    }

    assert orjson.loads(written(bare, shape)) == {
        "id": str(bare.id),
        "processor": "i7",
        "employeeProfile": None,
        "notes": [{"a": [1, 2.5, None]}],
    }
    assert orjson.loads(written(held, shape)) == {
        "id": str(held.id),
        "ram": "16GB",
        "employeeProfile": {"id": str(held.employee_id), "email": held.employee.email},
        "notes": [{"a": [1, 2.5, None]}],
    }


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
def test_an_image_is_made_absolute_by_the_rule_of_absolute_url(settings, stored, base):
    settings.PUBLIC_BASE_URL = base
    item = HardwareFactory(image=stored)

    answer = orjson.loads(written(item, {"image": AbsoluteUrl(F("image"))}))

    assert answer == {"image": absolute_url(stored, base)}


def test_a_key_that_would_need_escaping_is_refused():
    item = HardwareFactory()

    with pytest.raises(ValueError, match="must be plain names"):
        written(item, {'say "hi"': F("id")})


def test_an_object_cannot_start_with_a_key_it_may_leave_out():
    item = HardwareFactory()

    with pytest.raises(ValueError, match="first key cannot be left out"):
        written(item, {"ram": Optional(F("ram")), "id": F("id")})
