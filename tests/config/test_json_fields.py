"""JSON columns read with orjson (config.kernel.database.JSONField): the values json would
read, and what orjson refuses read as Django reads it."""

import json

import pytest
from django.db import connection

from orders.models import HardwareRequest
from tests.factories import HardwareRequestFactory

pytestmark = pytest.mark.django_db

# Past 64 bits: jsonb keeps them, json reads them as integers, orjson as floats.
HUGE = [2**70, 2**64 + 1, 10**20, -(2**63) - 1]


@pytest.mark.parametrize(
    "stored",
    [
        [],
        ["SN-1", "Ωmega ✓", 'quote " and \\ back'],
        {"nested": [1, 2.5, None, True], "empty": {}},
        HUGE,
        {"serials": ["1234567890123456789012"], "count": 2},
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

    # Compared as JSON text (jsonb orders keys its own way): 2**70 and 2.0**70 are equal in
    # Python, not in an answer.
    assert json.dumps(read, sort_keys=True) == json.dumps(stored, sort_keys=True)
