from django.contrib import admin

from config.backoffice.audited import AuditedAdmin
from config.backoffice.base import RecordInline, RefusalsOnSaveAdmin, RegisteredInlinesAdmin
from config.backoffice.fixes import FixesAdmin
from config.backoffice.lists import company_code, one_line, person
from config.kernel.specs import ITEM_SPECS
from hardware.admin_lifecycle import LifecycleHistoryInline, LifecyclePages, WipesInline
from hardware.corrections import hardware_correct
from hardware.models import Hardware, HardwareNote, HardwareType, Storage


class HardwareNoteInline(admin.TabularInline):
    model = HardwareNote
    fields = ["content", "author_email", "created_at"]
    readonly_fields = ["author_email", "created_at"]
    extra = 1

    def has_change_permission(self, request, obj=None):
        return False  # notes are a record: add new ones, never rewrite old ones


class HeldHardwareInline(RecordInline):
    """On an employee's page: the items the employee holds; they are assigned and taken back
    by movements. Registered for the employees' admin when the app is ready (hardware.apps)."""

    model = Hardware
    fk_name = "employee"
    fields = ["serial_number", "name", "hardware_type", "brand", "status", "in_movement"]
    show_change_link = True

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("hardware_type")


@admin.display(description="model", ordering="name")
def item_model(item: Hardware) -> str:
    return one_line(item.name)


@admin.display(description="where")
def where(item: Hardware) -> str:
    """With an employee, or in a storage: the list's one column for both."""
    if item.employee_id:
        return person(item.employee)
    return str(item.storage) if item.storage_id else "—"


# The movement requests that carried an item are listed by the logistics app's inline
# (logistics.apps), and it is relocated by the logistics app's fix (logistics.admin_relocate).
# Its lifecycle (wipes, retirement) is worked from its page (hardware.admin_lifecycle).
@admin.register(Hardware)
class HardwareAdmin(
    LifecyclePages, FixesAdmin, RefusalsOnSaveAdmin, AuditedAdmin, RegisteredInlinesAdmin
):
    change_form_template = "admin/hardware/hardware/change_form.html"
    # Short, fixed columns that fit 1366 px (config.backoffice.lists); the type, the country
    # and whether it is moving are the filters'.
    list_display = ["serial_number", item_model, company_code, where, "status", "lifecycle"]
    list_filter = [
        "company",
        "status",
        "lifecycle",
        "retired_reason",
        "hardware_type",
        "country_code",
        "in_movement",
        "damaged",
    ]
    search_fields = [
        "serial_number",
        "name",
        "external_reference",
        "employee__email",
        "company__code",
    ]
    list_select_related = ["company", "hardware_type", "employee", "storage"]
    # Company, country, type, model and specs are set by the services that make an item
    # (storage by country, specs only on computers, the model's type); where it is moves with
    # movements. Its serial number and its other correctable details are saved through the
    # correction service (save_model).
    readonly_fields = [
        "id",
        "company",
        "country_code",
        "hardware_type",
        "common_model",
        *ITEM_SPECS,
        "status",
        "employee",
        "storage",
        "in_movement",
        # Moved by the lifecycle's buttons, through its services (hardware.lifecycle).
        "lifecycle",
        "retired_reason",
        "retired_at",
        "created_through",
        "created_order_id",
        "created_line_id",
        "created_user",
        "created_at",
        "updated_at",
    ]
    inlines = [HardwareNoteInline, LifecycleHistoryInline, WipesInline]

    def has_add_permission(self, request):
        # Items come from the API, delivered orders and offboardings, which apply the rules
        # (storage by country, serials per company); where they are moves with movements.
        return False

    def has_delete_permission(self, request, obj=None):
        return False  # a record of what the company owns and where it went

    def save_model(self, request, obj, form, change):
        # What the page changed goes through the service PATCH /hardwares/{id} calls: the same
        # refusals (a serial number taken in the company, raised to RefusalsOnSaveAdmin with
        # nothing saved), the order line's serialNumbers following, the company told
        # (hardware.updated). Never the whole row loaded for the page: that could undo a
        # movement's landing made meanwhile. updatedAt moves even when only a note was added.
        if form.changed_data:
            changes = {name: form.cleaned_data[name] for name in form.changed_data}
            hardware_correct(company=obj.company, hardware_id=obj.pk, changes=changes)
        else:  # a note added: the item's answer shows its notes
            obj.save(update_fields=["updated_at"])

    def save_formset(self, request, form, formset, change):
        # A note written here is signed by the staff user who wrote it.
        for note in formset.save(commit=False):
            note.author_email = note.author_email or request.user.email or request.user.username
            note.save()
        formset.save_m2m()


@admin.register(HardwareType)
class HardwareTypeAdmin(admin.ModelAdmin):
    list_display = ["name", "order_only", "image"]
    search_fields = ["name"]


@admin.register(Storage)
class StorageAdmin(AuditedAdmin):
    list_display = ["country_code", "created_at"]
    search_fields = ["country_code"]
