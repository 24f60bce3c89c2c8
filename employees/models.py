"""The people of a company who receive and return hardware."""

import uuid

from django.db import models

from config.kernel.audit import audited
from employees.choices import EmployeeStatus


@audited()
class Employee(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    company = models.ForeignKey(
        "companies.Company", on_delete=models.PROTECT, related_name="employees"
    )
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    email = models.EmailField(help_text="Stored trimmed and lowercased; unique per company.")
    status = models.CharField(
        max_length=12, choices=EmployeeStatus.choices, default=EmployeeStatus.ACTIVE
    )
    phone = models.CharField(max_length=32, null=True, blank=True, help_text="E.164")
    government_dni = models.CharField("government DNI", max_length=50, null=True, blank=True)
    cpf = models.CharField(
        "CPF", max_length=14, null=True, blank=True, help_text="Brazilian tax id, 11 digits."
    )
    address = models.CharField(max_length=300)
    address_extra_info = models.CharField(max_length=300, null=True, blank=True)
    city = models.CharField(max_length=200, null=True, blank=True, help_text="From geocoding.")
    requested_city = models.CharField(
        max_length=200,
        blank=True,
        default="",
        help_text="The city as the client sent it: geocoding input, kept to see when it changes.",
    )
    post_code = models.CharField(max_length=20)
    country_code = models.CharField(max_length=2)
    external_reference_id = models.CharField(max_length=200, null=True, blank=True)
    lat = models.FloatField(null=True, blank=True)
    lng = models.FloatField(null=True, blank=True)
    # Set when an operator merged this record into another of the same person (issue 29): it is
    # then DEACTIVATED, and its e-mail and external reference are free for others.
    merged_into = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["last_name", "first_name", "id"]
        constraints = [
            # A merged record keeps its e-mail and reference (its history shows them), but no
            # longer holds them: an upsert with them finds or makes another employee.
            models.UniqueConstraint(
                fields=["company", "email"],
                condition=models.Q(merged_into__isnull=True),
                name="employee_email_unique_per_company",
            ),
            models.UniqueConstraint(
                fields=["company", "external_reference_id"],
                condition=models.Q(external_reference_id__isnull=False, merged_into__isnull=True),
                name="employee_reference_unique_per_company",
            ),
        ]
        # The list and its pages (employees.selectors.EMPLOYEES) read in this index's order.
        indexes = [models.Index(fields=["company", "-created_at", "-id"])]

    def __str__(self):
        return f"{self.first_name} {self.last_name} <{self.email}>"

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"
