"""Operators find orders by what a client quotes, price their lines, offer alternatives, see
their history, and move them with one button."""

from decimal import Decimal

import pytest
from django.urls import reverse

from hardware.models import Hardware
from orders.models import AlternativeGroup, HardwareRequest, Order, Reseller
from tests.admin_pages import message_texts
from tests.factories import (
    CatalogItemFactory,
    CompanyFactory,
    EmployeeFactory,
    HardwareRequestFactory,
    OrderFactory,
    alternatives,
)

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:orders_order_changelist")


def change_page(order) -> str:
    return reverse("admin:orders_order_change", args=[order.pk])


def move_url(order) -> str:
    return reverse("admin:orders_order_move", args=[order.pk])


def offer_url(order) -> str:
    return reverse("admin:orders_order_offer", args=[order.pk])


def shown(response) -> list[Order]:
    return list(response.context["cl"].result_list)


def page_form(response) -> dict:
    """The change page's form as the browser would send it back untouched: every inline's
    management form and every editable field's current value."""
    data = {}
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        management = formset.management_form
        for name in management.fields:
            data[management.add_prefix(name)] = management[name].value()
        for form in formset.forms:
            for name in form.fields:
                value = form[name].value()
                if value not in (None, False):
                    data[form.add_prefix(name)] = value
    return data


def lines_inline(response):
    [inline] = [
        inline
        for inline in response.context["inline_admin_formsets"]
        if inline.formset.model is HardwareRequest
    ]
    return inline


def line_field(response, line, name) -> str:
    """The POST name of field `name` of `line`'s row in the lines inline."""
    inline = lines_inline(response)
    [form] = [form for form in inline.formset.forms if form.instance.pk == line.pk]
    return form.add_prefix(name)


# --- the list ----------------------------------------------------------------------------------


def test_the_list_finds_an_order_by_its_exact_number(admin_client):
    wanted, eleventh, _ = (OrderFactory(order_number=number) for number in (1, 11, 111))

    assert shown(admin_client.get(CHANGELIST, {"q": "1"})) == [wanted]
    assert shown(admin_client.get(CHANGELIST, {"q": "11"})) == [eleventh]


@pytest.mark.parametrize("term", ["PO-7731", "po-7731", "ZQX", "zqx", "buyer@example", "BUYER@"])
def test_the_list_finds_an_order_by_po_number_company_code_or_employee_email(admin_client, term):
    company = CompanyFactory(code="ZQX")
    wanted = OrderFactory(
        company=company,
        po_number="PO-7731",
        send_to="EMPLOYEE",
        employee=EmployeeFactory(company=company, email="buyer@example.com"),
    )
    OrderFactory(po_number="PO-77310")
    OrderFactory(company=CompanyFactory(code="ZQY"))

    assert shown(admin_client.get(CHANGELIST, {"q": term})) == [wanted]


def test_the_list_filters_by_company_status_country_and_destination(admin_client):
    company = CompanyFactory()
    wanted = OrderFactory(company=company, status="QUOTED", country_code="BR", send_to="OFFICE")
    OrderFactory(company=company, status="QUOTED", country_code="BR", send_to="STORAGE")
    OrderFactory(company=company, status="QUOTED", country_code="US", send_to="OFFICE")
    OrderFactory(company=company, status="PENDING", country_code="BR", send_to="OFFICE")
    OrderFactory(status="QUOTED", country_code="BR", send_to="OFFICE")

    response = admin_client.get(
        CHANGELIST,
        {
            "company__id__exact": company.id,
            "status__exact": "QUOTED",
            "country_code": "BR",
            "send_to__exact": "OFFICE",
        },
    )

    assert shown(response) == [wanted]


@pytest.mark.parametrize("rows", [1, 30])
def test_the_list_uses_a_fixed_number_of_queries(admin_client, django_assert_max_num_queries, rows):
    for _ in range(rows):
        employee = EmployeeFactory()
        OrderFactory(company=employee.company, send_to="EMPLOYEE", employee=employee)

    with django_assert_max_num_queries(12):
        response = admin_client.get(CHANGELIST)

    assert response.context["cl"].result_count == rows


# --- the change page ---------------------------------------------------------------------------


