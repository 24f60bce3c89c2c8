"""Helpers for tests that post the admin's change pages as a browser would."""

from django.contrib.messages import get_messages


def change_page_form(page) -> dict:
    """The change page's form as the browser would send it back untouched: every editable
    field's current value, and every inline's management form and rows."""
    forms = [page.context["adminform"].form]
    for inline in page.context["inline_admin_formsets"]:
        forms += [inline.formset.management_form, *inline.formset.forms]
    data = {}
    for form in forms:
        for name in form.fields:
            value = form[name].value()
            if value is not None and value is not False:  # an unticked box is not sent
                data[form.add_prefix(name)] = value
    return data


def message_texts(response) -> list[str]:
    """The messages the admin shows the operator after the request (success and refusals)."""
    return [str(message) for message in get_messages(response.wsgi_request)]
