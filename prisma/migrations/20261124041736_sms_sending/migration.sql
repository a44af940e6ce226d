-- AlterEnum
ALTER TYPE "OutboundStatus" ADD VALUE 'sending';
