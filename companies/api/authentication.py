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
        """The key the request carries. Two different keys, one in each header, are refused:
        which one to trust would be a guess, and the client has a bug to hear about."""
        scheme, _, credentials = get_authorization_header(request).decode("latin-1").partition(" ")
        bearer = credentials.strip() if scheme.lower() == "bearer" else ""
        # From the environ as DRF reads `Authorization`: `request.headers` would copy every
        # header of the request into a new mapping to give one.
        api_key = request.META.get("HTTP_X_API_KEY", "").strip()
        if bearer and api_key and bearer != api_key:
            raise AuthenticationFailed()
        return bearer or api_key or None
