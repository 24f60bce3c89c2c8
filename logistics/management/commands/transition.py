"""python manage.py transition <kind> <number or id> <STATUS> [--eta ...] [--tracking-code ...]
[--tracking-link ...]: an operator's move, through the same service as the admin's buttons."""

import argparse
from datetime import date

from django.core.management.base import BaseCommand

from config.actors import Actor
from config.commands import refusals_as_command_errors
from config.transitions import Move, transitions
from config.workflow import Shipping


def iso_date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date as YYYY-MM-DD, not {value}") from None


class Command(BaseCommand):
    help = (
        "Move a record to a status as an operator, e.g. `transition movement <id> DONE`. "
        "Prints the new status; a move the record cannot make is an error (exit code 1)."
    )

    def add_arguments(self, parser):
        # The kinds are the ones the installed flows registered (config.transitions).
        parser.add_argument("kind", choices=sorted(transitions()), help="What to move.")
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
            new_status = transitions()[kind](move)
        self.stdout.write(new_status)
