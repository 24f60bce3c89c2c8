"""The record's page and list as an operations team works from them (issue 13): final moves
confirmed on a page that lists what they will do, bulk moves that take a shared ETA and
tracking and report each refusal by the record's number, "Save and mark <STATUS>" on the
record's own form where its values are the move's (an order's prices), and one timeline in
place of Django's History page. Each move has one button on the page, with its inputs beside
it (issue 35). Each of those pages takes the reason for the change, which goes on the audit
trail (issue 28).

A subclass of config.backoffice.base.OperatorMovesAdmin, kept in its own module so the two
grow apart cleanly; the flows' admins derive from it."""

from django.contrib import messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse

from config.backoffice.audited import ReasonForm
from config.backoffice.base import (
    MoveForm,
    OperatorMovesAdmin,
    RefusalsOnSaveAdmin,
    RegisteredInlinesAdmin,
    form_errors_as_messages,
    refusal_text,
)
from config.kernel.actors import Actor
from config.kernel.errors import ServiceError
from config.kernel.shipping import NO_SHIPPING
from config.kernel.workflow import StatusModel

# Sent by the confirmation and bulk pages: the operator saw what the move will do.
CONFIRMED = "confirmed"
# The name of the record page's "Save and mark <STATUS>" buttons; the value is the status.
SAVE_AND_MARK = "_save_and_mark"