def test_the_change_page_shows_lines_with_their_group_the_history_and_a_button_per_move(
    admin_client,
):
    order = OrderFactory(po_number="PO-1")
    single = HardwareRequestFactory(order=order, model="P2425H")
    original = HardwareRequestFactory(order=order, model="U2723QE")
    offered = HardwareRequestFactory(order=order, model="U2724D")
    group = alternatives(original, offered)
    order.status_history.create(status_to="PENDING", actor_kind="API_CLIENT", actor_name="Acme")

    response = admin_client.get(change_page(order))
    page = response.content.decode()

    inline = lines_inline(response)
    rows = [form.instance for form in inline.formset.forms]
    assert rows == [single, original, offered]
    short = str(group.id)[:8]
    assert f"{short}: selected, original" in page
    assert f"{short}: candidate" in page
    assert "Acme" in page  # who made the first move
    assert move_url(order) in page
    # QUOTED with the lines' prices typed below (orders.admin_moves): its one button is there.
    assert 'name="_save_and_mark" value="QUOTED"' in page
    assert 'name="status" value="QUOTED"' not in page
    assert 'name="status" value="CANCELLED"' in page
    assert 'value="ACCEPTED"' not in page
    assert offer_url(order) in page
    assert line_field(response, single, "quoted_unit_price") in page
    assert line_field(response, single, "is_available") in page
    assert line_field(response, single, "amount") not in page  # what the client asked for


@pytest.mark.parametrize(
    ("status", "buttons"),
    [
        ("QUOTED", ["ACCEPTED", "CANCELLED"]),
        ("ACCEPTED", ["DELIVERED"]),
        ("CANCELLED", []),
        ("DELIVERED", []),
    ],
)
def test_the_change_page_offers_only_the_moves_left(admin_client, status, buttons):
    order = OrderFactory(status=status)
    HardwareRequestFactory(order=order)

    page = admin_client.get(change_page(order)).content.decode()

    statuses = ("QUOTED", "ACCEPTED", "CANCELLED", "DELIVERED")
    assert [s for s in statuses if f'name="status" value="{s}"' in page] == buttons


@pytest.mark.parametrize("status", ["ACCEPTED", "CANCELLED", "DELIVERED"])
def test_past_quoting_the_lines_are_read_only_and_nothing_is_offered(admin_client, status):
    order = OrderFactory(status=status)
    line = HardwareRequestFactory(order=order)

    response = admin_client.get(change_page(order))
    page = response.content.decode()

    assert line_field(response, line, "quoted_unit_price") not in page
    assert 'name="_save"' not in page
    assert offer_url(order) not in page


def test_the_status_is_never_edited_and_orders_are_neither_added_nor_deleted(admin_client):
    order = OrderFactory()
    HardwareRequestFactory(order=order)

    page = admin_client.get(change_page(order)).content.decode()
    added = admin_client.get(reverse("admin:orders_order_add"))
    deleted = admin_client.post(
        reverse("admin:orders_order_delete", args=[order.pk]), {"post": "yes"}
    )

    assert '<select name="status"' not in page
    assert added.status_code == deleted.status_code == 403
    assert Order.objects.get(pk=order.pk).status == "PENDING"


def test_saving_the_page_prices_lines_and_marks_their_availability(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order)
    candidate = HardwareRequestFactory(order=order)
    alternatives(line, candidate)
    response = admin_client.get(change_page(order))
    data = page_form(response) | {
        line_field(response, line, "quoted_unit_price"): "349.90",
        line_field(response, candidate, "quoted_unit_price"): "399.00",
        line_field(response, candidate, "is_available"): "false",
        "_continue": "Save",
    }

    saved = admin_client.post(change_page(order), data)

    assert saved.status_code == 302
    line.refresh_from_db()
    candidate.refresh_from_db()
    assert (line.quoted_unit_price, candidate.quoted_unit_price) == (
        Decimal("349.90"),
        Decimal("399.00"),
    )
    assert candidate.is_available is False
    assert Order.objects.get(pk=order.pk).status == "PENDING"


def test_a_negative_price_is_refused(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order)
    response = admin_client.get(change_page(order))
    data = page_form(response) | {line_field(response, line, "quoted_unit_price"): "-1"}

    refused = admin_client.post(change_page(order), data)

    assert refused.status_code == 200
    assert "A price is 0 or more." in refused.content.decode()
    line.refresh_from_db()
    assert line.quoted_unit_price is None


