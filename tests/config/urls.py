"""The service's URLs plus a few views that exist only to exercise the conventions."""

from django.http import JsonResponse
from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from companies.api.idempotency import IdempotentAPIView
from companies.api.scoping import company_from_body, company_from_filters
from config.urls import handler400, handler403, handler404, handler500
from config.urls import urlpatterns as service

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


class BoomView(APIView):
    def post(self, request):
        raise RuntimeError("unexpected")


def plain_django_boom(request):
    raise RuntimeError("a failure outside DRF")


def plain_django_body(request):
    """A view outside DRF that reads the body, as a middleware might."""
    return JsonResponse({"length": len(request.body)})


class FlakyView(IdempotentAPIView):
    """Fails for real (an exception, a 500) on its first call, succeeds after."""

    calls: list = []

    def post(self, request):
        self.calls.append(request.data)
        if len(self.calls) == 1:
            raise RuntimeError("a transient failure")
        return Response([{"call": len(self.calls)}], status=201)


class EchoView(APIView):
    """Answers what it received, to show what the gateway forwards."""

    def get(self, request):
        return Response([{"query": request.query_params.dict()}])

    def post(self, request):
        return Response([{"query": request.query_params.dict(), "body": request.data}], status=201)


class ScopedReadView(APIView):
    def get(self, request):
        return Response([{"companyCode": company_from_filters(request).code}])

    def post(self, request):
        return Response([{"companyCode": company_from_body(request).code}])


urlpatterns = [
    path("test/boom", BoomView.as_view()),
    path("test/plain-boom", plain_django_boom),
    path("test/plain-body", plain_django_body),
    path("test/echo", EchoView.as_view()),
    path("test/flaky", FlakyView.as_view()),
    path("test/scoped", ScopedReadView.as_view()),
    *service,
]
