"""Find anything from the index (issue 35): one box takes what a client quotes (an order or
movement request number, a serial number, a tracking code, an e-mail, an id or a company code)
and opens the record it names, or lists the records it names by kind, each a link to its page
with a line saying what it is, among the models whose admin the user may view.

The apps register, when they are ready (their AppConfig.ready), how a query finds their models'
records: config names no app. A lookup is a function of the query answering the filter of the
records it names, or None when the query cannot be such a value (a number is digits, an e-mail
has an @, an id is a UUID), so a query asks only the tables that may hold it.

Each lookup is exact on an indexed column and is a query of its own, capped at LIMIT rows: an
OR of lookups on different columns, or an icontains, reads a large table whole. A value unique
per company (an e-mail, a serial number, a PO number) is looked up through its (company, value)
index company by company (`company__in=Company.objects.all()`), a probe a company: PostgreSQL 15
cannot skip through an index by its second column on its own (at 200,000 items, 0.2 ms instead
of a 30-70 ms scan)."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlencode
from uuid import UUID

from django.contrib.admin import AdminSite
from django.db.models import Model, Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils.text import capfirst

from config.kernel.numbering import number_written

# The matches listed of each kind; past them, a link to the kind's list searched for the query.
LIMIT = 10
# Longer than any value looked up (an e-mail is at most 254 characters): it names nothing.
QUERY_MAX_LENGTH = 254

Lookup = Callable[[str], Q | None]


def number(field: str) -> Lookup:
    """A record number as a client quotes it (`1042`): ASCII digits."""

    def lookup(query: str) -> Q | None:
        value = number_written(query)
        return None if value is None else Q(**{field: value})

    return lookup


def identifier(field: str = "pk") -> Lookup:
    """A record's id, a UUID in any of its written forms."""

    def lookup(query: str) -> Q | None:
        try:
            return Q(**{field: UUID(query)})
        except ValueError:
            return None

    return lookup


def email(narrow: Callable[[str], Q]) -> Lookup:
    """An e-mail (it has an @), as the service stores e-mails: lower-cased."""
    return lambda query: narrow(query.lower()) if "@" in query else None


@dataclass(frozen=True, kw_only=True)
class Finder:
    model: type[Model]
    lookups: tuple[Lookup, ...]
    # The line under a match saying what it is, beside its str(): by default its company.
    detail: Callable[[Model], str]
    related: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Match:
    label: str
    detail: str
    url: str


@dataclass(frozen=True, kw_only=True)
class Kind:
    """The matches of one model, and the link to all of them when there are more than LIMIT."""

    app_label: str
    model_name: str
    name: str
    matches: list[Match]
    more_url: str | None


_finders: dict[type[Model], Finder] = {}


def finder_register(
    model: type[Model],
    lookups: Iterable[Lookup],
    *,
    detail: Callable[[Model], str] | None = None,
    related: Iterable[str] = (),
) -> None:
    """How the find box finds `model`'s records: by each of `lookups`. A match reads as its
    str() and `detail` (by default its company, for a model that has one); `related` are the
    relations `detail` reads, joined in."""
    has_company = any(field.name == "company" for field in model._meta.get_fields())
    if detail is None:
        detail = (lambda record: str(record.company)) if has_company else (lambda record: "")
        related = [*related, "company"] if has_company else related
    _finders[model] = Finder(
        model=model, lookups=tuple(lookups), detail=detail, related=tuple(related)
    )


def records_find(request: HttpRequest, site: AdminSite, query: str) -> list[Kind]:
    """What `query` names, by kind in the order registered, among the models registered on
    `site` whose records the user may view; kinds with no match are left out."""
    query = query.strip()
    if not query or len(query) > QUERY_MAX_LENGTH or "\x00" in query:
        return []
    kinds = []
    for finder in _finders.values():
        if not site.is_registered(finder.model):
            continue
        if not site.get_model_admin(finder.model).has_view_permission(request):
            continue
        kind = _kind_find(finder, query)
        if kind.matches:
            kinds.append(kind)
    return kinds


def the_only_match(kinds: list[Kind]) -> Match | None:
    """The match, when the query named exactly one record."""
    if len(kinds) == 1 and len(kinds[0].matches) == 1 and kinds[0].more_url is None:
        return kinds[0].matches[0]
    return None


def _kind_find(finder: Finder, query: str) -> Kind:
    records = finder.model._default_manager.select_related(*finder.related)
    found: dict[object, Model] = {}
    more = False
    for lookup in finder.lookups:
        narrow = lookup(query)
        if narrow is None:
            continue
        for record in records.filter(narrow)[: LIMIT + 1]:
            found.setdefault(record.pk, record)
        if len(found) > LIMIT:
            more = True
            break
    opts = finder.model._meta
    matches = [
        Match(
            label=str(record),
            detail=finder.detail(record),
            url=reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[record.pk]),
        )
        for record in list(found.values())[:LIMIT]
    ]
    changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    return Kind(
        app_label=opts.app_label,
        model_name=opts.model_name,
        name=capfirst(opts.verbose_name_plural),
        matches=matches,
        more_url=f"{changelist}?{urlencode({'q': query})}" if more else None,
    )
