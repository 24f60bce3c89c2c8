"""The tenant root: API clients, their keys, and the companies each client manages."""

import uuid

from django.db import models


class ApiClient(models.Model):
    """A system that calls the API. It manages companies and sees nothing else."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=200, unique=True)
    is_active = models.BooleanField(
        default=True, help_text="An inactive client's keys are all refused."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = "API client"

    def __str__(self):
        return self.name

    # DRF treats the authenticated principal as `request.user`; an API client is one.
    is_authenticated = True


class ApiKey(models.Model):
    """A credential of an API client. Only a SHA-256 hash of the key is stored; the short
    prefix finds the row and shows which key is which."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="keys")
    prefix = models.CharField(max_length=16, unique=True, editable=False)
    hashed_key = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "API key"

    def __str__(self):
        return f"{self.prefix}…"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None


class CompanySource(models.TextChoices):
    INTERNAL = "INTERNAL"


class Company(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    api_client = models.ForeignKey(ApiClient, on_delete=models.PROTECT, related_name="companies")
    name = models.CharField(max_length=200)
    code = models.CharField(
        "company code",
        max_length=3,
        unique=True,
        help_text="Three letters or digits, stored in capitals; unique across all clients.",
    )
    abm_code = models.CharField("ABM code", max_length=100, null=True, blank=True)
    webhook_url = models.URLField(max_length=500, null=True, blank=True)
    company_source = models.CharField(
        max_length=20, choices=CompanySource.choices, default=CompanySource.INTERNAL
    )
    country_code = models.CharField(max_length=2, null=True, blank=True)
    legal_number = models.CharField(max_length=100, null=True, blank=True)
    contact_email = models.EmailField(null=True, blank=True)
    phone = models.CharField(max_length=32, null=True, blank=True)

    class Meta:
        ordering = ["name", "code"]
        verbose_name_plural = "companies"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(code__regex=r"^[A-Z0-9]{3}$"),
                name="company_code_three_capitals_or_digits",
            )
        ]

    def __str__(self):
        return f"{self.code} · {self.name}"
