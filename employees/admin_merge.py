"""Merge into… on the employee admin (issue 29): the employee whose page it is, a duplicate, is
merged into the record to keep, with the merge_employees command's service, previewed first
(config.backoffice.fixes)."""

from django import forms

from config.backoffice.fixes import AdminFix
from config.kernel.fixes import FixLine
from employees.merging import employees_merge


class MergeForm(forms.Form):
    keep_email = forms.EmailField(
        label="Employee to keep",
        help_text="The e-mail of the record to keep, an active employee of the same company.",
        widget=forms.EmailInput(attrs={"size": 40}),
    )


class MergeFix(AdminFix):
    name = "merge"
    label = "Merge into…"
    help = (
        "This employee is a duplicate of the one to keep: the hardware they hold, their open "
        "movement requests and open orders move to the kept employee; finished ones keep their "
        "history. The duplicate is deactivated, answers mergedInto, and its e-mail is released."
    )
    form_class = MergeForm
    one_record = True

    def lines(self, records, data):
        [duplicate] = records
        keep_email = data["keep_email"]

        def merge():
            return employees_merge(
                company=duplicate.company, keep_email=keep_email, duplicate_email=duplicate.email
            )

        return [FixLine(merge, record=f"Merge of {duplicate.email} into {keep_email}")]
