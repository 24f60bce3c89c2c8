"""Refusals in SCIM's terms: an HTTP status and, for 400 and 409, a `scimType` (RFC 7644
§3.12) that tells the identity provider what kind of problem it is."""

from config.kernel.errors import ServiceError


class ScimRefusal(ServiceError):
    def __init__(self, detail: str, *, status_code: int = 400, scim_type: str | None = None):
        super().__init__(detail, status_code=status_code)
        self.scim_type = scim_type
