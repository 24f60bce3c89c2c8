import django_filters
from django import forms

from companies.models import Event
from config.kernel.filtering import InstantFormField, instant_refusal

INVALID_SINCE = instant_refusal("since")
INVALID_TYPE = "Invalid type"
TYPE_MAX_LENGTH = Event._meta.get_field("kind").max_length


class EventTypeFormField(forms.CharField):
    """An event type as the webhooks name it (`order.cancelled`), matched exactly. One no event
    could have (longer than any, or holding a NUL character, which PostgreSQL cannot compare)
    is refused rather than sent to the database; empty is no criterion."""

    def clean(self, value):
        value = (value or "").strip()
        if len(value) > TYPE_MAX_LENGTH or "\x00" in value:
            raise forms.ValidationError(INVALID_TYPE)
        return value or None


class EventTypeFilter(django_filters.Filter):
    field_class = EventTypeFormField


class SinceFilter(django_filters.Filter):
    """`since`: the events recorded at or after the instant."""

    field_class = InstantFormField

    def __init__(self, **kwargs):
        super().__init__(
            field_name="created_at", lookup_expr="gte", invalid_message=INVALID_SINCE, **kwargs
        )


class EventFilter(django_filters.FilterSet):
    """The criteria of GET /events."""

    type = EventTypeFilter(field_name="kind")
    since = SinceFilter()

    class Meta:
        model = Event
        fields = []
