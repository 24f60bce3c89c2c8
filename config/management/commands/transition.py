"""python manage.py transition <kind> <number or id> <STATUS> [--eta ...] [--tracking-code ...]
[--tracking-link ...]: an operator's move, through the same service as the admin's buttons.

It lives at the top of the import graph, which may name both flows: each kind is moved by its
flow's `transitions` module."""

import argparse
from datetime import date

from config.kernel.actors import Actor
from config.kernel.commands import Move, WritingCommand, refusals_as_command_errors
from config.kernel.shipping import Shipping
from logistics.transitions import movement_transition
from orders.transitions import order_transition

# What the command moves. Each makes the move through its flow's service and answers the
# record's new status; a refusal is the service's ServiceError.
TRANSITIONS = {"order": order_transition, "movement": movement_transition}


def iso_date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date as YYYY-MM-DD, not {value}") from None


class Command(WritingCommand):
    help = (
        "Move a record to a status as an operator, e.g. `transition movement <id> DONE`. "
        "Prints the new status; a move the record cannot make is an error (exit code 1)."
    )

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=sorted(TRANSITIONS), help="What to move.")
        parser.add_argument("record_id", help="The record's number (as clients quote it) or id.")
        parser.add_argument("status", help="The status to move it to.")
        parser.add_argument("--eta", type=iso_date, help="Expected arrival, YYYY-MM-DD.")
        parser.add_argument("--tracking-code")
        parser.add_argument("--tracking-link")

    def handle(self, *args, kind, record_id, status, eta, tracking_code, tracking_link, **options):
        move = Move(
            record_id=record_id,
            status=status,
            actor=Actor.command("transition"),
            shipping=Shipping(eta=eta, tracking_code=tracking_code, tracking_link=tracking_link),
        )
        with refusals_as_command_errors():
            new_status = TRANSITIONS[kind](move)
        self.stdout.write(new_status)
