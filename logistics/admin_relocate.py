"""Relocate… on the hardware admin (issue 29): an operator corrects where items are, with the
relocate_hardware command's service, previewed first (config.backoffice.fixes). Registered for
the hardware admin by logistics.apps: hardware sits below us and cannot name the service."""

from functools import partial

from django import forms

from config.backoffice.fixes import AdminFix
from config.kernel.fixes import FixLine
from logistics.services.relocation import ONE_PLACE, hardware_relocate


class RelocateForm(forms.Form):
    storage_country = forms.CharField(
        label="Storage country",
        required=False,
        max_length=2,
        help_text="The country code of the storage the items are in (EU for its members).",
        widget=forms.TextInput(attrs={"size": 4}),
    )
    employee_email = forms.EmailField(
        label="Employee e-mail",
        required=False,
        help_text="Or the e-mail of the company's employee who has them.",
    )

    def clean(self):
        data = super().clean()
        if bool(data.get("storage_country")) == bool(data.get("employee_email")):
            raise forms.ValidationError(ONE_PLACE)
        return data


class RelocateFix(AdminFix):
    name = "relocate"
    label = "Relocate…"
    help = (
        "A correction of where the items are, as the records should have said: not a shipment, "
        "no movement request is made. An item an open movement request carries is refused."
    )
    form_class = RelocateForm

    def lines(self, records, data):
        place = {
            "employee_email": data["employee_email"] or None,
            "storage_country": data["storage_country"] or None,
        }
        for item in records:
            yield FixLine(partial(_relocated, str(item.pk), place), record=str(item))


def _relocated(hardware: str, place: dict):
    return [hardware_relocate(hardware=hardware, **place)]
