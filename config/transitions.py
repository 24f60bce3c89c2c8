"""The kinds of record the operator's `transition` command moves (CONTRACT.md, Operator moves).

Each flow registers the kind it moves (`movement`, later `order`) when its app is ready, so the
command, which lives in logistics, never imports orders, and orders never import logistics.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import TextChoices

from config.actors import Actor
from config.errors import ServiceError
from config.workflow import NO_SHIPPING, Shipping


@dataclass(frozen=True)
class Move:
    """An operator's move, as typed: record `record_id` to `status`, with what comes with it."""

    record_id: str
    status: str
    actor: Actor
    shipping: Shipping = NO_SHIPPING

    def status_in(self, statuses: type[TextChoices]) -> TextChoices:
        """The status as typed (any case, spaces around), as one of `statuses`; an unknown one
        is refused naming them."""
        try:
            return statuses(self.status.strip().upper())
        except ValueError:
            expected = ", ".join(statuses.values)
            raise ServiceError(
                f"Unknown status {self.status}: expected one of {expected}"
            ) from None


# Makes the move through the flow's service and answers the record's new status; a refusal is
# the service's ServiceError.
Transition = Callable[[Move], str]

_transitions: dict[str, Transition] = {}


def transition_register(kind: str, transition: Transition) -> None:
    _transitions[kind] = transition


def transitions() -> dict[str, Transition]:
    return dict(_transitions)
