"""Writes of the companies' SCIM tokens (docs/decisions/0085-scim-tokens.md): made by the API
(`POST /companies/{companyCode}/scim-token`), by `manage.py create_scim_token` and on the
company's page in the admin; revoked there. The reads are companies.selectors'
(`scim_token_authenticate`)."""

from django.db import transaction

from companies import keys
from companies.models import ApiClient, Company, ScimToken
from companies.selectors import company_get_for_update, credential_distrust
from config.kernel.actors import Actor


@transaction.atomic
def scim_token_issue(*, company: Company, actor: Actor) -> tuple[ScimToken, str]:
    """A new SCIM token for `company`, which replaces the one it had at once: the old one is
    refused from the commit on. The raw token is returned once and never stored (nor on the
    audit trail, which keeps its prefix and a digest of its hash)."""
    # The company's row is locked, so two tokens made at once replace each other in turn.
    company = Company.objects.select_for_update().get(pk=company.pk)
    _replaced(ScimToken.objects.filter(company=company).first())
    material = keys.generate_key(keys.SCIM_TOKEN_SCHEME)
    token = ScimToken.objects.create(
        company=company,
        prefix=material.prefix,
        hashed_key=material.hashed_key,
        created_by=f"{actor.name} ({actor.kind.label})",
    )
    return token, material.raw_key


@transaction.atomic
def company_scim_token_issue(*, api_client: ApiClient, code: str) -> tuple[ScimToken, str]:
    """A new SCIM token for the client's company (`scim_token_issue`). Another client's company
    is not found, as on webhook-secret."""
    company = company_get_for_update(api_client=api_client, code=code)
    return scim_token_issue(company=company, actor=Actor.api_client(api_client))


@transaction.atomic
def scim_token_revoke(*, company: Company) -> ScimToken | None:
    """The company's SCIM token refused from now on (its row deleted, so the company has none
    until a new one is made): the token it was, or None when it had none."""
    token = ScimToken.objects.select_for_update().filter(company=company).first()
    _replaced(token)
    return token


def _replaced(token: ScimToken | None) -> None:
    """The token deleted, and refused by this process from the commit on; the others trust it
    KEY_TRUSTED_SECONDS at most (companies.selectors)."""
    if token is None:
        return
    token.delete()
    # Now, for this transaction's own reads; and at the commit, for a request of this process
    # that read the token (still committed) meanwhile and trusts it again.
    credential_distrust(hashed_key=token.hashed_key)
    transaction.on_commit(lambda: credential_distrust(hashed_key=token.hashed_key))
