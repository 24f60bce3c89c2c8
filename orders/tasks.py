"""Celery tasks of orders."""

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string

from orders.models import Order


# SMTPException is an OSError: a mail server that is down or refuses is tried again later.
@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def order_cancelled_email(order_id: str) -> None:
    """E-mail the company's contact that its order was cancelled (queued by the cancellation
    after it commits). Nothing to send when the company has no contact e-mail by now."""
    order = Order.objects.select_related("company").get(pk=order_id)
    recipient = order.company.contact_email
    if not recipient:
        return
    context = {"order": order, "company": order.company}
    subject = render_to_string("emails/order_cancelled_subject.txt", context)
    send_mail(
        # A header is one line, whatever the template's trailing newline.
        subject=" ".join(subject.split()),
        message=render_to_string("emails/order_cancelled_body.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[recipient],
    )
