from django.urls import path

from employees.api import views

urlpatterns = [
    path("employees", views.EmployeeListUpsertView.as_view(), name="employees"),
    path("employees/<str:employee_id>", views.EmployeeDetailView.as_view(), name="employee"),
]
