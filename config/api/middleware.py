"""API paths answer with or without a trailing slash, the same way and without a redirect."""

# Paths that keep Django's own slash handling (the admin's URLs end with a slash).
SLASH_KEEPING_PREFIXES = ("/admin/", "/static/")


def strip_trailing_slash(path: str) -> str:
    if path != "/" and path.endswith("/") and not path.startswith(SLASH_KEEPING_PREFIXES):
        return path.rstrip("/")
    return path


class OptionalTrailingSlashMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.path_info = strip_trailing_slash(request.path_info)
        return self.get_response(request)
