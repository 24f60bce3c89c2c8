"""The movement request's page as an operator coordinates it (issue 13, config.backoffice.moves):
"Save and mark COORDINATED" with the ETA and tracking typed on the page's own form, DONE
confirmed listing where each item lands and CANCELLED where each stays, bulk moves with a
shared ETA and tracking, and one timeline holding its history."""

import copy

from companies.record_history import record_history
from config.backoffice.base import MoveForm
from config.backoffice.moves import OperatorPageAdmin
from config.kernel.actors import Actor
from config.kernel.shipping import Shipping
from logistics.choices import MovementStatus
from logistics.move_previews import movement_move_preview

# Typed on the page's form, kept only by a move (the service checks them and keeps history).
SHIPPING_FIELDS = ("eta", "tracking_code", "tracking_link")


class MovementPageAdmin(OperatorPageAdmin):
    save_and_mark_statuses = (MovementStatus.COORDINATED,)

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

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if not self.save_and_mark_moves(obj):
            return fields
        return [field for field in fields if field not in SHIPPING_FIELDS]

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name in SHIPPING_FIELDS:
            # The move form's inputs: the service judges what is typed, by its one rule for a
            # link (config.kernel.workflow.Shipping).
            return copy.deepcopy(MoveForm.base_fields[db_field.name])
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        """Nothing of the row is written by the form: its ETA and tracking go with the move,
        through the service. Without a move, the page saves nothing."""
        status = self.save_and_mark_status(request)
        if status is None:
            return
        values = form.cleaned_data
        shipping = Shipping(**{field: values.get(field) for field in SHIPPING_FIELDS})
        self.move(obj, status, Actor.staff(request.user), shipping)

    def log_change(self, request, obj, message):
        # The page's form writes nothing of the row (save_model): no edit goes into the
        # history. A move keeps its ETA and tracking in its own status change.
        return None
