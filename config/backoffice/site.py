"""The admin site of the back office: Django's, in the service's words, opening on the
dashboard of the work waiting (config.backoffice.dashboard), its apps in the order of an
operator's day, and able to export any changelist as CSV (config.backoffice.export)."""

from django.apps import apps
from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.contrib.admin.exceptions import NotRegistered
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse_lazy

from config.backoffice.dashboard import dashboard_groups
from config.backoffice.export import changelist_csv
from config.backoffice.finder import records_find, the_only_match

# Where an app's models sit on the index and in the navigation: an app says it with this
# attribute of its AppConfig (the day's lists first); apps that say nothing come last, Django's
# own among them.
POSITION_ATTRIBUTE = "back_office_position"
LAST = 1_000


class BackOfficeSite(admin.AdminSite):
    site_header = "Hardware Logistics · Back office"
    site_title = "Hardware Logistics back office"
    index_title = "Work waiting"
    # "View site" opens the API's documentation: the service has no site of its own.
    site_url = reverse_lazy("docs")

    def index(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "dashboard": dashboard_groups(request)}
        return super().index(request, extra_context)

    def get_app_list(self, request, app_label=None):
        app_list = super().get_app_list(request, app_label)
        return sorted(app_list, key=lambda app: (app_position(app["app_label"]), app["name"]))

    def get_urls(self):
        # Before the models' own URLs, whose catch-all would take `export.csv` for an id.
        export = self.admin_view(self.changelist_csv_view)
        return [
            path("<str:app_label>/<str:model_name>/export.csv", export, name="changelist_csv"),
            path("find/", self.admin_view(self.find_view), name="find"),
            *super().get_urls(),
        ]

    def changelist_csv_view(self, request, app_label, model_name):
        try:
            model_admin = self.get_model_admin(apps.get_model(app_label, model_name))
        except (LookupError, NotRegistered):
            raise Http404("No such list") from None
        return changelist_csv(request, model_admin)

    def find_view(self, request):
        """The index's find box (config.backoffice.finder): the record the query names, or
        the matches by kind, in the index's order."""
        query = request.GET.get("q", "").strip()
        kinds = records_find(request, self, query)
        only = the_only_match(kinds)
        if only is not None:
            return redirect(only.url)
        kinds.sort(key=lambda kind: app_position(kind.app_label))
        context = {**self.each_context(request), "title": "Find", "query": query, "kinds": kinds}
        return TemplateResponse(request, "admin/find.html", context)


def app_position(app_label: str) -> int:
    return getattr(apps.get_app_config(app_label), POSITION_ATTRIBUTE, LAST)


class BackOfficeAdminConfig(AdminConfig):
    default_site = "config.backoffice.site.BackOfficeSite"
