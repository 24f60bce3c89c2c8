"""The SCIM token on a company's page in the back office (docs/decisions/0085-scim-tokens.md):
whether the company has one, and two buttons, each confirmed on a page of its own first. *New
SCIM token* makes one, which replaces the current one at once, and shows it once, on the page
that answers the confirmation: never in a flashed message, which the session or a cookie would
keep. *Revoke SCIM token* refuses the current one from then on."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.timezone import localtime
from django.views.decorators.http import require_http_methods

from companies.models import Company, ScimToken
from companies.scim_tokens import scim_token_issue, scim_token_revoke
from config.backoffice.audited import ReasonForm
from config.kernel.actors import Actor
from config.kernel.audit import change_context_add

TEMPLATE = "admin/companies/company/scim_token.html"
NO_TOKEN = "None: the company's identity provider cannot provision its employees"


def when(moment) -> str:
    return f"{localtime(moment):%Y-%m-%d %H:%M}" if moment else "never"


class ScimTokenPages:
    """Mixed into the company's admin: the token's state among the page's fields, its buttons
    (the change form template) and the pages they open."""

    @admin.display(description="SCIM token")
    def scim_token_state(self, company: Company) -> str:
        token = None if company._state.adding else ScimToken.objects.filter(company=company).first()
        if token is None:
            return NO_TOKEN
        return format_html(
            "{} · made {} by {} · last used {}",
            token,
            when(token.created_at),
            token.created_by,
            when(token.last_used_at),
        )

    def get_urls(self):
        def page(view):
            methods = require_http_methods(["GET", "POST"])
            return self.admin_site.admin_view(methods(view))

        return [
            path(
                "<uuid:company_id>/scim-token/",
                page(self.scim_token_new_view),
                name="companies_company_scim_token",
            ),
            path(
                "<uuid:company_id>/scim-token/revoke/",
                page(self.scim_token_revoke_view),
                name="companies_company_scim_token_revoke",
            ),
            *super().get_urls(),
        ]

    def scim_token_new_view(self, request, company_id):
        company, form = self._company_and_reason(request, company_id)
        if form.is_bound and form.is_valid():
            change_context_add(reason=form.cleaned_data["reason"])
            token, raw_token = scim_token_issue(company=company, actor=Actor.staff(request.user))
            return self._page(request, company, "Its new SCIM token", made=token, raw=raw_token)
        return self._page(request, company, "New SCIM token", action="new", reason_form=form)

    def scim_token_revoke_view(self, request, company_id):
        company, form = self._company_and_reason(request, company_id)
        if form.is_bound and form.is_valid():
            change_context_add(reason=form.cleaned_data["reason"])
            revoked = scim_token_revoke(company=company)
            if revoked is None:
                messages.info(request, f"{company} had no SCIM token.")
            else:
                messages.success(request, f"Revoked {revoked} of {company}: refused from now on.")
            return redirect(reverse("admin:companies_company_change", args=[company.pk]))
        return self._page(request, company, "Revoke SCIM token", action="revoke", reason_form=form)

    def _company_and_reason(self, request, company_id) -> tuple[Company, ReasonForm]:
        company = get_object_or_404(Company, pk=company_id)
        if not self.has_change_permission(request, company):
            raise PermissionDenied
        return company, ReasonForm(request.POST if request.method == "POST" else None)

    def _page(self, request, company: Company, title: str, **context) -> TemplateResponse:
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "subtitle": str(company),
            "opts": self.opts,
            "company": company,
            "current": ScimToken.objects.filter(company=company).first(),
            "company_url": reverse("admin:companies_company_change", args=[company.pk]),
            **context,
        }
        return TemplateResponse(request, TEMPLATE, context)
