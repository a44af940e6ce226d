-- ─── Application role (hand-written) ───
-- The app connects with the migrating user's URL and switches to portal_app on every connection.
-- portal_app cannot log in, does not bypass row-level security and owns nothing. Roles are
-- cluster-wide: tolerate a role made by another database of the same cluster (tests), or by a
-- concurrent migration.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
    BEGIN
      CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app' AND (rolsuper OR rolbypassrls OR rolcanlogin)) THEN
    RAISE EXCEPTION 'Role portal_app exists but may log in or bypass row-level security; fix it before migrating.';
  END IF;
  -- Lets the migrating user (the URL's user) SET ROLE portal_app.
  IF NOT pg_has_role(current_user, 'portal_app', 'MEMBER') THEN
    EXECUTE format('GRANT portal_app TO %I', current_user);
  END IF;
END
$$;

DO $$ BEGIN EXECUTE format('GRANT USAGE ON SCHEMA %I TO portal_app', current_schema()); END $$;

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "UserKind" AS ENUM ('staff', 'client');

-- CreateEnum
CREATE TYPE "FirmAccess" AS ENUM ('partner', 'admin', 'full', 'group');

-- CreateEnum
CREATE TYPE "ContactMethod" AS ENUM ('email', 'sms');

-- CreateEnum
CREATE TYPE "SignInMethod" AS ENUM ('password', 'email', 'sms');

-- CreateEnum
CREATE TYPE "OwnerSpecialRole" AS ENUM ('taxpayer', 'spouse', 'none');

-- CreateEnum
CREATE TYPE "QuestionType" AS ENUM ('boolean', 'select', 'upload', 'multiple', 'entries', 'password', 'date', 'text', 'textarea');

-- CreateEnum
CREATE TYPE "SpecialAnswer" AS ENUM ('not_applicable', 'provided_elsewhere', 'marked_completed');

-- CreateEnum
CREATE TYPE "DepositStatus" AS ENUM ('paid', 'marked_paid', 'payment_pending', 'pending', 'unpaid');

-- CreateEnum
CREATE TYPE "ScheduleFrequency" AS ENUM ('once', 'weekly', 'monthly', 'month_end', 'month_start', 'quarterly', 'yearly');

-- CreateEnum
CREATE TYPE "DocumentItemType" AS ENUM ('file', 'folder');

-- CreateEnum
CREATE TYPE "ExtractedDocumentStatus" AS ENUM ('processing', 'identify_failed', 'identify_succeeded', 'split_succeeded', 'split_failed', 'review_required', 'analysis_succeeded');

-- CreateEnum
CREATE TYPE "TaxReturnStatus" AS ENUM ('action_required', 'error', 'finished', 'invoice_paid', 'processing', 'sending', 'sent', 'signed', 'draft', 'change_requested', 'approved', 'completed', 'paid', 'importing');

-- CreateEnum
CREATE TYPE "TaxReturnDraftStatus" AS ENUM ('draft', 'approved', 'change_requested');

-- CreateEnum
CREATE TYPE "IdentityVerificationStatus" AS ENUM ('not_started', 'requires_input', 'processing', 'verified', 'canceled', 'failed');

-- CreateEnum
CREATE TYPE "SignatureRequestStatus" AS ENUM ('sending', 'sent', 'signed', 'completed', 'error', 'processing', 'action_required');

-- CreateEnum
CREATE TYPE "MessageTag" AS ENUM ('general', 'urgent', 'emergency');

-- CreateEnum
CREATE TYPE "OutboundChannel" AS ENUM ('email', 'sms');

-- CreateEnum
CREATE TYPE "OutboundStatus" AS ENUM ('queued', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "SignInTokenPurpose" AS ENUM ('sign_in_link', 'verification_code', 'password_reset', 'email_confirmation', 'handoff');

-- CreateEnum
CREATE TYPE "ImportFileType" AS ENUM ('client_list', 'staff_list', 'zipped_rollover_items', 'other_document', 'rollover_items_import');

-- CreateEnum
CREATE TYPE "ClientListType" AS ENUM ('individuals', 'entities');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('pending', 'processing', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "ExportFormat" AS ENUM ('pdf', 'spreadsheet', 'zip', 'scan_and_auto_flow', 'csv');

-- CreateTable
CREATE TABLE "firms" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "custom_domain" TEXT,
    "time_zone" TEXT NOT NULL DEFAULT 'Pacific Time (US & Canada)',
    "theme_name" TEXT NOT NULL DEFAULT 'default',
    "brand_color" TEXT,
    "logo_key" TEXT,
    "support_email" TEXT,
    "questionnaire_reminder_frequency_days" INTEGER NOT NULL DEFAULT 7,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "firms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firm_preferences" (
    "firm_id" TEXT NOT NULL,
    "new_tax_return_delivery_enabled" BOOLEAN NOT NULL DEFAULT false,
    "communication_disabled" BOOLEAN NOT NULL DEFAULT false,
    "custom_element_enabled" BOOLEAN NOT NULL DEFAULT false,
    "custom_elements" TEXT,
    "force_2fa_on_users" BOOLEAN NOT NULL DEFAULT false,
    "disable_provided_elsewhere" BOOLEAN NOT NULL DEFAULT false,
    "disable_folder_action" BOOLEAN NOT NULL DEFAULT false,
    "disable_file_edit_action" BOOLEAN NOT NULL DEFAULT false,
    "hide_document_uploads_within_sections" BOOLEAN NOT NULL DEFAULT false,
    "first_section_required" BOOLEAN NOT NULL DEFAULT false,
    "require_one_signature_per_section" BOOLEAN NOT NULL DEFAULT false,
    "hide_signature_print_option" BOOLEAN NOT NULL DEFAULT false,
    "hide_documents_view_from_clients" BOOLEAN NOT NULL DEFAULT false,
    "message_tags_disabled" BOOLEAN NOT NULL DEFAULT false,
    "remove_please_upload_for_rollover_items" BOOLEAN NOT NULL DEFAULT false,
    "disable_answer_later" BOOLEAN NOT NULL DEFAULT false,
    "folders_where_client_actions_disabled" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "has_firm_groups" BOOLEAN NOT NULL DEFAULT false,
    "review_and_export_enabled" BOOLEAN NOT NULL DEFAULT false,
    "external_entity_id_allowed" BOOLEAN NOT NULL DEFAULT false,
    "external_user_id_allowed" BOOLEAN NOT NULL DEFAULT false,
    "document_drop_off_enabled" BOOLEAN NOT NULL DEFAULT false,
    "bulk_upload_processor" BOOLEAN NOT NULL DEFAULT false,
    "parent_entity_relevant_questionnaire_statuses_enabled" BOOLEAN NOT NULL DEFAULT false,
    "use_firm_roles" BOOLEAN NOT NULL DEFAULT false,
    "signature_requests_enabled" BOOLEAN NOT NULL DEFAULT false,
    "all_activities_enabled" BOOLEAN NOT NULL DEFAULT false,
    "drop_link_enabled" BOOLEAN NOT NULL DEFAULT false,
    "tour_enabled" BOOLEAN NOT NULL DEFAULT false,
    "template_disabled_for_nonadmin" BOOLEAN NOT NULL DEFAULT false,
    "in_app_banner_enabled" BOOLEAN NOT NULL DEFAULT false,
    "in_app_banner_text" TEXT,
    "document_tags_enabled" BOOLEAN NOT NULL DEFAULT false,
    "annotation_enabled" BOOLEAN NOT NULL DEFAULT false,
    "billing_enabled" BOOLEAN NOT NULL DEFAULT false,
    "scan_and_auto_flow_export_enabled" BOOLEAN NOT NULL DEFAULT false,
    "export_to_third_party_dms_enabled" BOOLEAN NOT NULL DEFAULT false,
    "export_to_platforms" BOOLEAN NOT NULL DEFAULT false,
    "custom_document_export_order" BOOLEAN NOT NULL DEFAULT false,
    "document_export_order" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tax_return_identity_verification_enabled" BOOLEAN NOT NULL DEFAULT false,
    "individual_entity_type_blocked" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "firm_preferences_pkey" PRIMARY KEY ("firm_id")
);

-- CreateTable
CREATE TABLE "firm_vocabs" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "key_word" TEXT NOT NULL,
    "replacement" TEXT NOT NULL,
    "description" TEXT,

    CONSTRAINT "firm_vocabs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firm_groups" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "firm_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firm_entity_types" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "firm_entity_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_tags" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "contact_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "entity_tags" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "entity_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_tags" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "document_tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_contact_tags" (
    "firm_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "tag_id" TEXT NOT NULL,

    CONSTRAINT "user_contact_tags_pkey" PRIMARY KEY ("firm_id","user_id","tag_id")
);

-- CreateTable
CREATE TABLE "company_entity_tags" (
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "tag_id" TEXT NOT NULL,

    CONSTRAINT "company_entity_tags_pkey" PRIMARY KEY ("firm_id","company_id","tag_id")
);

-- CreateTable
CREATE TABLE "document_tag_assignments" (
    "firm_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "tag_id" TEXT NOT NULL,

    CONSTRAINT "document_tag_assignments_pkey" PRIMARY KEY ("firm_id","document_id","tag_id")
);

-- CreateTable
CREATE TABLE "firm_custom_statuses" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "firm_user_display_status" TEXT NOT NULL,
    "client_display_status" TEXT NOT NULL,
    "client_instruction" TEXT,
    "email_subject" TEXT,
    "email_message" TEXT,
    "sms_message" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "firm_custom_statuses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firm_roles" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "role_name" TEXT NOT NULL,
    "permission_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],

    CONSTRAINT "firm_roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firm_role_assignments" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "firm_role_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "firm_role_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "kind" "UserKind" NOT NULL,
    "email" TEXT,
    "work_email" TEXT,
    "fname" TEXT NOT NULL,
    "lname" TEXT NOT NULL,
    "preferred_name" TEXT,
    "phone_number" TEXT,
    "work_phone_number" TEXT,
    "work_phone_extension" TEXT,
    "preferred_contact_method" "ContactMethod" NOT NULL DEFAULT 'email',
    "preferred_sign_in_method" "SignInMethod",
    "time_zone" TEXT NOT NULL DEFAULT 'Pacific Time (US & Canada)',
    "enabled_2fa" BOOLEAN NOT NULL DEFAULT false,
    "password_hash" TEXT,
    "set_password_required" BOOLEAN NOT NULL DEFAULT false,
    "firm_access" "FirmAccess",
    "is_advisor" BOOLEAN NOT NULL DEFAULT false,
    "assigned_advisor_id" TEXT,
    "firm_group_id" TEXT,
    "default_company_id" TEXT,
    "paying" BOOLEAN NOT NULL DEFAULT true,
    "readonly_access" BOOLEAN NOT NULL DEFAULT false,
    "external_user_id" TEXT,
    "has_temp_email" BOOLEAN NOT NULL DEFAULT false,
    "tax_return_name" TEXT,
    "out_of_office" BOOLEAN NOT NULL DEFAULT false,
    "out_of_office_message" TEXT,
    "daily_notification_enabled" BOOLEAN NOT NULL DEFAULT false,
    "failed_sign_in_count" INTEGER NOT NULL DEFAULT 0,
    "sign_in_locked_until" TIMESTAMPTZ(3),
    "last_sign_in_at" TIMESTAMPTZ(3),
    "tour_completed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "linked_accounts" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "linked_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "companies" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "hash_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "business_email" TEXT,
    "other_email" TEXT,
    "street" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "country" TEXT NOT NULL DEFAULT 'US',
    "ein" TEXT,
    "fax" TEXT,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "paying" BOOLEAN NOT NULL DEFAULT true,
    "readonly_access" BOOLEAN NOT NULL DEFAULT false,
    "external_entity_id" TEXT,
    "tax_return_id" TEXT,
    "primary_owner_id" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_owners" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "special_role" "OwnerSpecialRole" NOT NULL DEFAULT 'none',
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_owners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_notification_subscriptions" (
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "notification_type_id" INTEGER NOT NULL,

    CONSTRAINT "owner_notification_subscriptions_pkey" PRIMARY KEY ("firm_id","company_id","user_id","notification_type_id")
);

-- CreateTable
CREATE TABLE "entity_notification_subscriptions" (
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "notification_type_id" INTEGER NOT NULL,

    CONSTRAINT "entity_notification_subscriptions_pkey" PRIMARY KEY ("firm_id","company_id","user_id","notification_type_id")
);

-- CreateTable
CREATE TABLE "notes" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "questionnaire_id" TEXT,
    "author_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaires" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "template_id" TEXT,
    "template_scheduler_id" TEXT,
    "relevant_questionnaire_id" TEXT,
    "name" TEXT NOT NULL,
    "formatted_name" TEXT,
    "tax_year" INTEGER NOT NULL,
    "due_date" DATE,
    "is_draft" BOOLEAN NOT NULL DEFAULT false,
    "is_open_item" BOOLEAN NOT NULL DEFAULT false,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "completed" BOOLEAN NOT NULL DEFAULT false,
    "in_progress" BOOLEAN NOT NULL DEFAULT false,
    "opened_at" TIMESTAMPTZ(3),
    "current_section_id" TEXT,
    "firm_custom_status_id" TEXT,
    "track_changes" BOOLEAN NOT NULL DEFAULT false,
    "deposit_required" BOOLEAN NOT NULL DEFAULT false,
    "deposit_status" "DepositStatus",
    "deposit_amount_cents" INTEGER,
    "disclaimer" TEXT,
    "document_drop_off_enabled" BOOLEAN NOT NULL DEFAULT false,
    "document_path" TEXT,
    "update_profile_section" BOOLEAN NOT NULL DEFAULT false,
    "profile_updated_at" TIMESTAMPTZ(3),
    "show_uploads_as_document_checklist" BOOLEAN NOT NULL DEFAULT false,
    "document_popout_checklist_enabled" BOOLEAN NOT NULL DEFAULT false,
    "all_owner_signature_required" BOOLEAN NOT NULL DEFAULT false,
    "include_prior_year_items" BOOLEAN NOT NULL DEFAULT false,
    "reminders_disabled" BOOLEAN NOT NULL DEFAULT false,
    "earliest_remind_date" DATE,
    "last_reminded_at" TIMESTAMPTZ(3),
    "last_followed_up_at" TIMESTAMPTZ(3),
    "reminder_email_subject" TEXT,
    "reminder_email_message" TEXT,
    "reminder_in_app_message" TEXT,
    "reminder_sms_message" TEXT,
    "scheduled_send_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "last_activity" TEXT,
    "last_activity_at" TIMESTAMPTZ(3),
    "submitted_at" TIMESTAMPTZ(3),
    "first_doc_uploaded_at" TIMESTAMPTZ(3),
    "created_by_id" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "questionnaires_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sections" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "questionnaire_id" TEXT NOT NULL,
    "section_key" TEXT,
    "section_type" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "instruction" TEXT,
    "custom_element" TEXT,
    "marked_completed" BOOLEAN NOT NULL DEFAULT false,
    "trigger_question_id" TEXT,
    "trigger_answer" TEXT,
    "document_id" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questions" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "questionnaire_id" TEXT NOT NULL,
    "section_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "question_type" "QuestionType" NOT NULL,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "answer" TEXT,
    "answer_by" DATE,
    "special_answer" "SpecialAnswer",
    "answered_by_id" TEXT,
    "answered_at" TIMESTAMPTZ(3),
    "optional" BOOLEAN NOT NULL DEFAULT false,
    "number_of_characters" INTEGER,
    "disable_answer_later" BOOLEAN NOT NULL DEFAULT false,
    "disable_not_applicable" BOOLEAN NOT NULL DEFAULT false,
    "document_link" TEXT,
    "prior_year_value" TEXT,
    "uploaded_last_year" BOOLEAN NOT NULL DEFAULT false,
    "follow_up_question_id" TEXT,
    "trigger_for_follow_up_question" TEXT,
    "rollover_line_item_id" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "questions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "question_entries" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "question_id" TEXT NOT NULL,
    "entry_number" INTEGER NOT NULL,
    "field" TEXT NOT NULL,
    "value" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "question_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "question_comments" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "question_id" TEXT NOT NULL,
    "author_id" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "removed" BOOLEAN NOT NULL DEFAULT false,
    "from_firm_user" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "question_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engagement_signatures" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "section_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "user_name" TEXT NOT NULL,
    "signature" TEXT,
    "signed_at" TIMESTAMPTZ(3),
    "client_time" TEXT,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "not_needed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "engagement_signatures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaire_templates" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "hash_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "is_canned" BOOLEAN NOT NULL DEFAULT false,
    "canned_key" TEXT,
    "firm_group_id" TEXT,
    "disclaimer" TEXT,
    "created_by_id" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "questionnaire_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_sections" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "template_id" TEXT NOT NULL,
    "section_key" TEXT,
    "section_type" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tab" TEXT,
    "instruction" TEXT,
    "custom_element" TEXT,
    "trigger_question_id" TEXT,
    "trigger_answer" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "template_sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_questions" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "template_id" TEXT NOT NULL,
    "section_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "question_type" "QuestionType" NOT NULL,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "optional" BOOLEAN NOT NULL DEFAULT false,
    "number_of_characters" INTEGER,
    "disable_answer_later" BOOLEAN NOT NULL DEFAULT false,
    "disable_not_applicable" BOOLEAN NOT NULL DEFAULT false,
    "document_link" TEXT,
    "follow_up_question_id" TEXT,
    "trigger_for_follow_up_question" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "template_questions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_schedulers" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "template_id" TEXT NOT NULL,
    "frequency" "ScheduleFrequency" NOT NULL DEFAULT 'once',
    "first_scheduled_date" DATE NOT NULL,
    "next_run_at" TIMESTAMPTZ(3),
    "last_run_at" TIMESTAMPTZ(3),
    "tax_year" INTEGER NOT NULL,
    "due_date" DATE,
    "days_until_due" INTEGER,
    "include_prior_year_items" BOOLEAN NOT NULL DEFAULT false,
    "show_uploads_as_document_checklist" BOOLEAN NOT NULL DEFAULT false,
    "all_owner_signature_required" BOOLEAN NOT NULL DEFAULT false,
    "deposit_required" BOOLEAN NOT NULL DEFAULT false,
    "deposit_amount_cents" INTEGER,
    "update_profile_section" BOOLEAN NOT NULL DEFAULT false,
    "batch_sending" BOOLEAN NOT NULL DEFAULT false,
    "batch_reminder" BOOLEAN NOT NULL DEFAULT false,
    "document_popout_checklist_enabled" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "template_schedulers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_scheduler_companies" (
    "firm_id" TEXT NOT NULL,
    "scheduler_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,

    CONSTRAINT "template_scheduler_companies_pkey" PRIMARY KEY ("firm_id","scheduler_id","company_id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "item_type" "DocumentItemType" NOT NULL DEFAULT 'file',
    "path" TEXT NOT NULL DEFAULT '/',
    "name" TEXT NOT NULL,
    "storage_key" TEXT,
    "size_bytes" BIGINT,
    "content_type" TEXT,
    "description" TEXT,
    "password_protected" BOOLEAN NOT NULL DEFAULT false,
    "questionnaire_id" TEXT,
    "question_id" TEXT,
    "extracted_document_id" TEXT,
    "uploaded_by_id" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "extracted_documents" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "questionnaire_id" TEXT,
    "source_document_id" TEXT,
    "name" TEXT,
    "detailed_name" TEXT,
    "description" TEXT,
    "status" "ExtractedDocumentStatus" NOT NULL DEFAULT 'processing',
    "source" TEXT,
    "page_count" INTEGER,
    "parent_document_id" TEXT,
    "parent_pages" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "differentiator" TEXT,
    "document_type" TEXT,
    "marked_as_others" BOOLEAN NOT NULL DEFAULT false,
    "categorized_by_ai" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "extracted_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_returns" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "tax_year" INTEGER NOT NULL,
    "tax_return_name" TEXT NOT NULL,
    "status" "TaxReturnStatus" NOT NULL DEFAULT 'processing',
    "draft_status" "TaxReturnDraftStatus",
    "draft_comment" TEXT,
    "storage_key" TEXT,
    "watermarked_file_key" TEXT,
    "previous_tax_return_id" TEXT,
    "invoice_amount_cents" INTEGER,
    "invoice_paid" BOOLEAN NOT NULL DEFAULT false,
    "reminder_disabled" BOOLEAN NOT NULL DEFAULT false,
    "last_reminder_sent_at" TIMESTAMPTZ(3),
    "last_signed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tax_returns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "e_sign_forms" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "tax_return_id" TEXT NOT NULL,
    "form_id" TEXT NOT NULL,
    "custom_form_name" TEXT,
    "custom_payment_name" TEXT,
    "pages" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "wet_signatures_required" BOOLEAN NOT NULL DEFAULT false,
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "e_sign_forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "e_sign_form_signatures" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "e_sign_form_id" TEXT NOT NULL,
    "signer_id" TEXT NOT NULL,
    "signature_data" TEXT,
    "wet_signature_key" TEXT,
    "signed_at" TIMESTAMPTZ(3),
    "ip_address" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "e_sign_form_signatures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_vouchers" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "tax_return_id" TEXT NOT NULL,
    "voucher_id" TEXT NOT NULL,
    "custom_payment_name" TEXT,
    "amount_cents" INTEGER NOT NULL,
    "is_paid" BOOLEAN NOT NULL DEFAULT false,
    "is_due_asap" BOOLEAN NOT NULL DEFAULT false,
    "due_date" DATE,

    CONSTRAINT "payment_vouchers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_return_signers" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "tax_return_id" TEXT NOT NULL,
    "user_id" TEXT,
    "fname" TEXT NOT NULL,
    "lname" TEXT NOT NULL,
    "email" TEXT,

    CONSTRAINT "tax_return_signers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "identity_verifications" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "tax_return_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "status" "IdentityVerificationStatus" NOT NULL DEFAULT 'not_started',
    "error_code" TEXT,
    "error_description" TEXT,
    "provider_session_id" TEXT,
    "session_created_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "identity_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "signature_requests" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "tax_year" INTEGER NOT NULL,
    "form_name" TEXT NOT NULL,
    "source" TEXT,
    "storage_key" TEXT,
    "signed_document_key" TEXT,
    "signed_pages_only" BOOLEAN NOT NULL DEFAULT false,
    "status" "SignatureRequestStatus" NOT NULL DEFAULT 'processing',
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "signature_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversations" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "last_message_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conversation_companies" (
    "firm_id" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,

    CONSTRAINT "conversation_companies_pkey" PRIMARY KEY ("firm_id","conversation_id","company_id")
);

-- CreateTable
CREATE TABLE "conversation_participants" (
    "firm_id" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "is_firm_user" BOOLEAN NOT NULL DEFAULT false,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conversation_participants_pkey" PRIMARY KEY ("firm_id","conversation_id","user_id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "conversation_id" TEXT NOT NULL,
    "author_id" TEXT,
    "text" TEXT NOT NULL,
    "is_firm_user" BOOLEAN NOT NULL DEFAULT false,
    "thread_id" TEXT,
    "tag" "MessageTag" NOT NULL DEFAULT 'general',
    "scheduled_at" TIMESTAMPTZ(3),
    "is_edited" BOOLEAN NOT NULL DEFAULT false,
    "is_log" BOOLEAN NOT NULL DEFAULT false,
    "auto_remind" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_seen" (
    "firm_id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_seen_pkey" PRIMARY KEY ("firm_id","message_id","user_id")
);

-- CreateTable
CREATE TABLE "activity_logs" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "type_id" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "company_id" TEXT,
    "questionnaire_id" TEXT,
    "tax_return_id" TEXT,
    "actor_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activity_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "type_id" INTEGER,
    "text" TEXT NOT NULL,
    "link" TEXT,
    "client_name" TEXT,
    "company_id" TEXT,
    "dismissed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prior_year_items" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "source" TEXT,
    "do_not_rollover" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prior_year_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rollover_line_items" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "prior_year_item_id" TEXT,
    "year" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "removable" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rollover_line_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "drop_links" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "hash_id" TEXT NOT NULL,
    "name" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "path" TEXT NOT NULL DEFAULT '/Drop Link',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drop_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "drop_link_recipients" (
    "firm_id" TEXT NOT NULL,
    "drop_link_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,

    CONSTRAINT "drop_link_recipients_pkey" PRIMARY KEY ("firm_id","drop_link_id","user_id")
);

-- CreateTable
CREATE TABLE "document_drop_off_requests" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "questionnaire_id" TEXT,
    "name" TEXT NOT NULL DEFAULT 'Document Checklist',
    "tax_year" INTEGER NOT NULL,
    "due_date" DATE,
    "days_until_due" INTEGER NOT NULL DEFAULT 14,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "is_draft" BOOLEAN NOT NULL DEFAULT false,
    "sent_at" TIMESTAMPTZ(3),
    "created_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_drop_off_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbound_messages" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "user_id" TEXT,
    "channel" "OutboundChannel" NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT,
    "body" TEXT NOT NULL,
    "html" TEXT,
    "status" "OutboundStatus" NOT NULL DEFAULT 'queued',
    "provider_message_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbound_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_in_tokens" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "purpose" "SignInTokenPurpose" NOT NULL,
    "channel" "OutboundChannel",
    "token_hash" TEXT NOT NULL,
    "redirect_to" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "two_factor_verified_at" TIMESTAMPTZ(3),
    "user_agent" TEXT,
    "ip" TEXT,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_jobs" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "file_type" "ImportFileType" NOT NULL,
    "client_list_type" "ClientListType",
    "tax_software" TEXT,
    "year" INTEGER,
    "assigned_firm_user_id" TEXT,
    "document_name" TEXT,
    "document_type" TEXT,
    "comment" TEXT,
    "file_name" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "export_jobs" (
    "id" TEXT NOT NULL,
    "firm_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "format" "ExportFormat" NOT NULL,
    "subject_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "save_as_name" TEXT,
    "status" "JobStatus" NOT NULL DEFAULT 'pending',
    "storage_key" TEXT,
    "error" TEXT,
    "requested_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "export_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "firms_slug_key" ON "firms"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "firms_custom_domain_key" ON "firms"("custom_domain");

-- CreateIndex
CREATE UNIQUE INDEX "firm_vocabs_firm_id_key_word_key" ON "firm_vocabs"("firm_id", "key_word");

-- CreateIndex
CREATE UNIQUE INDEX "firm_vocabs_firm_id_id_key" ON "firm_vocabs"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_groups_firm_id_id_key" ON "firm_groups"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_groups_firm_id_name_key" ON "firm_groups"("firm_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "firm_entity_types_firm_id_id_key" ON "firm_entity_types"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_entity_types_firm_id_name_key" ON "firm_entity_types"("firm_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "contact_tags_firm_id_id_key" ON "contact_tags"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "contact_tags_firm_id_name_key" ON "contact_tags"("firm_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "entity_tags_firm_id_id_key" ON "entity_tags"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "entity_tags_firm_id_name_key" ON "entity_tags"("firm_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "document_tags_firm_id_id_key" ON "document_tags"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "document_tags_firm_id_name_key" ON "document_tags"("firm_id", "name");

-- CreateIndex
CREATE INDEX "user_contact_tags_firm_id_tag_id_idx" ON "user_contact_tags"("firm_id", "tag_id");

-- CreateIndex
CREATE INDEX "company_entity_tags_firm_id_tag_id_idx" ON "company_entity_tags"("firm_id", "tag_id");

-- CreateIndex
CREATE INDEX "document_tag_assignments_firm_id_tag_id_idx" ON "document_tag_assignments"("firm_id", "tag_id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_custom_statuses_firm_id_id_key" ON "firm_custom_statuses"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_roles_firm_id_id_key" ON "firm_roles"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_roles_firm_id_role_name_key" ON "firm_roles"("firm_id", "role_name");

-- CreateIndex
CREATE INDEX "firm_role_assignments_firm_id_user_id_idx" ON "firm_role_assignments"("firm_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_role_assignments_firm_id_id_key" ON "firm_role_assignments"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "firm_role_assignments_firm_id_company_id_user_id_firm_role__key" ON "firm_role_assignments"("firm_id", "company_id", "user_id", "firm_role_id");

-- CreateIndex
CREATE INDEX "users_firm_id_kind_idx" ON "users"("firm_id", "kind");

-- CreateIndex
CREATE INDEX "users_firm_id_assigned_advisor_id_idx" ON "users"("firm_id", "assigned_advisor_id");

-- CreateIndex
CREATE INDEX "users_firm_id_firm_group_id_idx" ON "users"("firm_id", "firm_group_id");

-- CreateIndex
CREATE INDEX "users_firm_id_external_user_id_idx" ON "users"("firm_id", "external_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_firm_id_id_key" ON "users"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "users_firm_id_email_key" ON "users"("firm_id", "email");

-- CreateIndex
CREATE INDEX "linked_accounts_firm_id_user_id_idx" ON "linked_accounts"("firm_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "linked_accounts_firm_id_provider_provider_account_id_key" ON "linked_accounts"("firm_id", "provider", "provider_account_id");

-- CreateIndex
CREATE INDEX "companies_firm_id_primary_owner_id_idx" ON "companies"("firm_id", "primary_owner_id");

-- CreateIndex
CREATE INDEX "companies_firm_id_name_idx" ON "companies"("firm_id", "name");

-- CreateIndex
CREATE INDEX "companies_firm_id_external_entity_id_idx" ON "companies"("firm_id", "external_entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "companies_firm_id_id_key" ON "companies"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "companies_firm_id_hash_id_key" ON "companies"("firm_id", "hash_id");

-- CreateIndex
CREATE INDEX "company_owners_firm_id_user_id_idx" ON "company_owners"("firm_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "company_owners_firm_id_id_key" ON "company_owners"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "company_owners_firm_id_company_id_user_id_key" ON "company_owners"("firm_id", "company_id", "user_id");

-- CreateIndex
CREATE INDEX "entity_notification_subscriptions_firm_id_user_id_idx" ON "entity_notification_subscriptions"("firm_id", "user_id");

-- CreateIndex
CREATE INDEX "notes_firm_id_company_id_idx" ON "notes"("firm_id", "company_id");

-- CreateIndex
CREATE INDEX "notes_firm_id_questionnaire_id_idx" ON "notes"("firm_id", "questionnaire_id");

-- CreateIndex
CREATE UNIQUE INDEX "notes_firm_id_id_key" ON "notes"("firm_id", "id");

-- CreateIndex
CREATE INDEX "questionnaires_firm_id_company_id_tax_year_idx" ON "questionnaires"("firm_id", "company_id", "tax_year");

-- CreateIndex
CREATE INDEX "questionnaires_firm_id_last_activity_at_idx" ON "questionnaires"("firm_id", "last_activity_at");

-- CreateIndex
CREATE INDEX "questionnaires_firm_id_due_date_idx" ON "questionnaires"("firm_id", "due_date");

-- CreateIndex
CREATE INDEX "questionnaires_firm_id_template_id_idx" ON "questionnaires"("firm_id", "template_id");

-- CreateIndex
CREATE UNIQUE INDEX "questionnaires_firm_id_id_key" ON "questionnaires"("firm_id", "id");

-- CreateIndex
CREATE INDEX "sections_firm_id_questionnaire_id_order_idx" ON "sections"("firm_id", "questionnaire_id", "order");

-- CreateIndex
CREATE UNIQUE INDEX "sections_firm_id_id_key" ON "sections"("firm_id", "id");

-- CreateIndex
CREATE INDEX "questions_firm_id_section_id_order_idx" ON "questions"("firm_id", "section_id", "order");

-- CreateIndex
CREATE INDEX "questions_firm_id_questionnaire_id_idx" ON "questions"("firm_id", "questionnaire_id");

-- CreateIndex
CREATE UNIQUE INDEX "questions_firm_id_id_key" ON "questions"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "question_entries_firm_id_question_id_entry_number_field_key" ON "question_entries"("firm_id", "question_id", "entry_number", "field");

-- CreateIndex
CREATE INDEX "question_comments_firm_id_question_id_idx" ON "question_comments"("firm_id", "question_id");

-- CreateIndex
CREATE UNIQUE INDEX "question_comments_firm_id_id_key" ON "question_comments"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "engagement_signatures_firm_id_id_key" ON "engagement_signatures"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "engagement_signatures_firm_id_section_id_user_id_key" ON "engagement_signatures"("firm_id", "section_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "questionnaire_templates_firm_id_id_key" ON "questionnaire_templates"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "questionnaire_templates_firm_id_hash_id_key" ON "questionnaire_templates"("firm_id", "hash_id");

-- CreateIndex
CREATE INDEX "template_sections_firm_id_template_id_order_idx" ON "template_sections"("firm_id", "template_id", "order");

-- CreateIndex
CREATE UNIQUE INDEX "template_sections_firm_id_id_key" ON "template_sections"("firm_id", "id");

-- CreateIndex
CREATE INDEX "template_questions_firm_id_section_id_order_idx" ON "template_questions"("firm_id", "section_id", "order");

-- CreateIndex
CREATE INDEX "template_questions_firm_id_template_id_idx" ON "template_questions"("firm_id", "template_id");

-- CreateIndex
CREATE UNIQUE INDEX "template_questions_firm_id_id_key" ON "template_questions"("firm_id", "id");

-- CreateIndex
CREATE INDEX "template_schedulers_firm_id_next_run_at_idx" ON "template_schedulers"("firm_id", "next_run_at");

-- CreateIndex
CREATE UNIQUE INDEX "template_schedulers_firm_id_id_key" ON "template_schedulers"("firm_id", "id");

-- CreateIndex
CREATE INDEX "template_scheduler_companies_firm_id_company_id_idx" ON "template_scheduler_companies"("firm_id", "company_id");

-- CreateIndex
CREATE INDEX "documents_firm_id_company_id_path_idx" ON "documents"("firm_id", "company_id", "path");

-- CreateIndex
CREATE INDEX "documents_firm_id_questionnaire_id_idx" ON "documents"("firm_id", "questionnaire_id");

-- CreateIndex
CREATE UNIQUE INDEX "documents_firm_id_id_key" ON "documents"("firm_id", "id");

-- CreateIndex
CREATE INDEX "extracted_documents_firm_id_company_id_created_at_idx" ON "extracted_documents"("firm_id", "company_id", "created_at");

-- CreateIndex
CREATE INDEX "extracted_documents_firm_id_questionnaire_id_idx" ON "extracted_documents"("firm_id", "questionnaire_id");

-- CreateIndex
CREATE UNIQUE INDEX "extracted_documents_firm_id_id_key" ON "extracted_documents"("firm_id", "id");

-- CreateIndex
CREATE INDEX "tax_returns_firm_id_company_id_tax_year_idx" ON "tax_returns"("firm_id", "company_id", "tax_year");

-- CreateIndex
CREATE INDEX "tax_returns_firm_id_updated_at_idx" ON "tax_returns"("firm_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "tax_returns_firm_id_id_key" ON "tax_returns"("firm_id", "id");

-- CreateIndex
CREATE INDEX "e_sign_forms_firm_id_tax_return_id_idx" ON "e_sign_forms"("firm_id", "tax_return_id");

-- CreateIndex
CREATE UNIQUE INDEX "e_sign_forms_firm_id_id_key" ON "e_sign_forms"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "e_sign_form_signatures_firm_id_e_sign_form_id_signer_id_key" ON "e_sign_form_signatures"("firm_id", "e_sign_form_id", "signer_id");

-- CreateIndex
CREATE INDEX "payment_vouchers_firm_id_tax_return_id_idx" ON "payment_vouchers"("firm_id", "tax_return_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_vouchers_firm_id_id_key" ON "payment_vouchers"("firm_id", "id");

-- CreateIndex
CREATE INDEX "tax_return_signers_firm_id_tax_return_id_idx" ON "tax_return_signers"("firm_id", "tax_return_id");

-- CreateIndex
CREATE UNIQUE INDEX "tax_return_signers_firm_id_id_key" ON "tax_return_signers"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "identity_verifications_firm_id_tax_return_id_user_id_key" ON "identity_verifications"("firm_id", "tax_return_id", "user_id");

-- CreateIndex
CREATE INDEX "signature_requests_firm_id_company_id_idx" ON "signature_requests"("firm_id", "company_id");

-- CreateIndex
CREATE INDEX "signature_requests_firm_id_updated_at_idx" ON "signature_requests"("firm_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "signature_requests_firm_id_id_key" ON "signature_requests"("firm_id", "id");

-- CreateIndex
CREATE INDEX "conversations_firm_id_last_message_at_idx" ON "conversations"("firm_id", "last_message_at");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_firm_id_id_key" ON "conversations"("firm_id", "id");

-- CreateIndex
CREATE INDEX "conversation_companies_firm_id_company_id_idx" ON "conversation_companies"("firm_id", "company_id");

-- CreateIndex
CREATE INDEX "conversation_participants_firm_id_user_id_idx" ON "conversation_participants"("firm_id", "user_id");

-- CreateIndex
CREATE INDEX "messages_firm_id_conversation_id_created_at_idx" ON "messages"("firm_id", "conversation_id", "created_at");

-- CreateIndex
CREATE INDEX "messages_firm_id_thread_id_idx" ON "messages"("firm_id", "thread_id");

-- CreateIndex
CREATE UNIQUE INDEX "messages_firm_id_id_key" ON "messages"("firm_id", "id");

-- CreateIndex
CREATE INDEX "message_seen_firm_id_user_id_idx" ON "message_seen"("firm_id", "user_id");

-- CreateIndex
CREATE INDEX "activity_logs_firm_id_company_id_created_at_idx" ON "activity_logs"("firm_id", "company_id", "created_at");

-- CreateIndex
CREATE INDEX "activity_logs_firm_id_questionnaire_id_created_at_idx" ON "activity_logs"("firm_id", "questionnaire_id", "created_at");

-- CreateIndex
CREATE INDEX "activity_logs_firm_id_tax_return_id_idx" ON "activity_logs"("firm_id", "tax_return_id");

-- CreateIndex
CREATE INDEX "activity_logs_firm_id_created_at_idx" ON "activity_logs"("firm_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_firm_id_user_id_created_at_idx" ON "notifications"("firm_id", "user_id", "created_at");

-- CreateIndex
CREATE INDEX "prior_year_items_firm_id_company_id_year_idx" ON "prior_year_items"("firm_id", "company_id", "year");

-- CreateIndex
CREATE UNIQUE INDEX "prior_year_items_firm_id_id_key" ON "prior_year_items"("firm_id", "id");

-- CreateIndex
CREATE INDEX "rollover_line_items_firm_id_company_id_year_idx" ON "rollover_line_items"("firm_id", "company_id", "year");

-- CreateIndex
CREATE UNIQUE INDEX "rollover_line_items_firm_id_id_key" ON "rollover_line_items"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "drop_links_firm_id_id_key" ON "drop_links"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "drop_links_firm_id_hash_id_key" ON "drop_links"("firm_id", "hash_id");

-- CreateIndex
CREATE INDEX "document_drop_off_requests_firm_id_company_id_idx" ON "document_drop_off_requests"("firm_id", "company_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_drop_off_requests_firm_id_id_key" ON "document_drop_off_requests"("firm_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "document_drop_off_requests_firm_id_token_hash_key" ON "document_drop_off_requests"("firm_id", "token_hash");

-- CreateIndex
CREATE INDEX "outbound_messages_firm_id_status_next_attempt_at_idx" ON "outbound_messages"("firm_id", "status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "outbound_messages_firm_id_created_at_idx" ON "outbound_messages"("firm_id", "created_at");

-- CreateIndex
CREATE INDEX "sign_in_tokens_firm_id_user_id_purpose_idx" ON "sign_in_tokens"("firm_id", "user_id", "purpose");

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_tokens_firm_id_token_hash_key" ON "sign_in_tokens"("firm_id", "token_hash");

-- CreateIndex
CREATE INDEX "sessions_firm_id_user_id_idx" ON "sessions"("firm_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_firm_id_id_key" ON "sessions"("firm_id", "id");

-- CreateIndex
CREATE INDEX "import_jobs_firm_id_created_at_idx" ON "import_jobs"("firm_id", "created_at");

-- CreateIndex
CREATE INDEX "export_jobs_firm_id_created_at_idx" ON "export_jobs"("firm_id", "created_at");

-- AddForeignKey
ALTER TABLE "firm_preferences" ADD CONSTRAINT "firm_preferences_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_vocabs" ADD CONSTRAINT "firm_vocabs_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_groups" ADD CONSTRAINT "firm_groups_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_entity_types" ADD CONSTRAINT "firm_entity_types_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "entity_tags" ADD CONSTRAINT "entity_tags_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_tags" ADD CONSTRAINT "document_tags_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_contact_tags" ADD CONSTRAINT "user_contact_tags_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_contact_tags" ADD CONSTRAINT "user_contact_tags_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_contact_tags" ADD CONSTRAINT "user_contact_tags_firm_id_tag_id_fkey" FOREIGN KEY ("firm_id", "tag_id") REFERENCES "contact_tags"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_entity_tags" ADD CONSTRAINT "company_entity_tags_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_entity_tags" ADD CONSTRAINT "company_entity_tags_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_entity_tags" ADD CONSTRAINT "company_entity_tags_firm_id_tag_id_fkey" FOREIGN KEY ("firm_id", "tag_id") REFERENCES "entity_tags"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_tag_assignments" ADD CONSTRAINT "document_tag_assignments_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_tag_assignments" ADD CONSTRAINT "document_tag_assignments_firm_id_document_id_fkey" FOREIGN KEY ("firm_id", "document_id") REFERENCES "documents"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_tag_assignments" ADD CONSTRAINT "document_tag_assignments_firm_id_tag_id_fkey" FOREIGN KEY ("firm_id", "tag_id") REFERENCES "document_tags"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_custom_statuses" ADD CONSTRAINT "firm_custom_statuses_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_roles" ADD CONSTRAINT "firm_roles_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_role_assignments" ADD CONSTRAINT "firm_role_assignments_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_role_assignments" ADD CONSTRAINT "firm_role_assignments_firm_id_firm_role_id_fkey" FOREIGN KEY ("firm_id", "firm_role_id") REFERENCES "firm_roles"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_role_assignments" ADD CONSTRAINT "firm_role_assignments_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "firm_role_assignments" ADD CONSTRAINT "firm_role_assignments_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_firm_id_assigned_advisor_id_fkey" FOREIGN KEY ("firm_id", "assigned_advisor_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_firm_id_firm_group_id_fkey" FOREIGN KEY ("firm_id", "firm_group_id") REFERENCES "firm_groups"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_firm_id_default_company_id_fkey" FOREIGN KEY ("firm_id", "default_company_id") REFERENCES "companies"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "companies" ADD CONSTRAINT "companies_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "companies" ADD CONSTRAINT "companies_firm_id_primary_owner_id_fkey" FOREIGN KEY ("firm_id", "primary_owner_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_owners" ADD CONSTRAINT "company_owners_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_owners" ADD CONSTRAINT "company_owners_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_owners" ADD CONSTRAINT "company_owners_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_notification_subscriptions" ADD CONSTRAINT "owner_notification_subscriptions_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_notification_subscriptions" ADD CONSTRAINT "owner_notification_subscriptions_firm_id_company_id_user_i_fkey" FOREIGN KEY ("firm_id", "company_id", "user_id") REFERENCES "company_owners"("firm_id", "company_id", "user_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "entity_notification_subscriptions" ADD CONSTRAINT "entity_notification_subscriptions_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "entity_notification_subscriptions" ADD CONSTRAINT "entity_notification_subscriptions_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "entity_notification_subscriptions" ADD CONSTRAINT "entity_notification_subscriptions_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_firm_id_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notes" ADD CONSTRAINT "notes_firm_id_author_id_fkey" FOREIGN KEY ("firm_id", "author_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_firm_id_template_id_fkey" FOREIGN KEY ("firm_id", "template_id") REFERENCES "questionnaire_templates"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_firm_id_template_scheduler_id_fkey" FOREIGN KEY ("firm_id", "template_scheduler_id") REFERENCES "template_schedulers"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_firm_id_relevant_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "relevant_questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_firm_id_firm_custom_status_id_fkey" FOREIGN KEY ("firm_id", "firm_custom_status_id") REFERENCES "firm_custom_statuses"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_firm_id_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_firm_id_trigger_question_id_fkey" FOREIGN KEY ("firm_id", "trigger_question_id") REFERENCES "questions"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sections" ADD CONSTRAINT "sections_firm_id_document_id_fkey" FOREIGN KEY ("firm_id", "document_id") REFERENCES "documents"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_firm_id_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_firm_id_section_id_fkey" FOREIGN KEY ("firm_id", "section_id") REFERENCES "sections"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_firm_id_follow_up_question_id_fkey" FOREIGN KEY ("firm_id", "follow_up_question_id") REFERENCES "questions"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_firm_id_rollover_line_item_id_fkey" FOREIGN KEY ("firm_id", "rollover_line_item_id") REFERENCES "rollover_line_items"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_entries" ADD CONSTRAINT "question_entries_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_entries" ADD CONSTRAINT "question_entries_firm_id_question_id_fkey" FOREIGN KEY ("firm_id", "question_id") REFERENCES "questions"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_firm_id_question_id_fkey" FOREIGN KEY ("firm_id", "question_id") REFERENCES "questions"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_firm_id_author_id_fkey" FOREIGN KEY ("firm_id", "author_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagement_signatures" ADD CONSTRAINT "engagement_signatures_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagement_signatures" ADD CONSTRAINT "engagement_signatures_firm_id_section_id_fkey" FOREIGN KEY ("firm_id", "section_id") REFERENCES "sections"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagement_signatures" ADD CONSTRAINT "engagement_signatures_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaire_templates" ADD CONSTRAINT "questionnaire_templates_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaire_templates" ADD CONSTRAINT "questionnaire_templates_firm_id_firm_group_id_fkey" FOREIGN KEY ("firm_id", "firm_group_id") REFERENCES "firm_groups"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_sections" ADD CONSTRAINT "template_sections_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_sections" ADD CONSTRAINT "template_sections_firm_id_template_id_fkey" FOREIGN KEY ("firm_id", "template_id") REFERENCES "questionnaire_templates"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_sections" ADD CONSTRAINT "template_sections_firm_id_trigger_question_id_fkey" FOREIGN KEY ("firm_id", "trigger_question_id") REFERENCES "template_questions"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_questions" ADD CONSTRAINT "template_questions_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_questions" ADD CONSTRAINT "template_questions_firm_id_template_id_fkey" FOREIGN KEY ("firm_id", "template_id") REFERENCES "questionnaire_templates"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_questions" ADD CONSTRAINT "template_questions_firm_id_section_id_fkey" FOREIGN KEY ("firm_id", "section_id") REFERENCES "template_sections"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_questions" ADD CONSTRAINT "template_questions_firm_id_follow_up_question_id_fkey" FOREIGN KEY ("firm_id", "follow_up_question_id") REFERENCES "template_questions"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_schedulers" ADD CONSTRAINT "template_schedulers_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_schedulers" ADD CONSTRAINT "template_schedulers_firm_id_template_id_fkey" FOREIGN KEY ("firm_id", "template_id") REFERENCES "questionnaire_templates"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_scheduler_companies" ADD CONSTRAINT "template_scheduler_companies_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_scheduler_companies" ADD CONSTRAINT "template_scheduler_companies_firm_id_scheduler_id_fkey" FOREIGN KEY ("firm_id", "scheduler_id") REFERENCES "template_schedulers"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_scheduler_companies" ADD CONSTRAINT "template_scheduler_companies_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_question_id_fkey" FOREIGN KEY ("firm_id", "question_id") REFERENCES "questions"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_extracted_document_id_fkey" FOREIGN KEY ("firm_id", "extracted_document_id") REFERENCES "extracted_documents"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extracted_documents" ADD CONSTRAINT "extracted_documents_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extracted_documents" ADD CONSTRAINT "extracted_documents_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extracted_documents" ADD CONSTRAINT "extracted_documents_firm_id_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extracted_documents" ADD CONSTRAINT "extracted_documents_firm_id_source_document_id_fkey" FOREIGN KEY ("firm_id", "source_document_id") REFERENCES "documents"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extracted_documents" ADD CONSTRAINT "extracted_documents_firm_id_parent_document_id_fkey" FOREIGN KEY ("firm_id", "parent_document_id") REFERENCES "extracted_documents"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_returns" ADD CONSTRAINT "tax_returns_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_returns" ADD CONSTRAINT "tax_returns_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_returns" ADD CONSTRAINT "tax_returns_firm_id_previous_tax_return_id_fkey" FOREIGN KEY ("firm_id", "previous_tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "e_sign_forms" ADD CONSTRAINT "e_sign_forms_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "e_sign_forms" ADD CONSTRAINT "e_sign_forms_firm_id_tax_return_id_fkey" FOREIGN KEY ("firm_id", "tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "e_sign_form_signatures" ADD CONSTRAINT "e_sign_form_signatures_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "e_sign_form_signatures" ADD CONSTRAINT "e_sign_form_signatures_firm_id_e_sign_form_id_fkey" FOREIGN KEY ("firm_id", "e_sign_form_id") REFERENCES "e_sign_forms"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "e_sign_form_signatures" ADD CONSTRAINT "e_sign_form_signatures_firm_id_signer_id_fkey" FOREIGN KEY ("firm_id", "signer_id") REFERENCES "tax_return_signers"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_firm_id_tax_return_id_fkey" FOREIGN KEY ("firm_id", "tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_return_signers" ADD CONSTRAINT "tax_return_signers_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_return_signers" ADD CONSTRAINT "tax_return_signers_firm_id_tax_return_id_fkey" FOREIGN KEY ("firm_id", "tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_return_signers" ADD CONSTRAINT "tax_return_signers_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_firm_id_tax_return_id_fkey" FOREIGN KEY ("firm_id", "tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_companies" ADD CONSTRAINT "conversation_companies_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_companies" ADD CONSTRAINT "conversation_companies_firm_id_conversation_id_fkey" FOREIGN KEY ("firm_id", "conversation_id") REFERENCES "conversations"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_companies" ADD CONSTRAINT "conversation_companies_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_firm_id_conversation_id_fkey" FOREIGN KEY ("firm_id", "conversation_id") REFERENCES "conversations"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_firm_id_conversation_id_fkey" FOREIGN KEY ("firm_id", "conversation_id") REFERENCES "conversations"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_firm_id_author_id_fkey" FOREIGN KEY ("firm_id", "author_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_firm_id_thread_id_fkey" FOREIGN KEY ("firm_id", "thread_id") REFERENCES "messages"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_seen" ADD CONSTRAINT "message_seen_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_seen" ADD CONSTRAINT "message_seen_firm_id_message_id_fkey" FOREIGN KEY ("firm_id", "message_id") REFERENCES "messages"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_seen" ADD CONSTRAINT "message_seen_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_firm_id_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_firm_id_tax_return_id_fkey" FOREIGN KEY ("firm_id", "tax_return_id") REFERENCES "tax_returns"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prior_year_items" ADD CONSTRAINT "prior_year_items_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prior_year_items" ADD CONSTRAINT "prior_year_items_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rollover_line_items" ADD CONSTRAINT "rollover_line_items_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rollover_line_items" ADD CONSTRAINT "rollover_line_items_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rollover_line_items" ADD CONSTRAINT "rollover_line_items_firm_id_prior_year_item_id_fkey" FOREIGN KEY ("firm_id", "prior_year_item_id") REFERENCES "prior_year_items"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drop_links" ADD CONSTRAINT "drop_links_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drop_link_recipients" ADD CONSTRAINT "drop_link_recipients_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drop_link_recipients" ADD CONSTRAINT "drop_link_recipients_firm_id_drop_link_id_fkey" FOREIGN KEY ("firm_id", "drop_link_id") REFERENCES "drop_links"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drop_link_recipients" ADD CONSTRAINT "drop_link_recipients_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_drop_off_requests" ADD CONSTRAINT "document_drop_off_requests_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_drop_off_requests" ADD CONSTRAINT "document_drop_off_requests_firm_id_company_id_fkey" FOREIGN KEY ("firm_id", "company_id") REFERENCES "companies"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_drop_off_requests" ADD CONSTRAINT "document_drop_off_requests_firm_id_questionnaire_id_fkey" FOREIGN KEY ("firm_id", "questionnaire_id") REFERENCES "questionnaires"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_firm_id_user_id_fkey" FOREIGN KEY ("firm_id", "user_id") REFERENCES "users"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ─── Firm isolation (added by db:new for every new table with a firm_id) ───

-- Firm isolation: firms
GRANT SELECT, INSERT, UPDATE, DELETE ON "firms" TO portal_app;
ALTER TABLE "firms" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firms" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firms" USING ("id" = current_setting('app.firm_id', true)) WITH CHECK ("id" = current_setting('app.firm_id', true));

-- Firm isolation: firm_preferences
GRANT SELECT, INSERT, UPDATE, DELETE ON "firm_preferences" TO portal_app;
ALTER TABLE "firm_preferences" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firm_preferences" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firm_preferences" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: firm_vocabs
GRANT SELECT, INSERT, UPDATE, DELETE ON "firm_vocabs" TO portal_app;
ALTER TABLE "firm_vocabs" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firm_vocabs" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firm_vocabs" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: firm_groups
GRANT SELECT, INSERT, UPDATE, DELETE ON "firm_groups" TO portal_app;
ALTER TABLE "firm_groups" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firm_groups" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firm_groups" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: firm_entity_types
GRANT SELECT, INSERT, UPDATE, DELETE ON "firm_entity_types" TO portal_app;
ALTER TABLE "firm_entity_types" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firm_entity_types" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firm_entity_types" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: contact_tags
GRANT SELECT, INSERT, UPDATE, DELETE ON "contact_tags" TO portal_app;
ALTER TABLE "contact_tags" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "contact_tags" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "contact_tags" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: entity_tags
GRANT SELECT, INSERT, UPDATE, DELETE ON "entity_tags" TO portal_app;
ALTER TABLE "entity_tags" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "entity_tags" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "entity_tags" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: document_tags
GRANT SELECT, INSERT, UPDATE, DELETE ON "document_tags" TO portal_app;
ALTER TABLE "document_tags" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "document_tags" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "document_tags" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: user_contact_tags
GRANT SELECT, INSERT, UPDATE, DELETE ON "user_contact_tags" TO portal_app;
ALTER TABLE "user_contact_tags" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "user_contact_tags" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "user_contact_tags" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: company_entity_tags
GRANT SELECT, INSERT, UPDATE, DELETE ON "company_entity_tags" TO portal_app;
ALTER TABLE "company_entity_tags" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "company_entity_tags" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "company_entity_tags" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: document_tag_assignments
GRANT SELECT, INSERT, UPDATE, DELETE ON "document_tag_assignments" TO portal_app;
ALTER TABLE "document_tag_assignments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "document_tag_assignments" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "document_tag_assignments" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: firm_custom_statuses
GRANT SELECT, INSERT, UPDATE, DELETE ON "firm_custom_statuses" TO portal_app;
ALTER TABLE "firm_custom_statuses" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firm_custom_statuses" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firm_custom_statuses" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: firm_roles
GRANT SELECT, INSERT, UPDATE, DELETE ON "firm_roles" TO portal_app;
ALTER TABLE "firm_roles" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firm_roles" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firm_roles" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: firm_role_assignments
GRANT SELECT, INSERT, UPDATE, DELETE ON "firm_role_assignments" TO portal_app;
ALTER TABLE "firm_role_assignments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "firm_role_assignments" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "firm_role_assignments" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: users
GRANT SELECT, INSERT, UPDATE, DELETE ON "users" TO portal_app;
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "users" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: linked_accounts
GRANT SELECT, INSERT, UPDATE, DELETE ON "linked_accounts" TO portal_app;
ALTER TABLE "linked_accounts" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "linked_accounts" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "linked_accounts" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: companies
GRANT SELECT, INSERT, UPDATE, DELETE ON "companies" TO portal_app;
ALTER TABLE "companies" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "companies" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "companies" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: company_owners
GRANT SELECT, INSERT, UPDATE, DELETE ON "company_owners" TO portal_app;
ALTER TABLE "company_owners" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "company_owners" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "company_owners" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: owner_notification_subscriptions
GRANT SELECT, INSERT, UPDATE, DELETE ON "owner_notification_subscriptions" TO portal_app;
ALTER TABLE "owner_notification_subscriptions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "owner_notification_subscriptions" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "owner_notification_subscriptions" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: entity_notification_subscriptions
GRANT SELECT, INSERT, UPDATE, DELETE ON "entity_notification_subscriptions" TO portal_app;
ALTER TABLE "entity_notification_subscriptions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "entity_notification_subscriptions" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "entity_notification_subscriptions" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: notes
GRANT SELECT, INSERT, UPDATE, DELETE ON "notes" TO portal_app;
ALTER TABLE "notes" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "notes" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "notes" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: questionnaires
GRANT SELECT, INSERT, UPDATE, DELETE ON "questionnaires" TO portal_app;
ALTER TABLE "questionnaires" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "questionnaires" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "questionnaires" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: sections
GRANT SELECT, INSERT, UPDATE, DELETE ON "sections" TO portal_app;
ALTER TABLE "sections" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "sections" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "sections" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: questions
GRANT SELECT, INSERT, UPDATE, DELETE ON "questions" TO portal_app;
ALTER TABLE "questions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "questions" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "questions" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: question_entries
GRANT SELECT, INSERT, UPDATE, DELETE ON "question_entries" TO portal_app;
ALTER TABLE "question_entries" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "question_entries" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "question_entries" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: question_comments
GRANT SELECT, INSERT, UPDATE, DELETE ON "question_comments" TO portal_app;
ALTER TABLE "question_comments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "question_comments" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "question_comments" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: engagement_signatures
GRANT SELECT, INSERT, UPDATE, DELETE ON "engagement_signatures" TO portal_app;
ALTER TABLE "engagement_signatures" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "engagement_signatures" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "engagement_signatures" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: questionnaire_templates
GRANT SELECT, INSERT, UPDATE, DELETE ON "questionnaire_templates" TO portal_app;
ALTER TABLE "questionnaire_templates" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "questionnaire_templates" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "questionnaire_templates" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: template_sections
GRANT SELECT, INSERT, UPDATE, DELETE ON "template_sections" TO portal_app;
ALTER TABLE "template_sections" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "template_sections" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "template_sections" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: template_questions
GRANT SELECT, INSERT, UPDATE, DELETE ON "template_questions" TO portal_app;
ALTER TABLE "template_questions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "template_questions" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "template_questions" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: template_schedulers
GRANT SELECT, INSERT, UPDATE, DELETE ON "template_schedulers" TO portal_app;
ALTER TABLE "template_schedulers" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "template_schedulers" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "template_schedulers" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: template_scheduler_companies
GRANT SELECT, INSERT, UPDATE, DELETE ON "template_scheduler_companies" TO portal_app;
ALTER TABLE "template_scheduler_companies" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "template_scheduler_companies" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "template_scheduler_companies" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: documents
GRANT SELECT, INSERT, UPDATE, DELETE ON "documents" TO portal_app;
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "documents" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "documents" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: extracted_documents
GRANT SELECT, INSERT, UPDATE, DELETE ON "extracted_documents" TO portal_app;
ALTER TABLE "extracted_documents" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "extracted_documents" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "extracted_documents" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: tax_returns
GRANT SELECT, INSERT, UPDATE, DELETE ON "tax_returns" TO portal_app;
ALTER TABLE "tax_returns" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "tax_returns" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "tax_returns" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: e_sign_forms
GRANT SELECT, INSERT, UPDATE, DELETE ON "e_sign_forms" TO portal_app;
ALTER TABLE "e_sign_forms" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "e_sign_forms" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "e_sign_forms" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: e_sign_form_signatures
GRANT SELECT, INSERT, UPDATE, DELETE ON "e_sign_form_signatures" TO portal_app;
ALTER TABLE "e_sign_form_signatures" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "e_sign_form_signatures" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "e_sign_form_signatures" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: payment_vouchers
GRANT SELECT, INSERT, UPDATE, DELETE ON "payment_vouchers" TO portal_app;
ALTER TABLE "payment_vouchers" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "payment_vouchers" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "payment_vouchers" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: tax_return_signers
GRANT SELECT, INSERT, UPDATE, DELETE ON "tax_return_signers" TO portal_app;
ALTER TABLE "tax_return_signers" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "tax_return_signers" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "tax_return_signers" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: identity_verifications
GRANT SELECT, INSERT, UPDATE, DELETE ON "identity_verifications" TO portal_app;
ALTER TABLE "identity_verifications" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "identity_verifications" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "identity_verifications" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: signature_requests
GRANT SELECT, INSERT, UPDATE, DELETE ON "signature_requests" TO portal_app;
ALTER TABLE "signature_requests" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "signature_requests" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "signature_requests" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: conversations
GRANT SELECT, INSERT, UPDATE, DELETE ON "conversations" TO portal_app;
ALTER TABLE "conversations" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "conversations" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "conversations" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: conversation_companies
GRANT SELECT, INSERT, UPDATE, DELETE ON "conversation_companies" TO portal_app;
ALTER TABLE "conversation_companies" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "conversation_companies" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "conversation_companies" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: conversation_participants
GRANT SELECT, INSERT, UPDATE, DELETE ON "conversation_participants" TO portal_app;
ALTER TABLE "conversation_participants" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "conversation_participants" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "conversation_participants" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: messages
GRANT SELECT, INSERT, UPDATE, DELETE ON "messages" TO portal_app;
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "messages" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "messages" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: message_seen
GRANT SELECT, INSERT, UPDATE, DELETE ON "message_seen" TO portal_app;
ALTER TABLE "message_seen" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "message_seen" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "message_seen" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: activity_logs
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_logs" TO portal_app;
ALTER TABLE "activity_logs" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "activity_logs" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "activity_logs" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: notifications
GRANT SELECT, INSERT, UPDATE, DELETE ON "notifications" TO portal_app;
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "notifications" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "notifications" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: prior_year_items
GRANT SELECT, INSERT, UPDATE, DELETE ON "prior_year_items" TO portal_app;
ALTER TABLE "prior_year_items" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "prior_year_items" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "prior_year_items" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: rollover_line_items
GRANT SELECT, INSERT, UPDATE, DELETE ON "rollover_line_items" TO portal_app;
ALTER TABLE "rollover_line_items" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "rollover_line_items" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "rollover_line_items" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: drop_links
GRANT SELECT, INSERT, UPDATE, DELETE ON "drop_links" TO portal_app;
ALTER TABLE "drop_links" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "drop_links" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "drop_links" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: drop_link_recipients
GRANT SELECT, INSERT, UPDATE, DELETE ON "drop_link_recipients" TO portal_app;
ALTER TABLE "drop_link_recipients" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "drop_link_recipients" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "drop_link_recipients" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: document_drop_off_requests
GRANT SELECT, INSERT, UPDATE, DELETE ON "document_drop_off_requests" TO portal_app;
ALTER TABLE "document_drop_off_requests" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "document_drop_off_requests" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "document_drop_off_requests" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: outbound_messages
GRANT SELECT, INSERT, UPDATE, DELETE ON "outbound_messages" TO portal_app;
ALTER TABLE "outbound_messages" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "outbound_messages" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "outbound_messages" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: sign_in_tokens
GRANT SELECT, INSERT, UPDATE, DELETE ON "sign_in_tokens" TO portal_app;
ALTER TABLE "sign_in_tokens" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "sign_in_tokens" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "sign_in_tokens" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: sessions
GRANT SELECT, INSERT, UPDATE, DELETE ON "sessions" TO portal_app;
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "sessions" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "sessions" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: import_jobs
GRANT SELECT, INSERT, UPDATE, DELETE ON "import_jobs" TO portal_app;
ALTER TABLE "import_jobs" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "import_jobs" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "import_jobs" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Firm isolation: export_jobs
GRANT SELECT, INSERT, UPDATE, DELETE ON "export_jobs" TO portal_app;
ALTER TABLE "export_jobs" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "export_jobs" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "export_jobs" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- ─── Hand-written: stored-case rules ───
-- Look-ups compare lower-cased values: store them lower-cased.
ALTER TABLE "firms" ADD CONSTRAINT "firms_slug_lowercase" CHECK ("slug" = lower("slug"));
ALTER TABLE "firms" ADD CONSTRAINT "firms_custom_domain_lowercase" CHECK ("custom_domain" = lower("custom_domain"));
ALTER TABLE "users" ADD CONSTRAINT "users_email_lowercase" CHECK ("email" = lower("email"));

-- ─── Hand-written: look-ups before a firm is known ───
-- SECURITY DEFINER functions run as the migrating user (the tables' owner) and return only a firm
-- id or a yes/no. FORCE ROW LEVEL SECURITY applies to the owner too, so the owner gets a read-only
-- policy on firms (a superuser owner bypasses it anyway).
DO $$
BEGIN
  EXECUTE format('CREATE POLICY firm_directory ON "firms" FOR SELECT TO %I USING (true)', current_user);
END
$$;

CREATE FUNCTION portal_firm_by_slug(p_slug text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$ SELECT id FROM firms WHERE slug = lower(p_slug) $$;

CREATE FUNCTION portal_firm_by_domain(p_domain text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$ SELECT id FROM firms WHERE custom_domain = lower(p_domain) $$;

CREATE FUNCTION portal_subdomain_taken(p_slug text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$ SELECT EXISTS (SELECT 1 FROM firms WHERE slug = lower(p_slug)) $$;

-- Pin search_path to this schema (then pg_temp last), so nobody can shadow "firms".
DO $$
DECLARE fn text;
BEGIN
  FOREACH fn IN ARRAY ARRAY['portal_firm_by_slug(text)', 'portal_firm_by_domain(text)', 'portal_subdomain_taken(text)'] LOOP
    EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', fn, current_schema());
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', fn);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO portal_app', fn);
  END LOOP;
END
$$;

-- ─── Hand-written: firm cache invalidation ───
-- Every app server LISTENs on firm_changed and drops its copy of that firm's settings.
CREATE FUNCTION portal_notify_firm_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  row_data jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := to_jsonb(OLD); ELSE row_data := to_jsonb(NEW); END IF;
  PERFORM pg_notify('firm_changed', row_data ->> TG_ARGV[0]);
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (row_data ->> TG_ARGV[0]) THEN
    PERFORM pg_notify('firm_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER firms_notify_changed AFTER INSERT OR UPDATE OR DELETE ON "firms"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_firm_changed('id');
CREATE TRIGGER firm_preferences_notify_changed AFTER INSERT OR UPDATE OR DELETE ON "firm_preferences"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_firm_changed('firm_id');
CREATE TRIGGER firm_vocabs_notify_changed AFTER INSERT OR UPDATE OR DELETE ON "firm_vocabs"
  FOR EACH ROW EXECUTE FUNCTION portal_notify_firm_changed('firm_id');