# A refusal while saving (the form's values with "Save and mark <STATUS>") is a message on the
# page (RefusalsOnSaveAdmin): the move and the values are rolled back together.
class OperatorPageAdmin(RegisteredInlinesAdmin, RefusalsOnSaveAdmin, OperatorMovesAdmin):
    # Apps below the flows add their inlines (a record's shipments: tracking.apps).
    change_form_template = "admin/operator_page_change_form.html"
    # Moves made by the page's own form, with what it holds ("Save and mark QUOTED").
    save_and_mark_statuses: tuple[str, ...] = ()

    def move_previews(self, records: list[StatusModel], status: str) -> list[list[str]]:
        """For each record, what the flow's move to `status` does besides the status and its
        event: hardware made or landed, e-mails (the flow's service module tells). Read for all
        the records at once, so the bulk page costs the same for one record or a hundred."""
        return [[] for _ in records]

    def confirmation_queryset(self, queryset):
        """The selected records with what `moves_effects` reads of each, so the bulk page costs
        the same for one record or a hundred."""
        return queryset.select_related("company")

    def history(self, record: StatusModel) -> list:
        """The record's timeline (companies.record_history, called by the flows)."""
        return []

    # --- what a move will do -----------------------------------------------------------

    def final_statuses(self) -> list[str]:
        """Statuses no move leaves (DONE, DELIVERED, CANCELLED): moves there are confirmed."""
        moves = self.model.status_field().moves
        return [status for status in self.model.status_targets() if not moves.get(status)]

    def moves_effects(self, records: list[StatusModel], status: str) -> list[list[str]]:
        """For each record, the flow's effects, then the event the graph records for the move
        (config.kernel.workflow.transition_apply) and where it goes."""
        kind = self.model.status_field().events.get(status)
        every_effects = self.move_previews(records, status)
        for record, effects in zip(records, every_effects, strict=True):
            if kind is None:
                continue
            url = record.company.webhook_url
            if url:
                effects.append(f"Webhook {kind} sent to {url}")
            else:
                effects.append(
                    f"Event {kind} recorded; company {record.company.code} has no webhook URL, "
                    "so none is sent"
                )
        return every_effects

    # --- a record's move from its page, confirmed when final --------------------------------

    def move_view(self, request, pk):
        status = request.POST.get("status", "")
        if status in self.final_statuses() and CONFIRMED not in request.POST:
            record = self.changeable(request, pk)
            hidden = {
                name: request.POST[name]
                for name in ("status", "eta", "tracking_code", "tracking_link")
                if request.POST.get(name)
            }
            # The reason typed on the record's page, shown again to keep or change.
            reason = ReasonForm(initial={"reason": request.POST.get("reason", "")})
            return self._confirmation_page(
                request, [record], status, hidden=hidden, reason_form=reason
            )
        return super().move_view(request, pk)

    # --- bulk moves ------------------------------------------------------------------

    def move_each(self, request, queryset, status: str):
        """Final moves and moves taking shipping go through a page first (the records, what
        each move does, the shared ETA and tracking, the reason). Then each record moves in its
        own transaction; each refusal is reported naming the record, and the others still
        move."""
        asks = status in self.final_statuses() or status in self.model.shipping_statuses
        records = list(self.confirmation_queryset(queryset).order_by(self.model.number_field))
        if asks and CONFIRMED not in request.POST:
            return self._confirmation_page(request, records, status, bulk=True)
        form = MoveForm({**request.POST.dict(), "status": status})
        if not form.is_valid():
            form_errors_as_messages(request, form)
            reason = ReasonForm(request.POST)
            return self._confirmation_page(request, records, status, bulk=True, reason_form=reason)
        form.reason_added()
        shipping = form.shipping() if status in self.model.shipping_statuses else NO_SHIPPING
        moved = 0
        actor = Actor.staff(request.user)
        for record in records:
            try:
                self.move(record, status, actor, shipping)
                moved += 1
            except ServiceError as refusal:
                text = refusal_text(refusal)
                named = text if text.startswith(record.label) else f"{record.label}: {text}"
                messages.error(request, named)
        if moved:
            messages.success(request, f"Moved {moved} {self.opts.verbose_name}(s) to {status}.")
        return None

    def _confirmation_page(
        self, request, records, status: str, *, bulk=False, hidden=None, reason_form=None
    ):
        final = status in self.final_statuses()
        shares_shipping = bulk and status in self.model.shipping_statuses
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Are you sure?" if final else f"Mark {status}",
            "status": status,
            "final": final,
            "records": list(zip(records, self.moves_effects(records, status), strict=True)),
            "bulk": bulk,
            "hidden": hidden or {},
            "action": f"mark_{status.lower()}",
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
            "shipping_form": MoveForm() if shares_shipping else None,
            "reason_form": reason_form or ReasonForm(),
            "cancel_url": (
                reverse(self._url_name("changelist"))
                if bulk
                else reverse(self._url_name("change"), args=[records[0].pk])
            ),
            "move_url": None if bulk else reverse(self._url_name("move"), args=[records[0].pk]),
        }
        return TemplateResponse(request, "admin/confirm_move.html", context)

    # --- "Save and mark <STATUS>": the form's values and the move, in one transaction ---

    def save_and_mark_moves(self, record: StatusModel | None) -> list[str]:
        """The "Save and mark <STATUS>" moves the record can make now (its buttons)."""
        if record is None:
            return []
        return [s for s in self.save_and_mark_statuses if record.can_move_to(s)]

    def page_moves(self, record):
        # A move made with the page's own values (the lines' prices) has its one button below
        # them, "Save and mark <STATUS>": the move box above offers the others.
        marked = self.save_and_mark_moves(record)
        return [status for status in super().page_moves(record) if status not in marked]

    def save_and_mark_status(self, request) -> str | None:
        status = request.POST.get(SAVE_AND_MARK)
        return status if status in self.save_and_mark_statuses else None

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        marks = self.save_and_mark_moves(obj)
        context.update(
            save_and_mark=marks,
            history=self.history(obj) if obj is not None else [],
        )
        return super().render_change_form(request, context, add, change, form_url, obj)

    def response_change(self, request, obj):
        status = self.save_and_mark_status(request)
        if status is None:
            return super().response_change(request, obj)
        obj.refresh_from_db()
        messages.success(request, f"{obj.label} is now {obj.status}.")
        return redirect(self._url_name("change"), obj.pk)

    # --- one history ---------------------------------------------------------------

    def history_view(self, request, object_id, extra_context=None):
        # The page's timeline holds what Django's History page showed, and the moves and
        # webhooks beside it.
        return redirect(reverse(self._url_name("change"), args=[object_id]) + "#history")
