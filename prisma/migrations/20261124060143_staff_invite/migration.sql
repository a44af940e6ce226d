-- AlterEnum
ALTER TYPE "SignInTokenPurpose" ADD VALUE 'staff_invite';
