"""Who made a change: recorded on every status move, shown in histories and the admin."""

from dataclasses import dataclass

from django.db import models


class ActorKind(models.TextChoices):
    API_CLIENT = "API_CLIENT", "API client"
    STAFF = "STAFF", "Staff user"
    COMMAND = "COMMAND", "Management command"
    # A carrier's news, through a tracking provider (tracking.services): a shipment's moves,
    # and a movement request completed on delivery.
    CARRIER = "CARRIER", "Carrier"


@dataclass(frozen=True)
class Actor:
    kind: ActorKind
    name: str

    @classmethod
    def api_client(cls, client) -> "Actor":
        return cls(ActorKind.API_CLIENT, client.name)

    @classmethod
    def staff(cls, user) -> "Actor":
        return cls(ActorKind.STAFF, user.get_username())

    @classmethod
    def command(cls, name: str) -> "Actor":
        return cls(ActorKind.COMMAND, name)

    @classmethod
    def carrier(cls, provider: str) -> "Actor":
        return cls(ActorKind.CARRIER, provider)
