"""The database writes a row's JSON object as an answer writes the same values
(config.json_text): strings escaped alike, timestamps and nulls byte for byte; a column of
another type is refused."""

from datetime import UTC, datetime

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


def test_strings_timestamps_and_nulls_are_written_byte_for_byte():
    item = HardwareFactory(
        description=TRICKY,
        external_reference=None,
        date_bought=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
    )
    item.refresh_from_db()
    shape = {
        "description": F("description"),
        "externalReference": F("external_reference"),
        "dateBought": F("date_bought"),
        "createdAt": F("created_at"),
        "company": {"name": F("company__name")},
    }

    text = written(item, shape)

    assert text.encode() == json_bytes(
        {
            "description": TRICKY,
            "externalReference": None,
            # Without the fraction when it is zero, as orjson writes it.
            "dateBought": item.date_bought,
            "createdAt": item.created_at,
            "company": {"name": item.company.name},
        }
    )
    assert '"dateBought":"2026-01-02T03:04:05Z"' in text


@pytest.mark.parametrize("column", ["id", "damaged", "cost", "created_user_id"])
def test_a_column_of_another_type_is_refused(column):
    item = HardwareFactory()

    with pytest.raises(ValueError, match="text and timestamps only"):
        written(item, {"value": F(column)})


def test_a_key_that_would_need_escaping_is_refused():
    item = HardwareFactory()

    with pytest.raises(ValueError, match="must be plain names"):
        written(item, {'say "hi"': F("id")})
