"""python manage.py offer_alternative <orderNumber or orderId> <hardwareRequestId> <catalogItemId>
[--recommended]: an operator offers a catalog item as a candidate for an order line, through
the same service as the admin's form."""

from config.kernel.commands import WritingCommand, record_id, refusals_as_command_errors
from config.kernel.identifiers import uuid_or_400
from orders import services
from orders.models import Order


class Command(WritingCommand):
    help = (
        "Offer a catalog item as an alternative for a line of a PENDING or QUOTED order. "
        "Prints the new candidate's id as the last line; a refusal is an error (exit code 1)."
    )

    def add_arguments(self, parser):
        parser.add_argument("order_id", help="The order's number or id.")
        parser.add_argument("hardware_request_id", help="The id of a top-level line of it.")
        parser.add_argument("catalog_item_id", help="The catalog item to offer.")
        parser.add_argument(
            "--recommended", action="store_true", help="Mark the new candidate recommended."
        )

    def handle(self, *args, order_id, hardware_request_id, catalog_item_id, recommended, **options):
        with refusals_as_command_errors():
            candidate = services.order_offer_alternative(
                order_id=record_id(Order, order_id, invalid_message="Invalid order ID format"),
                hardware_request_id=uuid_or_400(
                    hardware_request_id, "Invalid hardware request ID format"
                ),
                catalog_item_id=uuid_or_400(catalog_item_id, "Invalid catalog item ID format"),
                recommended=recommended,
            )
        self.stdout.write(
            f"Offered {candidate} in alternative group {candidate.alternative_group_id} "
            f"of order {candidate.order.order_number}"
        )
        self.stdout.write(str(candidate.pk))
