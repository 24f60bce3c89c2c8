import uuid
from decimal import Decimal

import factory

from catalog.models import CatalogItem
from companies.models import ApiClient, Company, Event, EventState
from companies.services import api_key_issue
from config.kernel.actors import ActorKind
from config.kernel.countries import storage_country_code
from employees.models import Employee
from hardware.choices import CreatedThrough, HardwareStatus
from hardware.models import Hardware, HardwareType, Storage
from logistics.choices import HandledBy, MovementStatus, MovementType, SendTo
from logistics.models import MovementRequest, MovementRequestStatusChange
from orders.choices import OrderStatus
from orders.choices import SendTo as OrderSendTo
from orders.models import AlternativeGroup, HardwareRequest, Order


class ApiClientFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ApiClient

    name = factory.Sequence(lambda n: f"Client {n}")


def issue_key(api_client: ApiClient) -> str:
    _, raw_key = api_key_issue(client=api_client)
    return raw_key


def company_code(n: int) -> str:
    """Three capitals or digits, different for every n below 36**3."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(alphabet[(n // 36**power) % 36] for power in (2, 1, 0))


class CompanyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Company

    api_client = factory.SubFactory(ApiClientFactory)
    name = factory.Sequence(lambda n: f"Company {n}")
    code = factory.Sequence(lambda n: company_code(n + 1000))
    country_code = "US"


# --- employees and hardware -------------------------------------------------------------


class EmployeeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Employee

    company = factory.SubFactory(CompanyFactory)
    first_name = factory.Sequence(lambda n: f"Ada{n}")
    last_name = "Lovelace"
    email = factory.Sequence(lambda n: f"employee{n}@example.com")
    government_dni = factory.Sequence(lambda n: f"DNI{n:08d}")
    address = "1 Main Street"
    city = "New York City"
    post_code = "10001"
    country_code = "US"
    lat = 40.71427
    lng = -74.00597


def hardware_type(name: str) -> HardwareType:
    """One of the types made by the data migration."""
    return HardwareType.objects.get(name=name)


class HardwareFactory(factory.django.DjangoModelFactory):
    """An item in the storage of its country; pass `employee=` (and status EMPLOYEE) to
    assign it, or use `on_employee`."""

    class Meta:
        model = Hardware

    company = factory.SubFactory(CompanyFactory)
    hardware_type = factory.LazyFunction(lambda: hardware_type("MONITOR"))
    status = HardwareStatus.STORAGE
    storage = factory.LazyAttribute(
        lambda item: Storage.objects.get_or_create(
            country_code=storage_country_code(item.country_code)
        )[0]
    )
    serial_number = factory.Sequence(lambda n: f"SN{n:06d}")
    name = "Dell U2723QE"
    brand = "DELL"
    image = "/static/hardware/types/monitor.svg"
    country_code = "US"
    created_through = CreatedThrough.API

    class Params:
        on_employee = factory.Trait(
            status=HardwareStatus.EMPLOYEE,
            storage=None,
            employee=factory.SubFactory(
                EmployeeFactory, company=factory.SelfAttribute("..company")
            ),
        )


# --- catalog ---------------------------------------------------------------------------------


class CatalogItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CatalogItem

    country_code = "US"
    brand = "DELL"
    name = factory.Sequence(lambda n: f"Latitude {5000 + n}")
    hardware_type = "PC"
    manufacturer_part_number = factory.Sequence(lambda n: f"MPN-{n:05d}")
    price = Decimal("1299.00")
    stock = 10
    ram = "16GB"
    disk_space = "512GB SSD"
    display_size = '14"'
    processor = "Intel Core i7-1365U"
    image = "https://images.example.com/latitude.png"


# --- logistics: movement requests -----------------------------------------------------------


class MovementRequestFactory(factory.django.DjangoModelFactory):
    """An onboarding as the API makes it: PROCESSING, to an employee, from the US storage, with
    its first history entry. Pass `hardwares=[...]` to carry items; they are left as they are
    (mark them `in_movement` yourself where it matters)."""

    class Meta:
        model = MovementRequest
        skip_postgeneration_save = True

    company = factory.SubFactory(CompanyFactory)
    type = MovementType.ONBOARDING
    status = MovementStatus.PROCESSING
    send_to = SendTo.EMPLOYEE
    handled_by = HandledBy.PROVIDER
    to_employee = factory.SubFactory(EmployeeFactory, company=factory.SelfAttribute("..company"))
    storage = factory.LazyFunction(lambda: Storage.objects.get_or_create(country_code="US")[0])
    api_client_requester_name = "Factory client"

    @factory.post_generation
    def hardwares(movement, create, extracted, **kwargs):
        if create and extracted:
            movement.hardwares.set(extracted)

    @factory.post_generation
    def history(movement, create, extracted, **kwargs):
        if create:
            MovementRequestStatusChange.objects.create(
                movement_request=movement,
                status_to=movement.status,
                actor_kind=ActorKind.API_CLIENT,
                actor_name="Factory client",
            )


# --- orders ----------------------------------------------------------------------------


class OrderFactory(factory.django.DjangoModelFactory):
    """A PENDING order to the company's storage, as an API client makes it."""

    class Meta:
        model = Order

    company = factory.SubFactory(CompanyFactory)
    status = OrderStatus.PENDING
    country_code = "US"
    send_to = OrderSendTo.STORAGE
    api_client_requester_name = "Factory client"


class HardwareRequestFactory(factory.django.DjangoModelFactory):
    """A free-form order line for monitors."""

    class Meta:
        model = HardwareRequest

    order = factory.SubFactory(OrderFactory)
    amount = 1
    hardware_type = "MONITOR"
    brand = "DELL"
    model = "U2723QE"
    image = "/static/hardware/types/monitor.svg"


def alternatives(line: HardwareRequest, *offered: HardwareRequest) -> AlternativeGroup:
    """Group `line` (kept selected) with the `offered` lines of the same order."""
    group = AlternativeGroup.objects.create(order=line.order, selected=line)
    HardwareRequest.objects.filter(pk__in=[line.pk, *(o.pk for o in offered)]).update(
        alternative_group=group
    )
    return group


# --- companies: webhook events ----------------------------------------------------------


class EventFactory(factory.django.DjangoModelFactory):
    """An event every attempt failed to deliver, to a company with a webhook URL."""

    class Meta:
        model = Event

    id = factory.LazyFunction(uuid.uuid4)
    company = factory.SubFactory(CompanyFactory, webhook_url="https://hooks.example.com/hlos")
    kind = "order.cancelled"
    # As the service writes a payload (companies.services): the webhook's id, type, time, data.
    payload = factory.LazyAttribute(
        lambda event: {
            "id": f"msg_{event.id.hex}",
            "type": event.kind,
            "timestamp": "2026-11-23T09:30:00Z",
            "data": {"status": "CANCELLED"},
        }
    )
    state = EventState.FAILED
    attempts = 10