def test_prices_sent_after_the_order_moved_on_are_not_saved(admin_client):
    order = OrderFactory(status="QUOTED")
    line = HardwareRequestFactory(order=order, quoted_unit_price=Decimal("10.00"))
    response = admin_client.get(change_page(order))
    data = page_form(response) | {line_field(response, line, "quoted_unit_price"): "1.00"}
    Order.objects.filter(pk=order.pk).update(status="ACCEPTED")  # the client confirmed

    refused = admin_client.post(change_page(order), data)

    assert refused.status_code == 200
    assert (
        f"Order {order.order_number} is now ACCEPTED: its lines can no longer change."
        in refused.content.decode()
    )
    line.refresh_from_db()
    assert line.quoted_unit_price == Decimal("10.00")


# --- moves -------------------------------------------------------------------------------------


def test_a_button_moves_the_order_and_records_the_staff_user(admin_client, admin_user):
    order = OrderFactory()
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("5.00"))

    response = admin_client.post(
        move_url(order), {"status": "QUOTED", "eta": "2026-12-03"}, follow=True
    )

    assert response.redirect_chain[-1][0] == change_page(order)
    assert f"Order {order.order_number} is now QUOTED." in message_texts(response)
    order.refresh_from_db()
    assert (order.status, str(order.eta)) == ("QUOTED", "2026-12-03")
    change = order.status_history.last()
    assert (change.status_from, change.status_to) == ("PENDING", "QUOTED")
    assert (change.actor_kind, change.actor_name) == ("STAFF", admin_user.username)


def test_the_quoted_button_prices_catalog_lines_and_names_free_form_ones_by_what_they_are(
    admin_client,
):
    order = OrderFactory()
    HardwareRequestFactory(order=order, amount=3, catalog_item=CatalogItemFactory())
    HardwareRequestFactory(order=order, amount=2)  # free-form: 2 x U2723QE, no catalog price

    response = admin_client.post(move_url(order), {"status": "QUOTED"}, follow=True)

    assert message_texts(response) == [
        f"Order {order.order_number} cannot be QUOTED: these free-form lines have no catalog "
        "price: set their quotedUnitPrice (2 x U2723QE has no quotedUnitPrice)"
    ]
    assert Order.objects.get(pk=order.pk).status == "PENDING"
    assert not order.hardware_requests.filter(quoted_unit_price__isnull=False).exists()


