"""The data of bench/lists.py: one company of one API client with employees, a storage and
catalog models, then N hardware items and N/10 orders (5 lines each, every line offered in 3
candidates; a quarter of the orders delivered, with items), written in bulk after Django is
set up: the items and their notes by COPY (`copy_into`), the orders through the ORM.

bench/pages.py seeds the items only, and with `--companies` the other companies a deployment
holds beside the bench's (`seed_other_companies`)."""

import os
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

REPO = Path(__file__).resolve().parent.parent

COMPANY_CODE = "BEN"
# Orders per hardware item seeded, and the shape of each order.
ORDERS_PER_ITEM = 10
LINES_PER_ORDER, CANDIDATES_PER_LINE = 5, 3


class BenchError(Exception):
    pass


def recreate_database(url: str, marker: str = "bench") -> None:
    """Drop and create the database of `url`, whose name must contain `marker`."""
    name = conninfo_to_dict(url)["dbname"]
    if marker not in name:
        raise BenchError(f"The benchmark wipes its database; {name!r} must contain {marker!r}")
    if conninfo_to_dict(url).get("host", "127.0.0.1") not in ("127.0.0.1", "localhost"):
        raise BenchError("The benchmark database must be on 127.0.0.1")
    with psycopg.connect(make_conninfo(url, dbname="postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def service_environment(database_url: str, allowed_hosts: str) -> dict[str, str]:
    """The settings both the servers and this process run with: a deployed-like service
    (no DEBUG) whose request budget never interferes, with the in-memory cache."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    return environment | {
        "DATABASE_URL": database_url,
        "ENVIRONMENT": "staging",
        "SECRET_KEY": "bench",
        "DEBUG": "false",
        "ALLOWED_HOSTS": allowed_hosts,
        "API_THROTTLE_RATE": "1000000/sec",
        "LOG_LEVEL": "WARNING",
    }


def setup_django(database_url: str) -> None:
    # Celery's Django fixup puts the working directory first on sys.path: make it this tree.
    os.chdir(REPO)
    # The test client's host is `testserver`.
    os.environ.pop("REDIS_URL", None)
    os.environ.update(service_environment(database_url, "127.0.0.1,testserver"))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def fresh_company(database_url: str) -> tuple[str, dict]:
    """The database made anew and migrated, Django set up on it, and the company seeded
    (`seed_company`)."""
    recreate_database(database_url)
    setup_django(database_url)
    return seed_company()


# --- data ---------------------------------------------------------------------------------


def seed_company() -> tuple[str, dict]:
    """An API client with its key, its company, employees, a storage and catalog models.
    Returns the raw key and what the items are made from."""

    from catalog.models import CatalogItem
    from companies.services import api_client_create, company_create
    from employees.models import Employee
    from hardware.models import HardwareType, Storage
    from orders.models import Reseller

    client, raw_key = api_client_create(name="Bench client")
    company = company_create(
        api_client=client, name="Bench Company", code=COMPANY_CODE, country_code="US"
    )
    employees = seed_employees(company, 200)
    models = CatalogItem.objects.bulk_create(
        CatalogItem(
            country_code="US",
            brand=brand,
            name=name,
            hardware_type=type_name,
            manufacturer_part_number=f"MPN-{index:05d}",
            price=Decimal("1299.00"),
            stock=10,
            ram=ram,
            disk_space=disk,
            display_size=display,
            processor=processor,
            image=f"https://images.example.com/{index}.png",
        )
        for index, (brand, name, type_name, ram, disk, display, processor) in enumerate(
            [
                ("APPLE", 'MacBook Pro 14"', "MACBOOK", "16GB", "512GB", '14"', "Apple M3 Pro"),
                ("DELL", "Latitude 5440", "PC", "16GB", "512GB SSD", '14"', "Intel i7-1365U"),
                ("LENOVO", "ThinkPad T14", "PC", "32GB", "1TB SSD", '14"', "AMD Ryzen 7"),
                ("DELL", "U2723QE", "MONITOR", None, None, '27"', None),
            ]
        )
    )
    # API-made orders show the resellers of their country.
    Reseller.objects.bulk_create(
        Reseller(code=f"RS-US-{index}", country_code="US") for index in range(2)
    )
    storage = Storage.objects.create(country_code="US")
    # The planner sizes its joins by the tables' statistics.
    analyze(Employee, CatalogItem, Storage, Reseller, HardwareType)
    return raw_key, {
        "company": company,
        "employees": employees,
        "storage": storage,
        "types": {
            hardware_type.name: hardware_type for hardware_type in HardwareType.objects.all()
        },
        "models": models,
    }


def seed_employees(company, count: int) -> list:
    """`count` employees of `company`, in New York."""
    from employees.models import Employee

    first_names = ("Ada", "Grace", "Alan", "Linus", "Margaret", "Dennis", "Barbara", "Ken")
    last_names = ("Lovelace", "Hopper", "Turing", "Torvalds", "Hamilton", "Ritchie", "Liskov")
    return Employee.objects.bulk_create(
        Employee(
            company=company,
            first_name=first_names[index % len(first_names)],
            last_name=last_names[index % len(last_names)],
            email=f"employee{index}@{company.code.lower()}.example.com",
            government_dni=f"DNI{company.code}{index:08d}",
            address=f"{index + 1} Main Street",
            city="New York City",
            post_code="10001",
            country_code="US",
            lat=40.71427,
            lng=-74.00597,
        )
        for index in range(count)
    )


def copy_into(model, rows: list[dict]) -> None:
    """Insert `rows` of `model` (its fields' attnames to values) with PostgreSQL's COPY, a field
    a row lacks taking the value a new instance would (its default; now for a timestamp).
    Several times faster than bulk_create, which spends its time making instances and writing
    and quoting an INSERT's parameters."""
    from django.db import connection
    from django.utils import timezone

    # The database numbers the rows of an AutoField, as in bulk_create.
    fields = [field for field in model._meta.local_concrete_fields if not field.db_returning]
    stamps = {
        field.attname
        for field in fields
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
    }
    made = {field.attname: field for field in fields if callable(field.default)}
    constants = {field.attname: field.get_default() for field in fields}
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    statement = f"COPY {connection.ops.quote_name(model._meta.db_table)} ({columns}) FROM STDIN"

    def value(row: dict, name: str):
        if name in row:
            return row[name]
        if name in stamps:
            return timezone.now()
        return made[name].get_default() if name in made else constants[name]

    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row([value(row, field.attname) for field in fields])


def seed_hardware(size: int, base: dict, *, replace: bool = True) -> None:
    """Replace the items with `size` new ones of `base`'s company (or, not `replace`, add
    them, left for the caller to `analyze`): 40% in storage, the rest with employees,
    computers with specs, a third from a catalog model, a quarter with notes."""
    from django.db import connection

    from hardware.choices import CreatedThrough, HardwareStatus, type_image
    from hardware.models import Hardware, HardwareNote

    if replace:
        with connection.cursor() as cursor:
            cursor.execute(
                f"TRUNCATE {HardwareNote._meta.db_table}, {Hardware._meta.db_table} CASCADE"
            )
    type_names = ("MACBOOK", "PC", "MONITOR", "PHONE", "KEYBOARD", "MOUSE", "HEADPHONES")
    # Computers carry specs; other types never do (as the service enforces).
    computers = {"MACBOOK": "Apple M3", "PC": "Intel i7"}
    brands = ("APPLE", "DELL", "LENOVO", "HP", "SAMSUNG", "LG", "ASUS")
    bought = datetime(2024, 1, 1, tzinfo=UTC)
    items = []
    for index in range(size):
        type_name = type_names[index % len(type_names)]
        in_storage = index % 5 < 2
        computer = type_name in computers
        items.append(
            dict(
                id=uuid.uuid4(),
                company_id=base["company"].pk,
                hardware_type_id=base["types"][type_name].pk,
                common_model_id=(
                    base["models"][index % 2].pk if computer and index % 3 == 0 else None
                ),
                status=HardwareStatus.STORAGE if in_storage else HardwareStatus.EMPLOYEE,
                employee_id=(
                    None if in_storage else base["employees"][index % len(base["employees"])].pk
                ),
                storage_id=base["storage"].pk if in_storage else None,
                in_movement=index % 17 == 0,
                serial_number=f"BN{index:07d}",
                description=f"Asset tag {index}" if index % 2 else None,
                brand=brands[index % len(brands)],
                name=f"{type_name.title()} model {index % 23}",
                ram="16GB" if computer else None,
                disk_space="512GB SSD" if computer else None,
                display_size='14"' if computer else None,
                processor=computers.get(type_name),
                image=type_image(type_name),
                date_bought=bought + timedelta(days=index % 365),
                country_code="US",
                external_reference=f"ERP-{index}" if index % 4 == 0 else None,
                cost=Decimal(f"{100 + index % 2000}.99"),
                created_through=CreatedThrough.ORDER if index % 3 == 0 else CreatedThrough.API,
            )
        )
    copy_into(Hardware, items)
    notes = [
        dict(
            hardware_id=item["id"],
            content=f"Note {number} on {item['serial_number']}: checked.",
            author_email="ops@bench.example.com",
        )
        for index, item in enumerate(items)
        if index % 4 == 0
        for number in range(1 + (index % 12 == 0))
    ]
    copy_into(HardwareNote, notes)
    if replace:
        analyze(Hardware, HardwareNote)


def analyze(*models) -> None:
    """Statistics of `models`' tables, as a database in use has them."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {', '.join(model._meta.db_table for model in models)}")


# Companies beside the bench's, as a deployment holds them: a few large, many small (count,
# items each), each with its own employees. PostgreSQL plans a company's list by its share of
# the items, which these make far smaller than the bench company's.
OTHER_COMPANIES = ((9, 3000), (190, 30))


def seed_other_companies(base: dict) -> int:
    """Add OTHER_COMPANIES, for the bench's API client, beside `base`'s company and items
    (seed_hardware's, in the same storage); returns how many items they hold."""
    from companies.services import company_create
    from employees.models import Employee
    from hardware.models import Hardware, HardwareNote

    client = base["company"].api_client
    number, added = 0, 0
    for count, size in OTHER_COMPANIES:
        for _ in range(count):
            number += 1
            company = company_create(
                api_client=client,
                name=f"Other Company {number}",
                code=f"{number:03d}",
                country_code="US",
            )
            employees = seed_employees(company, 5)
            seed_hardware(size, base | {"company": company, "employees": employees}, replace=False)
            added += size
    analyze(Employee, Hardware, HardwareNote)
    return added


def seed_orders(size: int, base: dict) -> None:
    """Replace the orders with `size` new ones, newest last: each of LINES_PER_ORDER lines is an
    alternative group of CANDIDATES_PER_LINE candidates (the first catalog model asked for and
    priced, two offered; the first selected). Every fourth order is DELIVERED, to storage, with
    some of the ORDER items seeded by seed_hardware as its created hardware; every third goes
    to an employee; orders are made by the API client but every fifth, made by a user."""
    from django.db import connection

    from hardware.models import Hardware
    from orders.models import AlternativeGroup, HardwareRequest, Order, OrderStatusChange

    tables = [model._meta.db_table for model in (OrderStatusChange, HardwareRequest)]
    tables += [AlternativeGroup._meta.db_table, Order._meta.db_table]
    with connection.cursor() as cursor:
        # The numbering's sequence (config.kernel.numbering) starts again: orders 1, 2, ...
        cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
    began = datetime(2025, 1, 1, tzinfo=UTC)
    orders = []
    for index in range(size):
        delivered = index % 4 == 0
        to_employee = index % 3 == 0
        orders.append(
            Order(
                company=base["company"],
                status="DELIVERED" if delivered else ("QUOTED", "PENDING", "ACCEPTED")[index % 3],
                country_code="US",
                send_to="EMPLOYEE" if to_employee else "STORAGE",
                employee=base["employees"][index % len(base["employees"])] if to_employee else None,
                eta=(began + timedelta(days=30 + index % 60)).date(),
                tracking_code=f"TRK-{index}" if delivered else None,
                date_completed=began + timedelta(days=40 + index % 60) if delivered else None,
                requester_email="buyer@bench.example.com" if index % 5 == 0 else None,
                api_client_requester_name=None if index % 5 == 0 else "Bench client",
                client_name=f"Client {index % 7}" if index % 2 else None,
                po_number=f"PO-{index:06d}",
                comments=[f"Client Name: Client {index % 7}"] if index % 2 else [],
            )
        )
    Order.objects.bulk_create(orders, batch_size=2000)
    # created_at is the insert time: spread it, in the seed's order.
    for index, order in enumerate(orders):
        order.created_at = began + timedelta(hours=index)
    Order.objects.bulk_update(orders, ["created_at"], batch_size=2000)
    groups = AlternativeGroup.objects.bulk_create(
        [AlternativeGroup(order=order) for order in orders for _ in range(LINES_PER_ORDER)],
        batch_size=2000,
    )
    models = base["models"]
    lines = []
    for number, group in enumerate(groups):
        for candidate in range(CANDIDATES_PER_LINE):
            model = models[(number + candidate) % len(models)]
            lines.append(
                HardwareRequest(
                    order=group.order,
                    alternative_group=group,
                    amount=1 + number % 3,
                    notes="Asked by the team lead" if candidate == 0 and number % 4 == 0 else None,
                    quoted_unit_price=model.price if candidate == 0 else None,
                    catalog_item=model,
                    hardware_type=model.hardware_type,
                    manufacturer_part_number=model.manufacturer_part_number,
                    brand=model.brand,
                    model=model.name,
                    ram=model.ram,
                    disk_space=model.disk_space,
                    display_size=model.display_size,
                    processor=model.processor,
                    image=model.image,
                    is_available=candidate != 1,
                    is_recommended=candidate == 2 or None,
                )
            )
    HardwareRequest.objects.bulk_create(lines, batch_size=2000)
    # created_at is the insert time: spread it, the first candidate of each group the earliest.
    for number, line in enumerate(lines):
        line.created_at = began + timedelta(minutes=number)
    HardwareRequest.objects.bulk_update(lines, ["created_at"], batch_size=2000)
    for number, group in enumerate(groups):
        group.selected = lines[number * CANDIDATES_PER_LINE]
    AlternativeGroup.objects.bulk_update(groups, ["selected"], batch_size=2000)
    delivered = [order for order in orders if order.status == "DELIVERED"]
    made = list(Hardware.objects.filter(created_through="ORDER").order_by("pk"))
    for index, item in enumerate(made[: 4 * len(delivered)]):
        item.created_order_id = delivered[index % len(delivered)].pk
    Hardware.objects.bulk_update(made, ["created_order_id"], batch_size=2000)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {', '.join(tables)}")
