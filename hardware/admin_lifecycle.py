"""An item's life on its admin page (issue 32): its lifecycle history and its data wipes, each
wipe's certificate to download, and three buttons, each a small form posted to a view of its
own that calls the service (hardware.lifecycle) as the staff user, with what the operator wrote
of why as the reason on the audit trail:

- *Record wipe* (method, tool, when, verified, reason), unless the item is retired;
- *Retire* (retired as, note), unless it is retired already;
- *Reinstate* (note), only for an item retired as LOST or STOLEN: it was found again.

A refusal of the service is an error message on the item's page, with nothing written (the
service's transaction rolled back). Mixed into the item's admin (hardware.admin)."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from config.backoffice.base import RecordInline, form_errors_as_messages, refusals_as_messages
from config.kernel.actors import Actor, ActorKind
from config.kernel.audit import change_context_add
from config.kernel.errors import NotFound
from hardware import wipes
from hardware.admin_forms import ReinstateForm, RetireForm, WipeForm
from hardware.choices import REINSTATABLE, Lifecycle, RetiredReason
from hardware.lifecycle import hardware_reinstate, hardware_retire, hardware_wipe_record
from hardware.models import Hardware, HardwareLifecycleChange, HardwareWipe

CERTIFICATE_URL = "admin:hardware_hardware_certificate"


class LifecycleHistoryInline(RecordInline):
    model = HardwareLifecycleChange
    verbose_name_plural = "lifecycle history"
    fields = ["created_at", "status_from", "status_to", "who", "note"]

    @admin.display(description="who")
    def who(self, change: HardwareLifecycleChange) -> str:
        return f"{change.actor_name} ({ActorKind(change.actor_kind).label})"


class WipesInline(RecordInline):
    model = HardwareWipe
    verbose_name_plural = "data wipes"
    fields = [
        "performed_at",
        "method",
        "tool",
        "performed_by",
        "verified",
        "reason",
        "recorded_by",
        "sha256",
        "certificate_pdf",
    ]

    def get_queryset(self, request):
        # The PDFs are read one at a time, when downloaded.
        return super().get_queryset(request).defer("certificate")

    @admin.display(description="certificate SHA-256")
    def sha256(self, wipe: HardwareWipe) -> str:
        return wipe.certificate_sha256

    @admin.display(description="certificate")
    def certificate_pdf(self, wipe: HardwareWipe) -> str:
        url = reverse(CERTIFICATE_URL, args=[wipe.hardware_id, wipe.pk])
        return format_html('<a href="{}">Download PDF</a>', url)


class LifecyclePages:
    """Mixed into the item's admin (beside its inlines LifecycleHistoryInline and WipesInline):
    the lifecycle's buttons, their views, and the certificates."""

    def get_urls(self):
        def post(view):
            return self.admin_site.admin_view(require_POST(view))

        certificate = self.admin_site.admin_view(self.certificate_view)
        return [
            path("<uuid:pk>/wipe/", post(self.wipe_view), name="hardware_hardware_wipe"),
            path("<uuid:pk>/retire/", post(self.retire_view), name="hardware_hardware_retire"),
            path(
                "<uuid:pk>/reinstate/",
                post(self.reinstate_view),
                name="hardware_hardware_reinstate",
            ),
            path(
                "<uuid:pk>/wipes/<uuid:wipe_id>/certificate.pdf",
                certificate,
                name=CERTIFICATE_URL.removeprefix("admin:"),
            ),
            *super().get_urls(),
        ]

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None and self.has_change_permission(request, obj):
            context["lifecycle_buttons"] = lifecycle_buttons(obj)
        return super().render_change_form(request, context, add, change, form_url, obj)

    # --- the buttons' views ----------------------------------------------------------------

    def wipe_view(self, request, pk):
        def record(item, form, actor):
            wipe = hardware_wipe_record(
                company=item.company, hardware_id=item.pk, report=form.report(), actor=actor
            )
            return (
                f"{wipe.method} wipe {wipe.id} recorded: {item} is {wipe.hardware.lifecycle}. "
                f"Certificate SHA-256 {wipe.certificate_sha256}."
            )

        return self._lifecycle_change(request, pk, WipeForm, record)

    def retire_view(self, request, pk):
        def retire(item, form, actor):
            reason = RetiredReason(form.cleaned_data["retired_reason"])
            hardware_retire(
                company=item.company,
                hardware_id=item.pk,
                reason=reason,
                actor=actor,
                note=form.why,
            )
            return f"{item} is RETIRED ({reason})."

        return self._lifecycle_change(request, pk, RetireForm, retire)

    def reinstate_view(self, request, pk):
        def reinstate(item, form, actor):
            found = hardware_reinstate(
                company=item.company, hardware_id=item.pk, actor=actor, note=form.why
            )
            return f"{item} is ACTIVE again, in storage {found.storage.country_code}."

        return self._lifecycle_change(request, pk, ReinstateForm, reinstate)

    def _lifecycle_change(self, request, pk, form_class, change):
        """The form posted; when valid, `change(item, form, actor)` calls the service and
        answers the success message; a refusal is an error message. Back to the item's page."""
        item = self._item_changeable(request, pk)
        form = form_class(request.POST)
        if form.is_valid():
            # Every row the service writes carries it (config.kernel.audit).
            change_context_add(reason=form.why)
            with refusals_as_messages(request):
                messages.success(request, change(item, form, Actor.staff(request.user)))
        else:
            form_errors_as_messages(request, form)
        return redirect("admin:hardware_hardware_change", item.pk)

    def _item_changeable(self, request, pk) -> Hardware:
        item = get_object_or_404(Hardware, pk=pk)
        if not self.has_change_permission(request, item):
            raise PermissionDenied
        return item

    # --- a wipe's certificate -----------------------------------------------------------------

    def certificate_view(self, request, pk, wipe_id):
        """The certificate's PDF as the service wrote it (its SHA-256 is on the item's page)."""
        item = get_object_or_404(Hardware.objects.select_related("company"), pk=pk)
        if not self.has_view_or_change_permission(request, item):
            raise PermissionDenied
        # The read the API's download makes: the wipe of this item, of its company.
        try:
            certificate = wipes.hardware_wipe_certificate(
                company=item.company, hardware_id=item.pk, wipe_id=wipe_id
            )
        except NotFound as missing:
            raise Http404(missing.message) from None
        response = HttpResponse(certificate.content, content_type="application/pdf")
        filename = f"wipe-certificate-{wipe_id}.pdf"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


def lifecycle_buttons(item: Hardware) -> list[dict]:
    """The buttons the item's page shows now: each with its title, form and URL."""
    if item.lifecycle == Lifecycle.RETIRED:
        if item.retired_reason not in REINSTATABLE:
            return []
        return [_button("Reinstate", "reinstate", item, ReinstateForm(), REINSTATE_HELP)]
    return [
        _button("Record wipe", "wipe", item, WipeForm(), WIPE_HELP),
        _button("Retire", "retire", item, RetireForm(), RETIRE_HELP),
    ]


WIPE_HELP = (
    "Only an item in storage, in no open movement request, is wiped. CLEAR or PURGE makes an "
    "item awaiting its wipe ACTIVE; DESTROY retires it as DISPOSED. A certificate is made."
)
RETIRE_HELP = (
    "It stays listed, marked, and cannot go out again; refused while an open movement "
    "request carries it."
)
REINSTATE_HELP = "Found again: ACTIVE, in the storage of its country, with nobody."


def _button(title: str, view: str, item: Hardware, form, help_text: str) -> dict:
    url = reverse(f"admin:hardware_hardware_{view}", args=[item.pk])
    return {"title": title, "name": view, "form": form, "url": url, "help": help_text}
