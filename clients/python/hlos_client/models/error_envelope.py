from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.field_error import FieldError


T = TypeVar("T", bound="ErrorEnvelope")


@_attrs_define
class ErrorEnvelope:
    """
    Attributes:
        status_code (int):
        error (str): HTTP status name, e.g. Bad Request
        message (list[str] | str): Why the request was refused.
        details (list[FieldError] | Unset): On validation errors; on `Invalid JSON body`, one saying why and where, e.g.
            `Expecting ',' delimiter at line 3, column 5` with its `line` and `column`.
    """

    status_code: int
    error: str
    message: list[str] | str
    details: list[FieldError] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status_code = self.status_code

        error = self.error

        message: list[str] | str
        if isinstance(self.message, list):
            message = self.message

        else:
            message = self.message

        details: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = []
            for details_item_data in self.details:
                details_item = details_item_data.to_dict()
                details.append(details_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "statusCode": status_code,
                "error": error,
                "message": message,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_error import FieldError  # noqa: PLC0415

        d = dict(src_dict)
        status_code = d.pop("statusCode")

        error = d.pop("error")

        def _parse_message(data: object) -> list[str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                message_type_1 = cast(list[str], data)

                return message_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str, data)

        message = _parse_message(d.pop("message"))

        _details = d.pop("details", UNSET)
        details: list[FieldError] | Unset = UNSET
        if _details is not UNSET:
            details = []
            for details_item_data in _details:
                details_item = FieldError.from_dict(details_item_data)

                details.append(details_item)

        error_envelope = cls(
            status_code=status_code,
            error=error,
            message=message,
            details=details,
        )

        error_envelope.additional_properties = d
        return error_envelope

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
