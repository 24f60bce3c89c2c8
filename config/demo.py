"""The demo story `make run` loads (`manage.py seed_demo`), told by the apps in turn.

Each app adds its part when it is ready (`demo_part_register`), made through its own services,
so the demo has the histories, numbers and events real use makes, and no app imports one above
it to seed it. A part is handed the demo company and answers a line for the command to print;
it adds nothing when the company already has records of its kind, so a second run changes
nothing.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class DemoPart:
    position: int  # parts run in this order: employees before their hardware, before movements
    name: str
    seed: Callable  # (company) -> a line saying what it made


_parts: list[DemoPart] = []


def demo_part_register(position: int, name: str, seed: Callable) -> None:
    _parts.append(DemoPart(position, name, seed))


def demo_parts() -> list[DemoPart]:
    return sorted(_parts, key=lambda part: part.position)
