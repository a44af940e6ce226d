-- AlterTable
ALTER TABLE "firm_custom_statuses" ADD COLUMN     "color" TEXT NOT NULL DEFAULT 'brand';
