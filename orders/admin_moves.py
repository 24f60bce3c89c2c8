"""The order's page as an operator quotes and moves it (issue 13, config.backoffice.moves):
"Save and mark QUOTED" prices the lines and quotes in one step, final moves (DELIVERED,
CANCELLED) are confirmed listing the hardware made and the e-mail sent, and one timeline holds
its history."""

from companies.record_history import record_history
from config.backoffice.moves import OperatorPageAdmin
from config.kernel.actors import Actor
from orders.choices import OrderStatus
from orders.models import HardwareRequest
from orders.services.move_previews import order_move_previews


class OrderPageAdmin(OperatorPageAdmin):
    save_and_mark_statuses = (OrderStatus.QUOTED,)

    def move_previews(self, records, status):
        return order_move_previews(records, status)

    def confirmation_queryset(self, queryset):
        return super().confirmation_queryset(queryset).select_related("employee")

    def history(self, record):
        return record_history(record)

    def save_formset(self, request, form, formset, change):
        # The lines' formset (orders.admin_lines.LinesFormSet) saves its prices with the move to
        # QUOTED through one service when the operator pressed "Save and mark QUOTED".
        if formset.model is HardwareRequest and self.save_and_mark_status(request):
            formset.quote_as = Actor.staff(request.user)
        super().save_formset(request, form, formset, change)
