from django.apps import AppConfig


class BulkConfig(AppConfig):
    name = "bulk"
    verbose_name = "Bulk operations"
    back_office_position = 80  # on the admin's index (config.backoffice.site)

    def ready(self):
        audit_register()
        dashboard_register()
        finder_register()


def finder_register() -> None:
    """How the back office's find box finds bulk jobs: by id (config.backoffice.finder)."""
    from bulk.models import BulkJob
    from config.backoffice import finder

    finder.finder_register(BulkJob, [finder.identifier()])


def audit_register() -> None:
    """How a bulk job is shown on the audit trail (companies.audit): its making and its moves;
    what its items did is on the trail of the records they made or changed."""
    from companies.audit.registry import AuditedRecord, audited_record_register

    audited_record_register(
        AuditedRecord(
            model="bulk.BulkJob",
            target_type="BULK_JOB",
            label=lambda fields: f"Bulk job {fields['operation']} of {fields['total']} items",
            # Who made it is the trail's own context; the API client is the back office's.
            hidden=("trail", "api_client", "actor_kind", "actor_name"),
        )
    )


def dashboard_register() -> None:
    """The back office's figures about bulk jobs: those under way, and those whose failed items
    the company may need telling about."""
    from bulk.admin_filters import WorkWaitingFilter
    from bulk.models import BulkJob
    from config.backoffice.dashboard import dashboard_counts_register

    def count(narrow):
        return lambda: narrow(BulkJob.objects.all()).count()

    figures = [
        (label, count(narrow), {WorkWaitingFilter.parameter_name: value})
        for value, label, narrow in WorkWaitingFilter.FIGURES
    ]
    # After the webhook events' figures (40): the clients' own work, which runs by itself.
    dashboard_counts_register(45, "Bulk jobs", BulkJob, figures)
