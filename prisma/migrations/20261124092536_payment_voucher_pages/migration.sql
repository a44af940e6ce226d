-- AlterTable
ALTER TABLE "payment_vouchers" ADD COLUMN     "pages" INTEGER[] DEFAULT ARRAY[]::INTEGER[];
