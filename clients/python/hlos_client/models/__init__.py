"""Contains all the data models used in inputs/outputs"""

from .alternative_group import AlternativeGroup
from .alternative_select_request import AlternativeSelectRequest
from .audit_action_enum import AuditActionEnum
from .audit_actor import AuditActor
from .audit_actor_type_type_0 import AuditActorTypeType0
from .audit_change import AuditChange
from .audit_event import AuditEvent
from .audit_event_changes import AuditEventChanges
from .audit_event_list import AuditEventList
from .audit_events_list_action import AuditEventsListAction
from .audit_events_list_actor_type import AuditEventsListActorType
from .audit_events_list_target_type import AuditEventsListTargetType
from .audit_parent import AuditParent
from .audit_source_enum import AuditSourceEnum
from .audit_target import AuditTarget
from .blank_enum import BlankEnum
from .brand import Brand
from .bulk_item_result import BulkItemResult
from .bulk_item_result_list import BulkItemResultList
from .bulk_item_result_status_enum import BulkItemResultStatusEnum
from .bulk_job import BulkJob
from .bulk_job_cancel_request import BulkJobCancelRequest
from .bulk_job_counts import BulkJobCounts
from .bulk_job_create_request import BulkJobCreateRequest
from .bulk_job_create_request_items_item import BulkJobCreateRequestItemsItem
from .bulk_job_error import BulkJobError
from .bulk_job_error_details_type_0_item import BulkJobErrorDetailsType0Item
from .bulk_job_list import BulkJobList
from .bulk_job_result import BulkJobResult
from .bulk_job_status_enum import BulkJobStatusEnum
from .bulk_jobs_results_status import BulkJobsResultsStatus
from .candidate import Candidate
from .carrier_enum import CarrierEnum
from .catalog_country_list import CatalogCountryList
from .catalog_country_list_envelop_item import CatalogCountryListEnvelopItem
from .catalog_item import CatalogItem
from .common_model import CommonModel
from .company import Company
from .company_create_request import CompanyCreateRequest
from .company_input_request import CompanyInputRequest
from .company_list import CompanyList
from .company_name import CompanyName
from .company_source_enum import CompanySourceEnum
from .company_update_request import CompanyUpdateRequest
from .created_hardware import CreatedHardware
from .created_through_enum import CreatedThroughEnum
from .direction_enum import DirectionEnum
from .employee import Employee
from .employee_detail import EmployeeDetail
from .employee_detail_list import EmployeeDetailList
from .employee_hardware import EmployeeHardware
from .employee_list import EmployeeList
from .employee_profile import EmployeeProfile
from .employee_result import EmployeeResult
from .employee_status_enum import EmployeeStatusEnum
from .employee_upsert_request import EmployeeUpsertRequest
from .employees_list_status import EmployeesListStatus
from .error_envelope import ErrorEnvelope
from .error_envelope_with_envelop import ErrorEnvelopeWithEnvelop
from .event import Event
from .event_attempt import EventAttempt
from .event_data import EventData
from .event_delivery import EventDelivery
from .event_detail import EventDetail
from .event_detail_data import EventDetailData
from .event_detail_list import EventDetailList
from .event_list import EventList
from .event_redeliver_request import EventRedeliverRequest
from .extra_service_type_enum import ExtraServiceTypeEnum
from .field_error import FieldError
from .gateway_request_request import GatewayRequestRequest
from .gateway_request_request_filters import GatewayRequestRequestFilters
from .gateway_result import GatewayResult
from .handled_by_enum import HandledByEnum
from .hardware import Hardware
from .hardware_create_request import HardwareCreateRequest
from .hardware_created import HardwareCreated
from .hardware_created_list import HardwareCreatedList
from .hardware_detail import HardwareDetail
from .hardware_detail_list import HardwareDetailList
from .hardware_list import HardwareList
from .hardware_movement import HardwareMovement
from .hardware_movement_status import HardwareMovementStatus
from .hardware_note import HardwareNote
from .hardware_reinstate_request import HardwareReinstateRequest
from .hardware_retire_request import HardwareRetireRequest
from .hardware_sandbox_wipe_request import HardwareSandboxWipeRequest
from .hardware_status_enum import HardwareStatusEnum
from .hardware_summary import HardwareSummary
from .hardware_type import HardwareType
from .hardware_type_ref import HardwareTypeRef
from .hardware_update_request import HardwareUpdateRequest
from .hardware_wipe import HardwareWipe
from .hardware_wipe_list import HardwareWipeList
from .hardwares_list_lifecycle import HardwaresListLifecycle
from .hardwares_storages_list_lifecycle import HardwaresStoragesListLifecycle
from .lifecycle_enum import LifecycleEnum
from .line_removal_request import LineRemovalRequest
from .lines_remove_request import LinesRemoveRequest
from .movement_employee_ref import MovementEmployeeRef
from .movement_employee_request import MovementEmployeeRequest
from .movement_person import MovementPerson
from .movement_request import MovementRequest
from .movement_request_advance_request import MovementRequestAdvanceRequest
from .movement_request_advance_status_enum import MovementRequestAdvanceStatusEnum
from .movement_request_list import MovementRequestList
from .movement_request_reference import MovementRequestReference
from .movement_requests_list_status import MovementRequestsListStatus
from .movement_requests_list_type import MovementRequestsListType
from .movement_status_enum import MovementStatusEnum
from .named_ref import NamedRef
from .new_hardware_request import NewHardwareRequest
from .note_author import NoteAuthor
from .offboarding_hardwares_request import OffboardingHardwaresRequest
from .offboarding_request import OffboardingRequest
from .onboarding_request import OnboardingRequest
from .operation_enum import OperationEnum
from .order import Order
from .order_advance_request import OrderAdvanceRequest
from .order_advance_status_enum import OrderAdvanceStatusEnum
from .order_employee import OrderEmployee
from .order_line import OrderLine
from .order_list import OrderList
from .order_ref_request import OrderRefRequest
from .order_send_to_enum import OrderSendToEnum
from .order_status import OrderStatus
from .order_status_enum import OrderStatusEnum
from .order_status_list import OrderStatusList
from .quote_company_request import QuoteCompanyRequest
from .quote_employee_request import QuoteEmployeeRequest
from .quote_line_request import QuoteLineRequest
from .quote_request import QuoteRequest
from .requester import Requester
from .reseller import Reseller
from .retired_reason_enum import RetiredReasonEnum
from .scenario_enum import ScenarioEnum
from .scim_token import ScimToken
from .scim_token_list import ScimTokenList
from .shipment import Shipment
from .shipment_event import ShipmentEvent
from .shipment_event_source_enum import ShipmentEventSourceEnum
from .shipment_list import ShipmentList
from .shipment_location import ShipmentLocation
from .shipment_record import ShipmentRecord
from .shipment_record_type_enum import ShipmentRecordTypeEnum
from .shipment_simulate_request import ShipmentSimulateRequest
from .shipment_status_enum import ShipmentStatusEnum
from .shipment_summary import ShipmentSummary
from .state_enum import StateEnum
from .status_change import StatusChange
from .storage_ref import StorageRef
from .type_enum import TypeEnum
from .webhook_secret import WebhookSecret
from .webhook_secret_list import WebhookSecretList
from .webhook_test import WebhookTest
from .wipe_method_enum import WipeMethodEnum