def test_the_quoted_button_quotes_an_all_catalog_order_at_catalog_prices(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(
        order=order, amount=2, catalog_item=CatalogItemFactory(price=Decimal("99.50"))
    )

    admin_client.post(move_url(order), {"status": "QUOTED"})

    line.refresh_from_db()
    assert (Order.objects.get(pk=order.pk).status, line.quoted_unit_price) == (
        "QUOTED",
        Decimal("99.50"),
    )


def test_the_delivered_button_makes_the_hardware(admin_client, admin_user):
    order = OrderFactory(status="ACCEPTED", client_name="Acme")
    HardwareRequestFactory(order=order, amount=2, quoted_unit_price=Decimal("5.00"))

    admin_client.post(move_url(order), {"status": "DELIVERED", "confirmed": "yes"})

    items = Hardware.objects.filter(created_order_id=order.id)
    assert [(item.created_through, item.status) for item in items] == [("ORDER", "STORAGE")] * 2
    assert order.status_history.get().actor_name == admin_user.username
    page = admin_client.get(change_page(order)).content.decode()
    link = f"{reverse('admin:hardware_hardware_changelist')}?created_order_id__exact={order.id}"
    assert f'<a href="{link}">2 item(s)</a>' in page
    assert set(shown(admin_client.get(link))) == set(items)


@pytest.mark.parametrize(
    ("status", "fields", "message"),
    [
        ("DELIVERED", {"status": "CANCELLED"}, "cannot move from DELIVERED to CANCELLED"),
        ("ACCEPTED", {"status": "DELIVERED", "tracking_link": "nope"}, "trackingLink"),
        ("PENDING", {"status": "CANCELLED", "eta": "tomorrow"}, "eta: Enter a valid date."),
    ],
)
def test_a_refused_move_shows_an_error_and_changes_nothing(admin_client, status, fields, message):
    order = OrderFactory(status=status)
    HardwareRequestFactory(order=order, quoted_unit_price=Decimal("5.00"))
    before = Order.objects.values_list("status", "updated_at").get(pk=order.pk)

    response = admin_client.post(move_url(order), {**fields, "confirmed": "yes"}, follow=True)

    assert response.redirect_chain[-1][0] == change_page(order)
    [error] = message_texts(response)
    assert message in error
    assert Order.objects.values_list("status", "updated_at").get(pk=order.pk) == before
    assert not order.status_history.exists()
    assert not Hardware.objects.exists()


def test_the_bulk_action_moves_each_order_and_reports_each_refusal(admin_client, admin_user):
    pending = OrderFactory()
    delivered = OrderFactory(status="DELIVERED")

    response = admin_client.post(
        CHANGELIST,
        {
            "action": "mark_cancelled",
            "_selected_action": [pending.pk, delivered.pk],
            "confirmed": "yes",
        },
        follow=True,
    )

    messages = message_texts(response)
    assert "Moved 1 order(s) to CANCELLED." in messages
    assert any(
        f"Order {delivered.order_number} cannot move from DELIVERED to CANCELLED" in text
        for text in messages
    )
    pending.refresh_from_db()
    assert pending.status == "CANCELLED"
    assert pending.status_history.get().actor_name == admin_user.username


# --- offering alternatives ---------------------------------------------------------------------


def test_the_offer_form_lists_top_level_lines_and_the_catalog_of_the_orders_country(admin_client):
    order = OrderFactory(country_code="DE")
    line = HardwareRequestFactory(order=order)
    offered = HardwareRequestFactory(order=order)
    alternatives(line, offered)
    european = CatalogItemFactory(country_code="EU")
    german = CatalogItemFactory(country_code="DE")
    CatalogItemFactory(country_code="US")
    CatalogItemFactory(country_code="EU", deprecated=True)

    form = admin_client.get(change_page(order)).context["offer_form"]

    assert list(form.fields["hardware_request"].queryset) == [line]
    assert set(form.fields["catalog_item"].queryset) == {european, german}


def test_the_offer_form_adds_a_candidate_to_the_lines_group(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order, hardware_type="PC")
    model = CatalogItemFactory(name="Latitude 7450")

    response = admin_client.post(
        offer_url(order),
        {"hardware_request": line.pk, "catalog_item": model.pk, "recommended": "on"},
        follow=True,
    )

    assert response.redirect_chain[-1][0] == change_page(order)
    group = AlternativeGroup.objects.get(order=order)
    candidate = group.candidates.get(catalog_item=model)
    assert group.selected_id == line.id
    assert candidate.is_recommended is True
    assert message_texts(response) == [f"Offered 1 x Latitude 7450 as an alternative for {line}."]


def test_an_offer_the_service_refuses_shows_its_message(admin_client):
    order = OrderFactory(status="ACCEPTED")
    line = HardwareRequestFactory(order=order)

    response = admin_client.post(
        offer_url(order),
        {"hardware_request": line.pk, "catalog_item": CatalogItemFactory().pk},
        follow=True,
    )

    assert message_texts(response) == [
        "Alternatives can only be modified when order is in PENDING or QUOTED status; "
        "this order is ACCEPTED"
    ]
    assert HardwareRequest.objects.count() == 1


def test_an_offer_for_a_candidate_is_not_a_choice(admin_client):
    order = OrderFactory()
    line = HardwareRequestFactory(order=order)
    offered = HardwareRequestFactory(order=order)
    alternatives(line, offered)

    response = admin_client.post(
        offer_url(order),
        {"hardware_request": offered.pk, "catalog_item": CatalogItemFactory().pk},
        follow=True,
    )

    [error] = message_texts(response)
    assert error.startswith("hardware_request: Select a valid choice.")
    assert HardwareRequest.objects.count() == 2


# --- resellers ---------------------------------------------------------------------------------


def test_resellers_are_listed_and_found_by_code(admin_client):
    wanted = Reseller.objects.create(code="RS-BR-1", country_code="BR")
    Reseller.objects.create(code="RS-US-1", country_code="US")

    response = admin_client.get(reverse("admin:orders_reseller_changelist"), {"q": "rs-br-1"})

    assert shown(response) == [wanted]
