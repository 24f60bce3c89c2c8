from django.apps import AppConfig


class CompaniesConfig(AppConfig):
    name = "companies"
    verbose_name = "Customers"
    back_office_position = 60  # on the admin's index (config.backoffice.site)

    def ready(self):
        # Registers the authentication scheme with drf-spectacular.
        from companies.api import schema  # noqa: F401
        from companies.health import outbox_check
        from companies.metrics import OutboxCollector
        from config.ops.health import health_check_register
        from config.ops.metrics import collector_register

        health_check_register("outbox", outbox_check)
        collector_register(OutboxCollector())
        dashboard_register()
        audit_register()
        finder_register()


def audit_register() -> None:
    """How a company, its SCIM token, API clients and keys are shown on the audit trail
    (companies.audit). A client's trail shows its companies and their SCIM tokens; clients and
    keys are the back office's to read."""
    from companies.audit.registry import ITSELF, AuditedRecord, audited_record_register

    audited_record_register(
        AuditedRecord(
            model="companies.Company",
            target_type="COMPANY",
            company=ITSELF,
            label=lambda fields: f"{fields['name']} ({fields['companyCode']})",
            names={"code": "companyCode"},
            secrets=("webhook_secret",),
            hidden=("api_client",),
        ),
        AuditedRecord(
            model="companies.ApiClient",
            target_type="API_CLIENT",
            company=None,
            label=lambda fields: fields["name"],
        ),
        AuditedRecord(
            model="companies.ApiKey",
            target_type="API_KEY",
            company=None,
            label=lambda fields: f"{fields['prefix']}…",
            secrets=("hashed_key",),
        ),
        # On the company's trail: when its SCIM token was made, replaced or revoked, and by whom
        # (the actor; `created_by` names a member of staff, the back office's to know).
        AuditedRecord(
            model="companies.ScimToken",
            target_type="SCIM_TOKEN",
            label=lambda fields: f"scim_{fields['prefix']}…",
            secrets=("hashed_key",),
            hidden=("created_by",),
        ),
    )


def finder_register() -> None:
    """How the back office's find box finds companies, by code or id, and webhook events, by
    id or `webhook-id` header (msg_<hex>, as receivers log it) (config.backoffice.finder)."""
    from django.db.models import Q

    from companies.models import Company, Event
    from config.backoffice import finder
    from config.backoffice.lists import moment

    def code(query: str) -> Q | None:
        return Q(code=query.upper()) if len(query) == 3 else None  # stored in capitals

    by_id = finder.identifier()

    def webhook_id(query: str) -> Q | None:
        return by_id(query.removeprefix("msg_")) if query.startswith("msg_") else None

    finder.finder_register(
        Company,
        [code, finder.identifier()],
        detail=lambda company: f"API client {company.api_client}",
        related=["api_client"],
    )
    finder.finder_register(
        Event,
        [finder.identifier(), webhook_id],
        detail=lambda event: (
            f"{event.company} · {event.get_state_display()} · {moment(event.created_at)}"
        ),
        related=["company"],
    )


def dashboard_register() -> None:
    """The back office's figures about webhook events in trouble."""
    from companies.admin_filters import DeliveryTroubleFilter
    from companies.models import Event
    from config.backoffice.dashboard import dashboard_counts_register

    def count(narrow):
        return lambda: narrow(Event.objects.all()).count()

    figures = [
        (label, count(narrow), {DeliveryTroubleFilter.parameter_name: value})
        for value, label, narrow in DeliveryTroubleFilter.TROUBLES
    ]
    dashboard_counts_register(40, "Webhook events", Event, figures)
