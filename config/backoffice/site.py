"""The admin site of the back office: Django's, opening on the dashboard of the work waiting
(config.backoffice.dashboard), and able to export any changelist as CSV
(config.backoffice.export)."""

from django.apps import apps
from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.contrib.admin.exceptions import NotRegistered
from django.http import Http404
from django.urls import path

from config.backoffice.dashboard import dashboard_groups
from config.backoffice.export import changelist_csv


class BackOfficeSite(admin.AdminSite):
    def index(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "dashboard": dashboard_groups(request)}
        return super().index(request, extra_context)

    def get_urls(self):
        # Before the models' own URLs, whose catch-all would take `export.csv` for an id.
        export = self.admin_view(self.changelist_csv_view)
        return [
            path("<str:app_label>/<str:model_name>/export.csv", export, name="changelist_csv"),
            *super().get_urls(),
        ]

    def changelist_csv_view(self, request, app_label, model_name):
        try:
            model_admin = self.get_model_admin(apps.get_model(app_label, model_name))
        except (LookupError, NotRegistered):
            raise Http404("No such list") from None
        return changelist_csv(request, model_admin)


class BackOfficeAdminConfig(AdminConfig):
    default_site = "config.backoffice.site.BackOfficeSite"
