-- AlterTable
ALTER TABLE "firm_preferences" ADD COLUMN     "signature_requests_enabled" BOOLEAN NOT NULL DEFAULT false;
