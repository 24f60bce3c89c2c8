"""Contains all the data models used in inputs/outputs"""

from .alternative_group import AlternativeGroup
from .alternative_select_request import AlternativeSelectRequest
from .blank_enum import BlankEnum
from .brand_enum import BrandEnum
from .candidate import Candidate
from .catalog_item import CatalogItem
from .catalog_list_response_200 import CatalogListResponse200
from .catalog_list_response_200_envelop_item import CatalogListResponse200EnvelopItem
from .common_model import CommonModel
from .companies_create_response_201 import CompaniesCreateResponse201
from .companies_list_response_200 import CompaniesListResponse200
from .companies_update_response_200 import CompaniesUpdateResponse200
from .companies_webhook_secret_rotate_response_200 import CompaniesWebhookSecretRotateResponse200
from .companies_webhook_test_response_200 import CompaniesWebhookTestResponse200
from .company import Company
from .company_create_request import CompanyCreateRequest
from .company_input_request import CompanyInputRequest
from .company_name import CompanyName
from .company_source_enum import CompanySourceEnum
from .created_hardware import CreatedHardware
from .created_through_enum import CreatedThroughEnum
from .employee import Employee
from .employee_detail import EmployeeDetail
from .employee_hardware import EmployeeHardware
from .employee_profile import EmployeeProfile
from .employee_status_enum import EmployeeStatusEnum
from .employee_upsert_request import EmployeeUpsertRequest
from .employees_list_response_200 import EmployeesListResponse200
from .employees_list_status import EmployeesListStatus
from .employees_retrieve_response_200 import EmployeesRetrieveResponse200
from .employees_upsert_response_200 import EmployeesUpsertResponse200
from .error_envelope import ErrorEnvelope
from .event import Event
from .event_attempt import EventAttempt
from .event_data import EventData
from .event_delivery import EventDelivery
from .event_detail import EventDetail
from .event_detail_data import EventDetailData
from .event_redeliver_request import EventRedeliverRequest
from .events_list_response_200 import EventsListResponse200
from .events_redeliver_response_200 import EventsRedeliverResponse200
from .events_retrieve_response_200 import EventsRetrieveResponse200
from .extra_service_type_enum import ExtraServiceTypeEnum
from .field_error import FieldError
from .gateway_request_request import GatewayRequestRequest
from .gateway_request_request_filters import GatewayRequestRequestFilters
from .handled_by_enum import HandledByEnum
from .hardware import Hardware
from .hardware_create_request import HardwareCreateRequest
from .hardware_created import HardwareCreated
from .hardware_detail import HardwareDetail
from .hardware_movement import HardwareMovement
from .hardware_movement_status import HardwareMovementStatus
from .hardware_note import HardwareNote
from .hardware_status_enum import HardwareStatusEnum
from .hardware_summary import HardwareSummary
from .hardware_type_enum import HardwareTypeEnum
from .hardware_type_ref import HardwareTypeRef
from .hardwares_create_response_201 import HardwaresCreateResponse201
from .hardwares_list_response_200 import HardwaresListResponse200
from .hardwares_retrieve_response_200 import HardwaresRetrieveResponse200
from .hardwares_storages_list_response_200 import HardwaresStoragesListResponse200
from .line_removal_request import LineRemovalRequest
from .movement_employee_ref import MovementEmployeeRef
from .movement_employee_request import MovementEmployeeRequest
from .movement_person import MovementPerson
from .movement_request import MovementRequest
from .movement_request_advance_request import MovementRequestAdvanceRequest
from .movement_request_advance_status_enum import MovementRequestAdvanceStatusEnum
from .movement_request_reference import MovementRequestReference
from .movement_requests_list_response_200 import MovementRequestsListResponse200
from .movement_requests_list_type import MovementRequestsListType
from .movement_requests_offboarding_response_201 import MovementRequestsOffboardingResponse201
from .movement_requests_onboarding_response_201 import MovementRequestsOnboardingResponse201
from .movement_requests_retrieve_response_200 import MovementRequestsRetrieveResponse200
from .movement_status_enum import MovementStatusEnum
from .named_ref import NamedRef
from .new_hardware_request import NewHardwareRequest
from .note_author import NoteAuthor
from .offboarding_hardwares_request import OffboardingHardwaresRequest
from .offboarding_request import OffboardingRequest
from .onboarding_request import OnboardingRequest
from .order import Order
from .order_advance_request import OrderAdvanceRequest
from .order_advance_status_enum import OrderAdvanceStatusEnum
from .order_employee import OrderEmployee
from .order_line import OrderLine
from .order_ref_request import OrderRefRequest
from .order_send_to_enum import OrderSendToEnum
from .order_status import OrderStatus
from .order_status_enum import OrderStatusEnum
from .orders_alternatives_select_response_200 import OrdersAlternativesSelectResponse200
from .orders_cancel_response_200 import OrdersCancelResponse200
from .orders_confirm_response_200 import OrdersConfirmResponse200
from .orders_hardware_requests_remove_response_200 import OrdersHardwareRequestsRemoveResponse200
from .orders_list_response_200 import OrdersListResponse200
from .orders_quote_response_200 import OrdersQuoteResponse200
from .orders_quote_response_201 import OrdersQuoteResponse201
from .orders_retrieve_response_200 import OrdersRetrieveResponse200
from .patched_company_update_request import PatchedCompanyUpdateRequest
from .patched_lines_remove_request import PatchedLinesRemoveRequest
from .quote_company_request import QuoteCompanyRequest
from .quote_employee_request import QuoteEmployeeRequest
from .quote_line_request import QuoteLineRequest
from .quote_request import QuoteRequest
from .requester import Requester
from .reseller import Reseller
from .sandbox_movement_requests_advance_response_200 import SandboxMovementRequestsAdvanceResponse200
from .sandbox_orders_advance_response_200 import SandboxOrdersAdvanceResponse200
from .state_enum import StateEnum
from .status_change import StatusChange
from .storage_ref import StorageRef
from .type_enum import TypeEnum
from .webhook_secret import WebhookSecret

