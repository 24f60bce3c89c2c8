"""What the outbox tells Prometheus (config/ops/metrics.py): attempts by outcome, counted where an
attempt finishes, and the backlog, read at scrape time."""

from collections.abc import Iterable

from django.db.models import Count, Min
from django.utils import timezone
from prometheus_client import Counter
from prometheus_client.core import GaugeMetricFamily

from companies.models import Event, EventState

# delivered: a 2xx answer; rejected: any other status; error: no answer (refused address,
# connection error, timeout).
WEBHOOK_ATTEMPTS = Counter(
    "hlos_webhook_attempts_total",
    "Webhook delivery attempts finished, by outcome (delivered, rejected, error).",
    ["outcome"],
)


def attempt_outcome(status_code: int | None) -> str:
    if status_code is None:
        return "error"
    return "delivered" if 200 <= status_code < 300 else "rejected"


class OutboxCollector:
    """Pending events and the age of the oldest, in one query."""

    def collect(self) -> Iterable:
        pending = Event.objects.filter(state=EventState.PENDING).aggregate(
            count=Count("pk"), oldest=Min("created_at")
        )
        age = (timezone.now() - pending["oldest"]).total_seconds() if pending["oldest"] else 0
        yield GaugeMetricFamily(
            "hlos_outbox_pending_events", "Events not yet delivered nor given up.", pending["count"]
        )
        yield GaugeMetricFamily(
            "hlos_outbox_oldest_pending_age_seconds",
            "Age of the oldest pending event (0 when none is pending).",
            max(age, 0.0),
        )
