from django.apps import AppConfig


class CatalogConfig(AppConfig):
    name = "catalog"
    verbose_name = "Catalog"
    back_office_position = 70  # on the admin's index (config.backoffice.site)

    def ready(self):
        from companies.audit.registry import AuditedRecord, audited_record_register

        # How a catalog item is shown on the audit trail (companies.audit): of no company, it
        # is on no client's trail.
        audited_record_register(
            AuditedRecord(
                model="catalog.CatalogItem",
                target_type="CATALOG_ITEM",
                company=None,
                label=lambda fields: f"{fields['name']} ({fields['countryCode']})",
            )
        )
