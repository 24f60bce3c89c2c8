"""The demo company's hardware (`manage.py seed_demo`): laptops and a monitor in the US and German
storages, ready for an onboarding, and laptops with the demo employees."""

from catalog.models import CatalogItem
from hardware.models import Hardware
from hardware.services import HardwareSpec, hardware_create

# (serial number, country, catalog part number, the holder's e-mail or None for storage)
DEMO_HARDWARE = (
    ("DEMO-US-0001", "US", "MC8K4LL/A", None),
    ("DEMO-US-0002", "US", "21MC0041US", None),
    ("DEMO-US-0003", "US", "21MC0041US", None),
    ("DEMO-US-0004", "US", "DELL-U2724D-US", None),
    ("DEMO-DE-0001", "DE", "MC8K4D/A", None),
    ("DEMO-US-0101", "US", "MX2J3LL/A", "jordan.lee@demo.example"),
    ("DEMO-BR-0101", "BR", "MC8K4BZ/A", "ana.silva@demo.example"),
    ("DEMO-DE-0101", "DE", "21MC0041DE", "lena.fischer@demo.example"),
)


def demo_hardware_seed(company) -> str:
    """The demo's items, made unless the company has some; the line says how many it has."""
    existing = Hardware.objects.filter(company=company).count()
    if existing:
        return f"Hardware: {existing} items (0 new: the demo company had some already)."
    models = {
        (item.country_code, item.manufacturer_part_number): item
        for item in CatalogItem.objects.filter(
            manufacturer_part_number__in=[part for _, _, part, _ in DEMO_HARDWARE]
        )
    }
    for serial, country, part, holder in DEMO_HARDWARE:
        model = models[(country, part)]
        spec = HardwareSpec(
            country_code=country,
            common_model_id=model.id,
            serial_number=serial,
        )
        hardware_create(company=company, spec=spec, employee_email=holder)
    held = sum(1 for *_, holder in DEMO_HARDWARE if holder)
    made = len(DEMO_HARDWARE)
    return f"Hardware: {made} items ({made} new: {made - held} in storage, {held} with employees)."
