"""Orders and their lines as the API shows them, built from stored records, and the calls the
tests of the order operations make."""

from orders.models import HardwareRequest
from tests.support import iso, url


def line_fields(line: HardwareRequest) -> dict:
    """What a top-level line and a candidate both show of a stored line."""
    line.refresh_from_db()
    shown = {
        "id": str(line.id),
        "amount": line.amount,
        "notes": line.notes,
        "quotedUnitPrice": None
        if line.quoted_unit_price is None
        else f"{line.quoted_unit_price:.2f}",
        "createdAt": iso(line.created_at),
        "catalogModelId": None if line.catalog_item_id is None else str(line.catalog_item_id),
        "manufacturerPartNumber": line.manufacturer_part_number,
        "brand": line.brand,
        "model": line.model,
        "hardwareType": line.hardware_type,
        "image": url(line.image),
        "externalItemId": line.external_item_id,
        "serialNumbers": line.serial_numbers,
        "isAvailable": line.is_available,
        "isRecommended": line.is_recommended,
    }
    # The specs are shown only when the line has them.
    specs = {
        "ram": line.ram,
        "diskSpace": line.disk_space,
        "displaySize": line.display_size,
        "processor": line.processor,
    }
    shown |= {key: value for key, value in specs.items() if value is not None}
    return shown


def ungrouped(line: HardwareRequest) -> dict:
    return line_fields(line) | {
        "isSelected": None,
        "isAvailable": None,
        "isRecommended": None,
        "alternativeGroup": None,
    }


def grouped(selected: HardwareRequest, candidates: list[dict]) -> dict:
    """The top-level line of a group: its selected candidate carrying the group."""
    return line_fields(selected) | {
        "isSelected": True,
        "alternativeGroup": {
            "id": str(selected.alternative_group_id),
            "selectedId": str(selected.id),
            "candidates": candidates,
        },
    }


def candidate(line: HardwareRequest, *, selected: bool, original: bool) -> dict:
    return line_fields(line) | {"isSelected": selected, "isOriginalRequest": original}


def detail(caller, order_id, company_code="ORD"):
    return caller.get(f"/orders/{order_id}", {"companyCode": company_code})
