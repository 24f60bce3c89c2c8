"""The demo company's movement requests (`manage.py seed_demo`): one in each status, made by the
client and moved by the operator as they are in real use."""

from config.kernel.actors import Actor
from config.kernel.shipping import Shipping
from hardware.models import Hardware
from logistics.choices import HandledBy, MovementStatus
from logistics.models import MovementRequest
from logistics.services import (
    movement_offboarding_create,
    movement_onboarding_create,
    movement_request_move,
)

OPERATOR = Actor.command("seed_demo")


def demo_movements_seed(company) -> str:
    """The demo's movement requests, made unless the company has some; the line says how many
    it has."""
    existing = MovementRequest.objects.filter(company=company).count()
    if existing:
        return f"Movement requests: {existing} (0 new: the demo company had some already)."
    client = company.api_client
    actor = Actor.api_client(client)
    items = dict(Hardware.objects.filter(company=company).values_list("serial_number", "id"))
    # PROCESSING: a laptop from the US storage to Jordan.
    movement_onboarding_create(
        company=company,
        actor=actor,
        hardware_ids=[items["DEMO-US-0002"]],
        employee_email="jordan.lee@demo.example",
    )
    # COORDINATED: a laptop from the German storage to Lena, its delivery arranged: its parcel
    # (a DHL Express waybill) is tracked; the sandbox plays its journey (docs/shipments.md).
    coordinated = movement_onboarding_create(
        company=company,
        actor=actor,
        hardware_ids=[items["DEMO-DE-0001"]],
        employee_email="lena.fischer@demo.example",
    )
    movement_request_move(
        movement_request_id=coordinated.pk,
        to_status=MovementStatus.COORDINATED,
        actor=OPERATOR,
        shipping=Shipping(tracking_code="3318810025"),
    )
    # DONE: Ana's laptop back to storage, to be wiped there: it waits for an operator to
    # record its data wipe (the dashboard's "awaiting wipe"; docs/hardware-lifecycle.md).
    done = movement_offboarding_create(
        api_client=client,
        handled_by=HandledBy.PROVIDER,
        company=company,
        employee_email="ana.silva@demo.example",
        hardware_ids=[items["DEMO-BR-0101"]],
        wipe=True,
    )
    movement_request_move(
        movement_request_id=done.pk, to_status=MovementStatus.DONE, actor=OPERATOR
    )
    # CANCELLED: a monitor for Jordan, no longer wanted; it stays in the US storage.
    cancelled = movement_onboarding_create(
        company=company,
        actor=actor,
        hardware_ids=[items["DEMO-US-0004"]],
        employee_email="jordan.lee@demo.example",
    )
    movement_request_move(
        movement_request_id=cancelled.pk, to_status=MovementStatus.CANCELLED, actor=OPERATOR
    )
    return (
        "Movement requests: 4 (4 new, one in each status: PROCESSING, COORDINATED, DONE, "
        "CANCELLED)."
    )