__all__ = (
    "AlternativeGroup",
    "AlternativeSelectRequest",
    "AuditActionEnum",
    "AuditActor",
    "AuditActorTypeType0",
    "AuditChange",
    "AuditEvent",
    "AuditEventChanges",
    "AuditEventList",
    "AuditEventsListAction",
    "AuditEventsListActorType",
    "AuditEventsListTargetType",
    "AuditParent",
    "AuditSourceEnum",
    "AuditTarget",
    "BlankEnum",
    "Brand",
    "BulkItemResult",
    "BulkItemResultList",
    "BulkItemResultStatusEnum",
    "BulkJob",
    "BulkJobCancelRequest",
    "BulkJobCounts",
    "BulkJobCreateRequest",
    "BulkJobCreateRequestItemsItem",
    "BulkJobError",
    "BulkJobErrorDetailsType0Item",
    "BulkJobList",
    "BulkJobResult",
    "BulkJobsResultsStatus",
    "BulkJobStatusEnum",
    "Candidate",
    "CarrierEnum",
    "CatalogCountryList",
    "CatalogCountryListEnvelopItem",
    "CatalogItem",
    "CommonModel",
    "Company",
    "CompanyCreateRequest",
    "CompanyInputRequest",
    "CompanyList",
    "CompanyName",
    "CompanySourceEnum",
    "CompanyUpdateRequest",
    "CreatedHardware",
    "CreatedThroughEnum",
    "DirectionEnum",
    "Employee",
    "EmployeeDetail",
    "EmployeeDetailList",
    "EmployeeHardware",
    "EmployeeList",
    "EmployeeProfile",
    "EmployeeResult",
    "EmployeesListStatus",
    "EmployeeStatusEnum",
    "EmployeeUpsertRequest",
    "ErrorEnvelope",
    "ErrorEnvelopeWithEnvelop",
    "Event",
    "EventAttempt",
    "EventData",
    "EventDelivery",
    "EventDetail",
    "EventDetailData",
    "EventDetailList",
    "EventList",
    "EventRedeliverRequest",
    "ExtraServiceTypeEnum",
    "FieldError",
    "GatewayRequestRequest",
    "GatewayRequestRequestFilters",
    "GatewayResult",
    "HandledByEnum",
    "Hardware",
    "HardwareCreated",
    "HardwareCreatedList",
    "HardwareCreateRequest",
    "HardwareDetail",
    "HardwareDetailList",
    "HardwareList",
    "HardwareMovement",
    "HardwareMovementStatus",
    "HardwareNote",
    "HardwareReinstateRequest",
    "HardwareRetireRequest",
    "HardwareSandboxWipeRequest",
    "HardwaresListLifecycle",
    "HardwaresStoragesListLifecycle",
    "HardwareStatusEnum",
    "HardwareSummary",
    "HardwareType",
    "HardwareTypeRef",
    "HardwareUpdateRequest",
    "HardwareWipe",
    "HardwareWipeList",
    "LifecycleEnum",
    "LineRemovalRequest",
    "LinesRemoveRequest",
    "MovementEmployeeRef",
    "MovementEmployeeRequest",
    "MovementPerson",
    "MovementRequest",
    "MovementRequestAdvanceRequest",
    "MovementRequestAdvanceStatusEnum",
    "MovementRequestList",
    "MovementRequestReference",
    "MovementRequestsListStatus",
    "MovementRequestsListType",
    "MovementStatusEnum",
    "NamedRef",
    "NewHardwareRequest",
    "NoteAuthor",
    "OffboardingHardwaresRequest",
    "OffboardingRequest",
    "OnboardingRequest",
    "OperationEnum",
    "Order",
    "OrderAdvanceRequest",
    "OrderAdvanceStatusEnum",
    "OrderEmployee",
    "OrderLine",
    "OrderList",
    "OrderRefRequest",
    "OrderSendToEnum",
    "OrderStatus",
    "OrderStatusEnum",
    "OrderStatusList",
    "QuoteCompanyRequest",
    "QuoteEmployeeRequest",
    "QuoteLineRequest",
    "QuoteRequest",
    "Requester",
    "Reseller",
    "RetiredReasonEnum",
    "ScenarioEnum",
    "ScimToken",
    "ScimTokenList",
    "Shipment",
    "ShipmentEvent",
    "ShipmentEventSourceEnum",
    "ShipmentList",
    "ShipmentLocation",
    "ShipmentRecord",
    "ShipmentRecordTypeEnum",
    "ShipmentSimulateRequest",
    "ShipmentStatusEnum",
    "ShipmentSummary",
    "StateEnum",
    "StatusChange",
    "StorageRef",
    "TypeEnum",
    "WebhookSecret",
    "WebhookSecretList",
    "WebhookTest",
    "WipeMethodEnum",
)
