"""JSON columns read with orjson (config.db.JSONField): the values json would read, and what
orjson refuses read as Django reads it."""

import json

import pytest
from django.db import connection

from orders.models import HardwareRequest
from tests.factories import HardwareRequestFactory

pytestmark = pytest.mark.django_db

# Past 64 bits: jsonb keeps it, orjson refuses it, json reads it.
HUGE = 2**70


@pytest.mark.parametrize(
    "stored",
    [
        [],
        ["SN-1", "Ωmega ✓", 'quote " and \\ back'],
        {"nested": [1, 2.5, None, True], "empty": {}},
        [HUGE, -HUGE],
    ],
)
def test_a_json_column_reads_back_what_was_written(stored):
    line = HardwareRequestFactory()
    with connection.cursor() as cursor:
        # Written as JSON text, not through the field: the read alone is under test.
        cursor.execute(
            "UPDATE orders_hardwarerequest SET serial_numbers = %s::jsonb WHERE id = %s",
            [json.dumps(stored), line.pk],
        )

    read = HardwareRequest.objects.values_list("serial_numbers", flat=True).get(pk=line.pk)

    assert read == stored
