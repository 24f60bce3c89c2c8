"""The limit of a carrier's callback on the service's own stack (issue 31: "a limit that only
verifies the signature and inserts the row"): a Django view, served as the service is (its
WSGI application `config.wsgi:application`, the project's settings and middleware, the same
gunicorn settings and worker class), with this URLconf in place of the service's
(bench/limit_tracking_settings.py). It

1. reads the raw body and checks EasyPost's signature over it with the service's own check
   (`tracking.providers.EASYPOST.signed`, the same secret): 401 otherwise;
2. inserts the body as JSON in ONE statement, through Django's connection (autocommit: the
   insert its own transaction), into `bench_tracking_received_django`, a copy of the service's
   `tracking_receivedupdate` (bench/tracking.py makes it: `LIKE ... INCLUDING ALL`), and
   answers 200 with a small JSON body.

What the service does beyond it is what ingesting costs us: the payload read
(`EASYPOST.update_of`) and kept in the service's own form, the insert through the ORM, and the
count of the shipments with the code, which decides its answer (`tracking_update_accept`,
tracking.callbacks).
"""

import uuid

from django.db import connection
from django.http import HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from bench.tracking_stories import LIMIT_TABLES, PATH
from tracking.providers import EASYPOST

INSERT = (
    f"INSERT INTO {LIMIT_TABLES['django']} (id, received_at, provider, update) "
    "VALUES (%s, now(), 'EASYPOST', %s::jsonb)"
)


@csrf_exempt
@require_POST
def callback(request):
    body = request.body
    if not EASYPOST.signed(body, request.META.get("HTTP_X_HMAC_SIGNATURE")):
        return HttpResponse(b'{"status":"refused"}', content_type="application/json", status=401)
    with connection.cursor() as cursor:
        cursor.execute(INSERT, [uuid.uuid4(), body.decode()])
    return HttpResponse(b'{"status":"accepted"}', content_type="application/json")


urlpatterns = [path(PATH.lstrip("/"), callback)]
