import django_filters

from bulk.choices import ItemStatus
from bulk.models import BulkJobItem
from config.kernel.filtering import AnyCaseChoiceFilter

# The outcomes a result may have: an item not run yet has none.
OUTCOMES = [(ItemStatus.SUCCEEDED, "Succeeded"), (ItemStatus.FAILED, "Failed")]
INVALID_OUTCOME = "Invalid status: expected SUCCEEDED or FAILED"


class BulkJobResultFilter(django_filters.FilterSet):
    status = AnyCaseChoiceFilter(choices=OUTCOMES, invalid_message=INVALID_OUTCOME)

    class Meta:
        model = BulkJobItem
        fields = []
