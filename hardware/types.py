"""The hardware types of the interface, as the catalog import and the demo seed need them."""

from django.db import transaction

from hardware.choices import ITEM_TYPE_NAMES, ORDER_ONLY_TYPE_NAMES, type_image
from hardware.models import HardwareType


@transaction.atomic
def hardware_types_ensure() -> int:
    """Create the interface's hardware types that are missing and return how many. The data
    migration makes them on `migrate`; this puts back any deleted since. Existing types are
    left as they are, pictures an operator changed included."""
    created = 0
    for name in ITEM_TYPE_NAMES + ORDER_ONLY_TYPE_NAMES:
        _, was_created = HardwareType.objects.get_or_create(
            name=name,
            defaults={"image": type_image(name), "order_only": name in ORDER_ONLY_TYPE_NAMES},
        )
        created += was_created
    return created


def hardware_type_names() -> set[str]:
    return set(HardwareType.objects.values_list("name", flat=True))
