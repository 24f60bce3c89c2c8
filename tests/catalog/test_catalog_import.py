"""`manage.py import_catalog FILE.csv` and `manage.py seed_demo`."""

import io
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from catalog.models import CatalogItem
from catalog.services import CSV_HEADER
from hardware.models import HardwareType
from tests.factories import CatalogItemFactory

pytestmark = pytest.mark.django_db

HEADER = ",".join(CSV_HEADER)
MACBOOK = (
    'US,APPLE,MacBook Air 13",MACBOOK,MC8K4LL/A,1499.00,42,16GB,512GB SSD,13.6",Apple M3,'
    "/static/hardware/types/macbook.svg,false"
)
MONITOR = "BR,DELL,UltraSharp U2724D,monitor,U2724D-BR,632.99,7,,,,,,TRUE"
NO_PART_NUMBER = "EU,,Office chair,CHAIR,,389,0,,,,,,false"


def import_csv(tmp_path, *lines: str, header: str = HEADER) -> str:
    path = tmp_path / "catalog.csv"
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    out = io.StringIO()
    call_command("import_catalog", path, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def refusal(tmp_path, *lines: str, header: str = HEADER) -> str:
    with pytest.raises(CommandError) as error:
        import_csv(tmp_path, *lines, header=header)
    return str(error.value)


def test_import_creates_items_with_every_column(tmp_path):
    output = import_csv(tmp_path, MACBOOK, MONITOR, NO_PART_NUMBER)

    assert output.endswith(": 3 created, 0 updated, 0 unchanged.\n")
    macbook = CatalogItem.objects.get(manufacturer_part_number="MC8K4LL/A")
    assert (
        macbook.country_code,
        macbook.brand,
        macbook.name,
        macbook.hardware_type,
        macbook.price,
        macbook.stock,
        macbook.ram,
        macbook.disk_space,
        macbook.display_size,
        macbook.processor,
        macbook.image,
        macbook.deprecated,
    ) == (
        "US",
        "APPLE",
        'MacBook Air 13"',
        "MACBOOK",
        Decimal("1499.00"),
        42,
        "16GB",
        "512GB SSD",
        '13.6"',
        "Apple M3",
        "/static/hardware/types/macbook.svg",
        False,
    )
    monitor = CatalogItem.objects.get(manufacturer_part_number="U2724D-BR")
    # Type names and true/false are taken in any case; empty cells are null, the image "".
    assert (monitor.hardware_type, monitor.deprecated) == ("MONITOR", True)
    assert (monitor.ram, monitor.processor, monitor.image) == (None, None, "")
    chair = CatalogItem.objects.get(name="Office chair")
    assert (chair.brand, chair.manufacturer_part_number, chair.price) == (None, None, 389)


def test_import_updates_the_item_with_the_same_country_and_part_number(tmp_path):
    stored = CatalogItemFactory(country_code="US", manufacturer_part_number="MC8K4LL/A", stock=1)
    other_country = CatalogItemFactory(country_code="MX", manufacturer_part_number="MC8K4LL/A")

    output = import_csv(tmp_path, MACBOOK)

    assert output.endswith(": 0 created, 1 updated, 0 unchanged.\n")
    stored.refresh_from_db()
    assert (stored.name, stored.brand, stored.stock, stored.processor) == (
        'MacBook Air 13"',
        "APPLE",
        42,
        "Apple M3",
    )
    assert stored.updated_at > stored.created_at
    other_country.refresh_from_db()
    assert other_country.name != stored.name
    assert CatalogItem.objects.count() == 2


def test_importing_the_same_file_again_changes_nothing(tmp_path):
    import_csv(tmp_path, MACBOOK, MONITOR)
    before = list(CatalogItem.objects.values())

    output = import_csv(tmp_path, MACBOOK, MONITOR)

    assert output.endswith(": 0 created, 0 updated, 2 unchanged.\n")
    assert list(CatalogItem.objects.values()) == before


def test_a_row_without_part_number_is_always_a_new_item(tmp_path):
    import_csv(tmp_path, NO_PART_NUMBER)
    import_csv(tmp_path, NO_PART_NUMBER)

    assert CatalogItem.objects.filter(name="Office chair").count() == 2


def test_import_reports_every_bad_row_by_line_number_and_loads_nothing(tmp_path):
    CatalogItemFactory(country_code="US", manufacturer_part_number="MC8K4LL/A", stock=1)

    message = refusal(
        tmp_path,
        MACBOOK,  # line 2: good, and not loaded either
        "XX,DELL,Latitude,PC,P1,10,1,,,,,,false",
        "US,DELL,,PC,P2,10,1,,,,,,false",
        "US,DELL,Latitude,PC,P3,-1,1,,,,,,false",
        "US,DELL,Latitude,PC,P4,ten,1,,,,,,false",
        "US,DELL,Latitude,PC,P5,10.001,1,,,,,,false",
        "US,DELL,Latitude,PC,P6,10,-2,,,,,,false",
        "US,DELL,Latitude,PC,P7,10,1.5,,,,,,false",
        "US,DELL,Latitude,PC,P8,10,1,,,,,,yes",
        "US,DELL,Latitude,TOASTER,P9,10,1,,,,,,false",
        "US,DELL,Latitude,PC,P10,10,1,,,,,false",
        "US,APPLE,Again,MACBOOK,MC8K4LL/A,1,1,,,,,,false",
        "",  # blank lines are skipped
        "XX,DELL,,PC,P11,,,,,,,,",
    )

    assert message.splitlines() == [
        "Invalid catalog file: nothing was imported",
        "  line 3: countryCode 'XX' is not ISO 3166-1 alpha-2 or EU",
        "  line 4: name should not be empty",
        "  line 5: price '-1' is not a number >= 0 with at most 2 decimals",
        "  line 6: price 'ten' is not a number >= 0 with at most 2 decimals",
        "  line 7: price '10.001' is not a number >= 0 with at most 2 decimals",
        "  line 8: stock '-2' is not a whole number >= 0",
        "  line 9: stock '1.5' is not a whole number >= 0",
        "  line 10: deprecated 'yes' is not true or false",
        "  line 11: hardwareType 'TOASTER' is not a hardware type",
        "  line 12: 12 cells where the header has 13",
        "  line 13: manufacturerPartNumber MC8K4LL/A is already on line 2",
        "  line 15: countryCode 'XX' is not ISO 3166-1 alpha-2 or EU",
        "  line 15: name should not be empty",
        "  line 15: price '' is not a number >= 0 with at most 2 decimals",
        "  line 15: stock '' is not a whole number >= 0",
        "  line 15: deprecated '' is not true or false",
    ]
    assert CatalogItem.objects.get().stock == 1


def test_import_takes_eu_and_lowercase_country_codes(tmp_path):
    import_csv(
        tmp_path,
        "eu,HP,EliteBook 840,PC,EB840-EU,1499,5,,,,,,false",
        "de,HP,EliteBook 840,PC,EB840-DE,1499,5,,,,,,false",
    )

    assert sorted(CatalogItem.objects.values_list("country_code", flat=True)) == ["DE", "EU"]


def test_import_refuses_a_file_whose_header_differs(tmp_path):
    swapped = HEADER.replace("brand,name", "name,brand")

    message = refusal(tmp_path, MACBOOK, header=swapped)

    assert message == (
        f"Invalid catalog file: nothing was imported\n  line 1: the header must be {HEADER}"
    )
    assert not CatalogItem.objects.exists()


def test_import_accepts_a_byte_order_mark_and_windows_line_ends(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_bytes(("\ufeff" + HEADER + "\r\n" + MACBOOK + "\r\n").encode())

    call_command("import_catalog", path, stdout=io.StringIO())

    assert CatalogItem.objects.get().name == 'MacBook Air 13"'


def test_import_of_a_missing_file_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_catalog", tmp_path / "missing.csv")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_bar_goes_to_the_terminal_and_the_summary_to_stdout(tmp_path, monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)

    output = import_csv(tmp_path, MACBOOK, MONITOR)

    assert "Importing: 100%" in terminal.getvalue()
    assert "2/2" in terminal.getvalue()
    assert output.startswith("Imported ")
    assert "%" not in output


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path, capsys):
    import_csv(tmp_path, MACBOOK)

    assert capsys.readouterr().err == ""


def test_import_of_more_rows_than_one_step_creates_and_updates_them_all(tmp_path):
    rows = [f"US,DELL,Item {n},PC,P{n},{n},{n},,,,,,false" for n in range(1200)]
    import_csv(tmp_path, *rows[:700])

    output = import_csv(tmp_path, *[row.replace(",false", ",true") for row in rows])

    assert output.endswith(": 500 created, 700 updated, 0 unchanged.\n")
    assert CatalogItem.objects.filter(deprecated=True).count() == 1200


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", stdout=out, stderr=io.StringIO())
    return out.getvalue()


def catalog_state() -> list[tuple]:
    return list(CatalogItem.objects.order_by("id").values_list())


def test_seed_demo_loads_a_catalog_for_the_main_countries_and_the_eu_warehouse():
    seed()

    countries = set(CatalogItem.objects.values_list("country_code", flat=True))
    assert {"US", "BR", "MX", "ES", "DE", "EU"} <= countries
    assert len(countries) >= 6
    for country in countries:
        assert 8 <= CatalogItem.objects.filter(country_code=country).count() <= 16
    assert CatalogItem.objects.filter(deprecated=True).count() >= 2
    assert CatalogItem.objects.filter(stock__lte=2).count() >= 2
    assert set(
        CatalogItem.objects.filter(hardware_type="MACBOOK").values_list("brand", flat=True)
    ) == {"APPLE"}
    assert set(CatalogItem.objects.values_list("hardware_type", flat=True)) <= set(
        HardwareType.objects.values_list("name", flat=True)
    )


def test_seed_demo_twice_changes_nothing_the_second_time():
    seed()
    first = catalog_state()

    output = seed()

    assert catalog_state() == first
    types = HardwareType.objects.count()
    assert f"Hardware types: {types} (0 new).\nCatalog: {len(first)} items (0 new).\n" in output


def test_seed_demo_puts_back_missing_hardware_types():
    HardwareType.objects.filter(name__in=["WEBCAM", "CHAIR"]).delete()

    output = seed()

    assert f"Hardware types: {HardwareType.objects.count()} (2 new)." in output
    webcam = HardwareType.objects.get(name="WEBCAM")
    assert (webcam.image, webcam.order_only) == ("/static/hardware/types/webcam.svg", False)
    assert HardwareType.objects.get(name="EXTENDED_WARRANTY_MAC").order_only
