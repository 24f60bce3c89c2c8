from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.wipe_method_enum import WipeMethodEnum

T = TypeVar("T", bound="HardwareWipe")


@_attrs_define
class HardwareWipe:
    """A data wipe of an item (NIST SP 800-88 Rev. 1), as the provider's operations team
    recorded it, with its certificate: a PDF to download at `certificateUrl`, whose SHA-256 is
    `certificateSha256`.

        Attributes:
            id (UUID): The wipe's id, which its certificate bears too.
            method (WipeMethodEnum): * `CLEAR` - Clear (overwritten by standard commands)
                * `PURGE` - Purge (cryptographic or block erase)
                * `DESTROY` - Destroy (shredded, disintegrated, incinerated)
            tool (str): The software or machine that wiped it.
            performed_at (datetime.datetime):
            performed_by (str): Who wiped it: the provider's operations.
            verified (bool): Whether the wipe was verified afterwards.
            certificate_sha_256 (str): The SHA-256 of the certificate's PDF, in hexadecimal.
            certificate_url (str): Where the certificate downloads (GET, with the API key), its companyCode included.
    """

    id: UUID
    method: WipeMethodEnum
    tool: str
    performed_at: datetime.datetime
    performed_by: str
    verified: bool
    certificate_sha_256: str
    certificate_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        method = self.method.value

        tool = self.tool

        performed_at = self.performed_at.isoformat()

        performed_by = self.performed_by

        verified = self.verified

        certificate_sha_256 = self.certificate_sha_256

        certificate_url = self.certificate_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "method": method,
                "tool": tool,
                "performedAt": performed_at,
                "performedBy": performed_by,
                "verified": verified,
                "certificateSha256": certificate_sha_256,
                "certificateUrl": certificate_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        method = WipeMethodEnum(d.pop("method"))

        tool = d.pop("tool")

        performed_at = datetime.datetime.fromisoformat(d.pop("performedAt"))

        performed_by = d.pop("performedBy")

        verified = d.pop("verified")

        certificate_sha_256 = d.pop("certificateSha256")

        certificate_url = d.pop("certificateUrl")

        hardware_wipe = cls(
            id=id,
            method=method,
            tool=tool,
            performed_at=performed_at,
            performed_by=performed_by,
            verified=verified,
            certificate_sha_256=certificate_sha_256,
            certificate_url=certificate_url,
        )

        hardware_wipe.additional_properties = d
        return hardware_wipe

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
