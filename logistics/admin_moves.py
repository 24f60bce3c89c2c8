"""The movement request's page as an operator coordinates it (issue 13, config.backoffice.moves):
each move from the page's one move box, with the ETA and tracking beside its buttons (issue 35);
DONE confirmed listing where each item lands and CANCELLED where each stays, bulk moves with a
shared ETA and tracking, and one timeline holding its history."""

from companies.record_history import record_history
from config.backoffice.moves import OperatorPageAdmin
from logistics.move_previews import movement_move_preview


class MovementPageAdmin(OperatorPageAdmin):
    def move_previews(self, records, status):
        # Each reads what confirmation_queryset fetched for all of them.
        return [movement_move_preview(record, status) for record in records]

    def confirmation_queryset(self, queryset):
        return (
            super()
            .confirmation_queryset(queryset)
            .select_related("from_employee", "to_employee", "storage")
            .prefetch_related("hardwares")
        )

    def history(self, record):
        return record_history(record)
