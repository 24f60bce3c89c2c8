"""Answers read as plain rows, in the shapes their output serializers declare.

Each answer's fields are declared once, on its output serializer: the schema is built from it,
and the selectors read the same fields with `.values()` instead of serializing model instances
field by field (several times faster on long lists). A field's column is its `source`, with
`__` for the dots (`company_name = CharField(source="company.name")` reads `company__name`).

`Row` reads a serializer's columns as a row's own keys; `Nested` reads an object of the answer
(an order's employee) in the same query and lifts it out of the row. Both are built once, at
import; nested serializers and the values a selector computes are the selector's to fill.

A record a write has just made is in memory already, with the related records it was made
from: `Row.of` and `row_of` take the same row from it, by the same columns, instead of reading
it back, so the selector shapes it as it shapes what it reads.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeAlias

from django.db.models import F, Model, QuerySet
from rest_framework import serializers

# A serializer class, or output name -> ORM path.
Shape: TypeAlias = type[serializers.Serializer] | Mapping[str, str]


def columns_of(serializer_class: type[serializers.Serializer]) -> dict[str, str]:
    """Output name -> ORM path of each field of `serializer_class` that a column holds, in the
    serializer's order. Nested serializers are left out."""
    paths = {}
    for name, field in serializer_class().fields.items():
        if isinstance(field, serializers.BaseSerializer):
            continue
        if field.source == "*":
            raise ValueError(f"{serializer_class.__name__}.{name} has no column to read")
        paths[name] = field.source.replace(".", "__")
    return paths


def _paths(shape: Shape) -> dict[str, str]:
    return dict(shape) if isinstance(shape, Mapping) else columns_of(shape)


class Row:
    """The columns of a serializer (or output name -> ORM path) read as a row's own keys."""

    def __init__(self, shape: Shape):
        paths = _paths(shape)
        # Django refuses an alias that is a model field's name: such a column is read as the
        # field itself.
        self._fields = tuple(name for name, path in paths.items() if name == path)
        self._renamed = {name: F(path) for name, path in paths.items() if name != path}

    def values(self, queryset: QuerySet, *fields: str, **expressions) -> QuerySet:
        """`queryset.values()` of the columns, and of the `fields` and `expressions` the
        selector reads for itself. A row's keys come in that order: `fields`, the columns
        named as their model fields, the renamed columns, `expressions`."""
        return queryset.values(*fields, *self._fields, **self._renamed, **expressions)

    def of(self, instance: Model, *fields: str, **expressions: F) -> dict:
        """The row `values()` would read of `instance`, taken from it (`row_of`)."""
        return row_of(instance, *fields, *self._fields, **self._renamed, **expressions)


def row_of(instance: Model, *fields: str, **expressions: F) -> dict:
    """The row `.values(*fields, **expressions)` reads of `instance`, with its keys in the same
    order, taken from `instance` and the related records it holds: for a record just written,
    whose values are those the database stored (its numbers returned by the insert, its
    timestamps set before it). A relation it does not hold would be read, one query each."""
    paths = {name: name for name in fields}
    for name, expression in expressions.items():
        if not isinstance(expression, F):
            raise TypeError(f"{name}: only columns (F) can be taken from a record in memory")
        paths[name] = expression.name
    return {name: _value_at(instance, path) for name, path in paths.items()}


def sorted_as(instances: Iterable[Model], order: Sequence[str]) -> list[Model]:
    """`instances` in the order `.order_by(*order)` reads them (ascending columns, none of them
    null), from the values they hold."""
    return sorted(instances, key=lambda instance: [_value_at(instance, path) for path in order])


def _value_at(instance: Model, path: str):
    # `company__name`: the company's name; None past an empty relation, as a join reads it.
    value = instance
    for name in path.split("__"):
        if value is None:
            return None
        value = getattr(value, name)
    return value


class Nested:
    """An object of an answer read with its row: the columns of a serializer (or output name ->
    ORM path), through the relation `through` when they are another record's, under
    `<key>.<name>`, so they never clash with the row's own."""

    def __init__(self, key: str, shape: Shape, *, through: str = ""):
        self.key = key
        paths = _paths(shape)
        prefix = f"{through}__" if through else ""
        self.expressions = {f"{key}.{name}": F(f"{prefix}{path}") for name, path in paths.items()}
        self._keys = tuple((name, f"{key}.{name}") for name in paths)

    def take(self, row: dict) -> dict:
        """The object, its columns removed from `row`."""
        return {name: row.pop(key) for name, key in self._keys}


def nested_columns(*nested: Nested) -> dict[str, F]:
    """The columns of several nested objects, to read in one `.values()`."""
    return {alias: column for each in nested for alias, column in each.expressions.items()}
