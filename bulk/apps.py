from django.apps import AppConfig


class BulkConfig(AppConfig):
    name = "bulk"
    verbose_name = "Bulk jobs"

    def ready(self):
        audit_register()


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
