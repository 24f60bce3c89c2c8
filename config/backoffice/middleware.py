"""Django's sessions, staff authentication and messages, run for the admin's paths only.

The API authenticates each request by its key (DRF) and keeps no session; only the admin reads
a session cookie, a staff user and flashed messages. Run on every request, these three cost a
tiny API answer a few per cent of its CPU (the messages' storage alone is made anew each time),
for nothing it uses. Subclasses rather than a wrapper: the admin's system checks find them in
MIDDLEWARE by class, and settings keep them in the order Django documents.
"""

from django.conf import settings
from django.contrib.auth import middleware as auth
from django.contrib.messages import middleware as messages
from django.contrib.sessions import middleware as sessions
from django.utils import timezone

from config.kernel.audit import OPERATOR_NAME, ActorType, actor_added

# The admin's URLs (config/urls.py), which keep Django's HTML pages: every other path is the
# API's, the health checks', the schema's or an unknown one, which answer the same without these.
ADMIN_PREFIX = "/admin/"


class AdminOnly:
    """Runs the middleware it is mixed into for the admin's paths; passes others through."""

    def __call__(self, request):
        if request.path_info.startswith(ADMIN_PREFIX):
            return super().__call__(request)
        return self.get_response(request)


class SessionMiddleware(AdminOnly, sessions.SessionMiddleware):
    pass


class AuthenticationMiddleware(AdminOnly, auth.AuthenticationMiddleware):
    """Django's, and the staff user's writes are theirs on the audit trail: an OPERATOR, shown
    to clients as "Operations" (config.kernel.audit), to the back office by name."""

    def process_request(self, request):
        super().process_request(request)
        user = request.user
        if user.is_authenticated:
            actor_added(
                ActorType.OPERATOR,
                OPERATOR_NAME,
                operatorId=user.pk,
                operatorName=user.get_username(),
            )


class MessageMiddleware(AdminOnly, messages.MessageMiddleware):
    pass


class TimeZoneMiddleware:
    """The admin's pages show times in the operators' zone (settings.BACK_OFFICE_TIME_ZONE);
    the API answers in UTC, as its clients expect."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith(ADMIN_PREFIX):
            return self.get_response(request)
        with timezone.override(settings.BACK_OFFICE_TIME_ZONE):
            return self.get_response(request)
