"""The database writes a row's JSON object as an answer writes the same values
(config.json_text): strings escaped alike, timestamps, booleans, UUIDs and nulls byte for
byte, decimals as the same numbers."""

from datetime import UTC, datetime
from decimal import Decimal

import orjson
import pytest
from django.db.models import F

from config.api.envelope import json_bytes
from config.json_text import JsonText
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


def test_a_key_that_would_need_escaping_is_refused():
    item = HardwareFactory()

    with pytest.raises(ValueError, match="must be plain names"):
        written(item, {'say "hi"': F("id")})
