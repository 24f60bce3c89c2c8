"""What SCIM knows of an employee beyond the employee: that the identity provider deleted it."""

from django.db import models


class DeletedUser(models.Model):
    """An employee the identity provider deleted (DELETE /scim/v2/Users/{id}). SCIM answers 404
    for it from then on (RFC 7644 §3.6), while the employee stays, DEACTIVATED, in the API: the
    movements and orders that name it are the company's history. A POST /Users with its
    userName links it again (the row goes), as Entra ID does when a person is restored."""

    employee = models.OneToOneField(
        "employees.Employee", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    deleted_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"SCIM user {self.employee_id} deleted at {self.deleted_at:%Y-%m-%d %H:%M}"
