import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django_application = get_wsgi_application()

# Imported once Django is set up: it reads the settings and the envelope.
from config.ops.chunked import ChunkedBodyMiddleware  # noqa: E402

application = ChunkedBodyMiddleware(django_application)
