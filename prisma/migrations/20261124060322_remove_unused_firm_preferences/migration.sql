-- AlterTable
ALTER TABLE "firm_preferences" DROP COLUMN "all_activities_enabled",
DROP COLUMN "annotation_enabled",
DROP COLUMN "billing_enabled",
DROP COLUMN "custom_document_export_order",
DROP COLUMN "document_export_order",
DROP COLUMN "document_tags_enabled",
DROP COLUMN "export_to_platforms",
DROP COLUMN "export_to_third_party_dms_enabled",
DROP COLUMN "parent_entity_relevant_questionnaire_statuses_enabled",
DROP COLUMN "scan_and_auto_flow_export_enabled",
DROP COLUMN "signature_requests_enabled",
DROP COLUMN "tax_return_identity_verification_enabled",
DROP COLUMN "tour_enabled";
