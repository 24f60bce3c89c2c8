"""Which carrier a tracking code belongs to, and the carrier's public tracking page for it.

The code is recognised by tracking-numbers, which knows each carrier's formats and check digits
(from jkeen/tracking_number_data): a typo in a code fails its check digit and is recognised as
no carrier's. A code no carrier of ours issues is UNKNOWN; the operator or the tracking provider
names the carrier then.
"""

from urllib.parse import quote

from tracking_numbers import get_tracking_number

from tracking.choices import Carrier

# tracking-numbers' couriers ours map onto. An S10 code is the postal service's of the
# country its last two letters name: the USPS's when it ends in US.
_COURIERS = {"ups": Carrier.UPS, "fedex": Carrier.FEDEX, "usps": Carrier.USPS}
_DHL_EXPRESS = "DHL Express"

_PAGES = {
    Carrier.UPS: "https://www.ups.com/track?tracknum={}",
    Carrier.USPS: "https://tools.usps.com/go/TrackConfirmAction?tLabels={}",
    Carrier.FEDEX: "https://www.fedex.com/fedextrack/?trknbr={}",
    Carrier.DHL_EXPRESS: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={}",
}


def tracking_code_clean(tracking_code: str) -> str:
    # Carriers print codes in groups; their callbacks send them whole, in capitals.
    return "".join(tracking_code.split()).upper()


def carrier_recognise(tracking_code: str) -> Carrier:
    """The carrier whose format and check digit `tracking_code` has, else UNKNOWN."""
    code = tracking_code_clean(tracking_code)
    recognised = get_tracking_number(code)
    if recognised is None or not recognised.valid:
        return Carrier.UNKNOWN
    courier = recognised.courier.code
    if courier == "dhl":
        return Carrier.DHL_EXPRESS if recognised.product.name == _DHL_EXPRESS else Carrier.UNKNOWN
    if courier == "s10":
        return Carrier.USPS if code.endswith("US") else Carrier.UNKNOWN
    return _COURIERS.get(courier, Carrier.UNKNOWN)


def tracking_page(carrier: str, tracking_code: str) -> str | None:
    """The carrier's public page for the code; None for a carrier we have no page for."""
    page = _PAGES.get(carrier)
    return page.format(quote(tracking_code, safe="")) if page else None
