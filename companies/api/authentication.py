"""API key authentication: `Authorization: Bearer <key>` or `X-API-Key: <key>`."""

from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

from companies.selectors import api_key_authenticate


class ApiKeyAuthentication(BaseAuthentication):
    """Authenticates an API client. `request.user` is the ApiClient, `request.auth` its key."""

    def authenticate(self, request):
        raw_key = self.key_from_headers(request)
        if raw_key is None:
            return None
        key = api_key_authenticate(raw_key=raw_key)
        if key is None:
            raise AuthenticationFailed()
        return key.client, key

    def authenticate_header(self, request):
        # Makes DRF answer 401 (not 403) to an unauthenticated request.
        return 'Bearer realm="api"'

    @staticmethod
    def key_from_headers(request) -> str | None:
        scheme, _, credentials = get_authorization_header(request).decode("latin-1").partition(" ")
        if scheme.lower() == "bearer" and credentials.strip():
            return credentials.strip()
        api_key = request.headers.get("X-API-Key", "").strip()
        return api_key or None
