from config.backoffice.base import RecordInline
from scim.models import DeletedUser


class DeletedUserInline(RecordInline):
    """On an employee's page: that the identity provider deleted the user (SCIM answers 404 for
    it; a create with its userName links it again). Registered for the employees' admin when
    the app is ready (scim.apps)."""

    model = DeletedUser
    fields = ["deleted_at"]
    verbose_name = "deleted by the identity provider (SCIM)"
    verbose_name_plural = "deleted by the identity provider (SCIM)"

    def has_view_permission(self, request, obj=None):
        # Shown only on the page of an employee it says something of.
        deleted = obj is not None and DeletedUser.objects.filter(employee=obj).exists()
        return deleted and super().has_view_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # a create with its userName links the employee again