__all__ = (
    "AlternativeGroup",
    "AlternativeSelectRequest",
    "BlankEnum",
    "BrandEnum",
    "Candidate",
    "CatalogItem",
    "CatalogListResponse200",
    "CatalogListResponse200EnvelopItem",
    "CommonModel",
    "CompaniesCreateResponse201",
    "CompaniesListResponse200",
    "CompaniesUpdateResponse200",
    "CompaniesWebhookSecretRotateResponse200",
    "CompaniesWebhookTestResponse200",
    "Company",
    "CompanyCreateRequest",
    "CompanyInputRequest",
    "CompanyName",
    "CompanySourceEnum",
    "CreatedHardware",
    "CreatedThroughEnum",
    "Employee",
    "EmployeeDetail",
    "EmployeeHardware",
    "EmployeeProfile",
    "EmployeesListResponse200",
    "EmployeesListStatus",
    "EmployeesRetrieveResponse200",
    "EmployeeStatusEnum",
    "EmployeesUpsertResponse200",
    "EmployeeUpsertRequest",
    "ErrorEnvelope",
    "Event",
    "EventAttempt",
    "EventData",
    "EventDelivery",
    "EventDetail",
    "EventDetailData",
    "EventRedeliverRequest",
    "EventsListResponse200",
    "EventsRedeliverResponse200",
    "EventsRetrieveResponse200",
    "ExtraServiceTypeEnum",
    "FieldError",
    "GatewayRequestRequest",
    "GatewayRequestRequestFilters",
    "HandledByEnum",
    "Hardware",
    "HardwareCreated",
    "HardwareCreateRequest",
    "HardwareDetail",
    "HardwareMovement",
    "HardwareMovementStatus",
    "HardwareNote",
    "HardwaresCreateResponse201",
    "HardwaresListResponse200",
    "HardwaresRetrieveResponse200",
    "HardwaresStoragesListResponse200",
    "HardwareStatusEnum",
    "HardwareSummary",
    "HardwareTypeEnum",
    "HardwareTypeRef",
    "LineRemovalRequest",
    "MovementEmployeeRef",
    "MovementEmployeeRequest",
    "MovementPerson",
    "MovementRequest",
    "MovementRequestAdvanceRequest",
    "MovementRequestAdvanceStatusEnum",
    "MovementRequestReference",
    "MovementRequestsListResponse200",
    "MovementRequestsListType",
    "MovementRequestsOffboardingResponse201",
    "MovementRequestsOnboardingResponse201",
    "MovementRequestsRetrieveResponse200",
    "MovementStatusEnum",
    "NamedRef",
    "NewHardwareRequest",
    "NoteAuthor",
    "OffboardingHardwaresRequest",
    "OffboardingRequest",
    "OnboardingRequest",
    "Order",
    "OrderAdvanceRequest",
    "OrderAdvanceStatusEnum",
    "OrderEmployee",
    "OrderLine",
    "OrderRefRequest",
    "OrdersAlternativesSelectResponse200",
    "OrdersCancelResponse200",
    "OrdersConfirmResponse200",
    "OrderSendToEnum",
    "OrdersHardwareRequestsRemoveResponse200",
    "OrdersListResponse200",
    "OrdersQuoteResponse200",
    "OrdersQuoteResponse201",
    "OrdersRetrieveResponse200",
    "OrderStatus",
    "OrderStatusEnum",
    "PatchedCompanyUpdateRequest",
    "PatchedLinesRemoveRequest",
    "QuoteCompanyRequest",
    "QuoteEmployeeRequest",
    "QuoteLineRequest",
    "QuoteRequest",
    "Requester",
    "Reseller",
    "SandboxMovementRequestsAdvanceResponse200",
    "SandboxOrdersAdvanceResponse200",
    "StateEnum",
    "StatusChange",
    "StorageRef",
    "TypeEnum",
    "WebhookSecret",
)
