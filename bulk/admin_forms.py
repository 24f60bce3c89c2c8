"""The form of the employees' CSV upload (bulk.admin_upload): the company, the file, and the
reason on the audit trail.

The file is read for its shape only, as POST /bulk-jobs reads its body: UTF-8 text (a
spreadsheet's "CSV UTF-8", its byte order mark allowed), a header naming each column as
POST /employees names its fields, one row per employee, as many rows as a bulk job takes. Each
row becomes an item's body, its empty cells left out; the `clientReference` column is the
item's reference (else `row <n>`, its row in the spreadsheet, the header being row 1). Nothing
else of a row is judged here: each is when it runs, as its single call would be."""

import csv
import io

from django import forms
from django.template.defaultfilters import filesizeformat

from bulk.api.operations import OPERATIONS
from bulk.choices import BulkOperation
from bulk.services.jobs import CLIENT_REFERENCE, BulkItem
from companies.models import Company
from config.backoffice.audited import reason_checked, reason_field

# Ten thousand rows of employees, each some 300 bytes, with room to spare; a larger file is split.
CSV_MAX_BYTES = 5 * 1024 * 1024

NOT_UTF8 = (
    "The file is not UTF-8 text. Save it from the spreadsheet as “CSV UTF-8” and upload it again."
)
UNREADABLE = "The file cannot be read as CSV: {error}."
TOO_LARGE = "The file is {size}: a CSV upload takes {limit} at most. Split it into smaller files."
NO_HEADER = "The file has no header: its first row names the columns ({columns})."
UNNAMED = "Column {number} of the header (the first row) has no name."
TWICE = "The header names {names} more than once."
UNKNOWN = (
    "Unknown column(s) in the header (the first row): {unknown}. The columns are named as "
    "POST /employees names its fields: {accepted}."
)
MISSING = "The header lacks column(s) every employee needs: {missing}."
NO_ROWS = "The file has no rows after its header: one row per employee."
LONGER_ROW = "Row {row} has more cells than the header has columns."


def operation_columns(operation: BulkOperation) -> tuple[list[str], list[str]]:
    """The columns a CSV of `operation`'s items may have (its single call's fields, then
    clientReference), and those it must have (the call's required fields)."""
    fields = OPERATIONS[operation].serializer().fields
    writable = {name: field for name, field in fields.items() if not field.read_only}
    required = [name for name, field in writable.items() if field.required]
    return [*writable, CLIENT_REFERENCE], required


def csv_items(upload, operation: BulkOperation) -> list[BulkItem]:
    """The items of an uploaded CSV, or a ValidationError saying what is wrong with it."""
    if upload.size > CSV_MAX_BYTES:
        size, limit = filesizeformat(upload.size), filesizeformat(CSV_MAX_BYTES)
        raise forms.ValidationError(TOO_LARGE.format(size=size, limit=limit))
    try:
        text = upload.read().decode("utf-8-sig")  # Excel's "CSV UTF-8" starts with a BOM
    except UnicodeDecodeError:
        raise forms.ValidationError(NOT_UTF8) from None
    accepted, required = operation_columns(operation)
    first_line = text.partition("\n")[0]
    # A spreadsheet set to a language whose decimal mark is the comma separates by semicolons.
    delimiter = ";" if ";" in first_line and "," not in first_line else ","
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as error:
        raise forms.ValidationError(UNREADABLE.format(error=error)) from None
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise forms.ValidationError(NO_HEADER.format(columns=", ".join(accepted)))
    header = _header_checked([cell.strip() for cell in rows[0]], accepted, required)
    # Each row by its number in a spreadsheet (the header is row 1); blank rows are skipped.
    numbered = [
        (number, row)
        for number, row in enumerate(rows[1:], start=2)
        if any(cell.strip() for cell in row)
    ]
    if not numbered:
        raise forms.ValidationError(NO_ROWS)
    # How many a job takes is bulk_job_create's rule: a file too long is refused by it.
    return [_item(number, row, header) for number, row in numbered]


def _header_checked(header: list[str], accepted: list[str], required: list[str]) -> list[str]:
    for number, name in enumerate(header, start=1):
        if not name:
            raise forms.ValidationError(UNNAMED.format(number=number))
    twice = sorted({name for name in header if header.count(name) > 1})
    if twice:
        raise forms.ValidationError(TWICE.format(names=", ".join(twice)))
    unknown = [name for name in header if name not in accepted]
    if unknown:
        raise forms.ValidationError(
            UNKNOWN.format(unknown=", ".join(unknown), accepted=", ".join(accepted))
        )
    missing = [name for name in required if name not in header]
    if missing:
        raise forms.ValidationError(MISSING.format(missing=", ".join(missing)))
    return header


def _item(number: int, row: list[str], header: list[str]) -> BulkItem:
    if len(row) > len(header):
        raise forms.ValidationError(LONGER_ROW.format(row=number))
    # A row may stop short of the last columns (a spreadsheet leaves empty ones out).
    body = {name: cell.strip() for name, cell in zip(header, row, strict=False) if cell.strip()}
    # The reference's rules, and a NUL character's, are bulk_job_create's.
    reference = body.pop(CLIENT_REFERENCE, None) or f"row {number}"
    return BulkItem(body=body, client_reference=reference)


class CompanyChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, company: Company) -> str:
        return f"{company.code} · {company.name}"


class EmployeesCsvForm(forms.Form):
    company = CompanyChoiceField(
        queryset=Company.objects.order_by("code"),
        help_text="Every row is an employee of this company (a companyCode column is refused).",
    )
    file = forms.FileField(
        label="CSV file",
        allow_empty_file=True,  # refused by csv_items, which says what the first row is for
        help_text=(
            "UTF-8, comma- or semicolon-separated; the first row names the columns as "
            "POST /employees names its fields; one row per employee."
        ),
    )
    reason = reason_field()

    def clean_reason(self):
        return reason_checked(self.cleaned_data["reason"])

    def clean_file(self) -> list[BulkItem]:
        """The file's items (what `cleaned_data["file"]` holds once the form is valid)."""
        return csv_items(self.cleaned_data["file"], BulkOperation.EMPLOYEES_UPSERT)
