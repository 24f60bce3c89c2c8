from django.db import models


class EmployeeStatus(models.TextChoices):
    ACTIVE = "ACTIVE"
    DEACTIVATED = "DEACTIVATED"
