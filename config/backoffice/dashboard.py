"""The back office's dashboard: the admin index opens with the work waiting, each figure a
link to the changelist filtered to exactly the records it counts.

The flows and the apps below them register their counts when they are ready (their
AppConfig.ready), from their selectors: config names no app."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.db.models import Model
from django.http import HttpRequest
from django.urls import reverse


@dataclass(frozen=True, kw_only=True)
class DashboardCount:
    """One figure: `count` answers it in one query; `filters` are the changelist's query
    parameters that list exactly those records (a status, or a list filter of the model's
    admin)."""

    position: int
    group: str
    label: str
    model: type[Model]
    count: Callable[[], int]
    filters: dict[str, str] = field(default_factory=dict)

    def url(self) -> str:
        opts = self.model._meta
        changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        return f"{changelist}?{urlencode(self.filters)}" if self.filters else changelist

    def visible_to(self, request: HttpRequest) -> bool:
        opts = self.model._meta
        return request.user.has_perm(f"{opts.app_label}.view_{opts.model_name}")


# By group and label, in the order registered.
_counts: dict[tuple[str, str], DashboardCount] = {}


def dashboard_counts_register(
    position: int,
    group: str,
    model: type[Model],
    figures: Iterable[tuple[str, Callable[[], int], dict]],
) -> None:
    """Figures about `model`'s records under the heading `group`, shown by `position` (the
    work of the day first), each `(label, count, filters)` (see DashboardCount)."""
    for label, count, filters in figures:
        _counts[group, label] = DashboardCount(
            position=position, group=group, label=label, model=model, count=count, filters=filters
        )


def dashboard_groups(request: HttpRequest) -> list[dict]:
    """The figures the user may follow, grouped, by position then as registered:
    `[{"name": "Orders", "counts": [{"label", "count", "url"}, ...]}, ...]`."""
    groups: dict[str, list[dict]] = {}
    for figure in sorted(_counts.values(), key=lambda figure: figure.position):
        if figure.visible_to(request):
            groups.setdefault(figure.group, []).append(
                {"label": figure.label, "count": figure.count(), "url": figure.url()}
            )
    return [{"name": name, "counts": counts} for name, counts in groups.items()]


# A list filter an app above hands to the changelist of a model below it, which cannot name
# it (the catalog's items asked for by open orders), registered like the counts.
_list_filters: dict[type[Model], list[type]] = {}


def admin_list_filter_register(model: type[Model], list_filter: type) -> None:
    registered = _list_filters.setdefault(model, [])
    if list_filter not in registered:
        registered.append(list_filter)


def admin_list_filters(model: type[Model]) -> list[type]:
    return list(_list_filters.get(model, ()))
