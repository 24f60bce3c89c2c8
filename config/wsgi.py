import os
from importlib import import_module

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django_application = get_wsgi_application()

# Imported once Django is set up: it reads the settings and the envelope.
from config.ops.chunked import ChunkedBodyMiddleware  # noqa: E402

# The URLconf, and with it every view module, loaded as the process starts, not by its first
# request, which would otherwise wait for them (SCIM's models alone take half a second to build).
import_module(settings.ROOT_URLCONF)

application = ChunkedBodyMiddleware(django_application)
