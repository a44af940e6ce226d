-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "notify_pending" BOOLEAN NOT NULL DEFAULT false;
