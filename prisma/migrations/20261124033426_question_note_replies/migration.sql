-- AlterTable
ALTER TABLE "question_comments" ADD COLUMN     "notified_at" TIMESTAMPTZ(3),
ADD COLUMN     "reply_to_id" TEXT;

-- AddForeignKey
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_firm_id_reply_to_id_fkey" FOREIGN KEY ("firm_id", "reply_to_id") REFERENCES "question_comments"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
