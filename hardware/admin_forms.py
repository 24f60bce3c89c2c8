"""The forms of the lifecycle's buttons on an item's page (hardware.admin_lifecycle): a wipe
recorded, the item retired, the item found again. What the operator writes of why (the wipe's
reason, the note of a retirement or a reinstatement) is also the reason on the audit trail, so
it follows the trail's rule: one line of 1 to 500 characters."""

from django import forms
from django.utils import timezone

from config.backoffice.audited import reason_checked
from config.kernel.audit import REASON_MAX_LENGTH
from hardware.choices import REINSTATABLE, RetiredReason, WipeMethod
from hardware.lifecycle import WipeReport


def why_field(*, label: str, required: bool, help_text: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=required,
        max_length=REASON_MAX_LENGTH,
        help_text=help_text,
        widget=forms.TextInput(attrs={"size": 60}),
    )


WIPED_AT_FORMAT = "%Y-%m-%dT%H:%M"


def now_local() -> str:
    """Now, as the date-time input shows it (to the minute, in the service's time zone)."""
    return timezone.localtime().strftime(WIPED_AT_FORMAT)


class WipeForm(forms.Form):
    method = forms.ChoiceField(choices=WipeMethod.choices)
    tool = forms.CharField(
        max_length=200,
        help_text="The software or machine that wiped it.",
        widget=forms.TextInput(attrs={"size": 40}),
    )
    performed_at = forms.DateTimeField(
        label="Performed at",
        required=False,
        initial=now_local,
        help_text="When it was wiped (UTC); empty: now. Not in the future.",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=WIPED_AT_FORMAT),
    )
    verified = forms.BooleanField(
        required=False, initial=True, help_text="The wipe was verified afterwards."
    )
    reason = why_field(
        label="Reason",
        required=True,
        help_text="Why it was wiped; kept with the wipe and on the audit trail.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, auto_id="id_wipe_%s", **kwargs)

    def clean_reason(self):
        return reason_checked(self.cleaned_data["reason"])

    def report(self) -> WipeReport:
        data = self.cleaned_data
        return WipeReport(
            method=WipeMethod(data["method"]),
            tool=data["tool"],
            reason=data["reason"],
            performed_at=data["performed_at"],
            verified=data["verified"],
        )

    @property
    def why(self) -> str:
        return self.cleaned_data["reason"]


class RetireForm(forms.Form):
    retired_reason = forms.ChoiceField(label="Retired as", choices=RetiredReason.choices)
    note = why_field(
        label="Note",
        required=False,
        help_text="What happened; kept in the lifecycle history and on the audit trail.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, auto_id="id_retire_%s", **kwargs)

    def clean_note(self):
        return reason_checked(self.cleaned_data["note"])

    @property
    def why(self) -> str | None:
        return self.cleaned_data["note"]


class ReinstateForm(forms.Form):
    note = why_field(
        label="Note",
        required=False,
        help_text=(
            f"Where it was found ({' or '.join(REINSTATABLE)} items only); kept in the "
            "lifecycle history and on the audit trail."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, auto_id="id_reinstate_%s", **kwargs)

    def clean_note(self):
        return reason_checked(self.cleaned_data["note"])

    @property
    def why(self) -> str | None:
        return self.cleaned_data["note"]
