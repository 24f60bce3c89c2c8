"""Content negotiation: the interface's operations always answer JSON envelopes."""

from rest_framework.negotiation import DefaultContentNegotiation

from config.api.envelope import EnvelopeRenderer


class EnvelopeContentNegotiation(DefaultContentNegotiation):
    """An API view answers its envelope whatever `Accept` or `?format=` asks for, rather than
    a 406 or a 404 a client would not expect. Other views (the schema) negotiate as usual."""

    def select_renderer(self, request, renderers, format_suffix=None):
        for renderer in renderers:
            if isinstance(renderer, EnvelopeRenderer):
                return renderer, renderer.media_type
        return super().select_renderer(request, renderers, format_suffix)
