"""The hardware types of the interface, present after `migrate` on every database."""

from django.db import migrations

from hardware.choices import ITEM_TYPE_NAMES, ORDER_ONLY_TYPE_NAMES, type_image


def create_types(apps, schema_editor):
    HardwareType = apps.get_model("hardware", "HardwareType")
    for name in ITEM_TYPE_NAMES + ORDER_ONLY_TYPE_NAMES:
        HardwareType.objects.update_or_create(
            name=name,
            defaults={"image": type_image(name), "order_only": name in ORDER_ONLY_TYPE_NAMES},
        )


def delete_types(apps, schema_editor):
    apps.get_model("hardware", "HardwareType").objects.filter(
        name__in=ITEM_TYPE_NAMES + ORDER_ONLY_TYPE_NAMES
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("hardware", "0001_initial")]

    operations = [migrations.RunPython(create_types, delete_types)]
