-- AlterTable
ALTER TABLE "firms" ADD COLUMN     "stripe_charges_enabled" BOOLEAN NOT NULL DEFAULT false;
