"""The limit of a tiny request (bench/tiny.py): a bare WSGI callable answering every request
with the same small JSON body, no framework, no database, under the same gunicorn as the
service. What is left of the service's time beyond it is the service's own."""

BODY = b'{"statusCode":200,"message":"Request successful","envelop":[]}'
HEADERS = [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))]


def application(environ, start_response):
    start_response("200 OK", HEADERS)
    return [BODY]
