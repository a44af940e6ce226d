-- AlterEnum
ALTER TYPE "OutboundStatus" ADD VALUE 'withdrawn';

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "remind_next_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "outbound_messages" ADD COLUMN     "chat_message_id" TEXT;

-- CreateTable
CREATE TABLE "message_attachments" (
    "firm_id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "message_attachments_pkey" PRIMARY KEY ("firm_id","message_id","document_id")
);

-- CreateIndex
CREATE INDEX "message_attachments_firm_id_document_id_idx" ON "message_attachments"("firm_id", "document_id");

-- CreateIndex
CREATE INDEX "outbound_messages_firm_id_chat_message_id_idx" ON "outbound_messages"("firm_id", "chat_message_id");

-- AddForeignKey
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_firm_id_fkey" FOREIGN KEY ("firm_id") REFERENCES "firms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_firm_id_message_id_fkey" FOREIGN KEY ("firm_id", "message_id") REFERENCES "messages"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_firm_id_document_id_fkey" FOREIGN KEY ("firm_id", "document_id") REFERENCES "documents"("firm_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ─── Firm isolation (added by db:new for every new table with a firm_id) ───

-- Firm isolation: message_attachments
GRANT SELECT, INSERT, UPDATE, DELETE ON "message_attachments" TO portal_app;
ALTER TABLE "message_attachments" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "message_attachments" FORCE ROW LEVEL SECURITY;
CREATE POLICY firm_isolation ON "message_attachments" USING ("firm_id" = current_setting('app.firm_id', true)) WITH CHECK ("firm_id" = current_setting('app.firm_id', true));

-- Hand-written: auto-remind. A message sent with auto-remind is re-announced to the other side
-- every 3 days for a month while nobody replies (app/conversations/auto-remind.server.ts). A
-- periodic job finds the firms with a reminder due through a SECURITY DEFINER function that
-- returns only firm ids; each firm's messages are then claimed in that firm's scope
-- (FOR UPDATE SKIP LOCKED).

-- Due rows only: the job reads a small index, however many messages exist.
CREATE INDEX "messages_remind_next_at_idx" ON "messages" ("remind_next_at") WHERE "remind_next_at" IS NOT NULL;

-- The owner (the function's definer) may read messages with a reminder pending, nothing else;
-- portal_app gains nothing.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY message_remind_sweep ON "messages" FOR SELECT TO %I USING ("remind_next_at" IS NOT NULL)', current_user);
END
$$;

-- Firms with a message reminder due at or before now, at most p_limit (1..1000).
CREATE FUNCTION portal_due_message_reminder_firms(p_limit integer) RETURNS TABLE (firm_id text)
  LANGUAGE sql STABLE SECURITY DEFINER
  AS $$
    SELECT m.firm_id
      FROM messages m
     WHERE m.remind_next_at IS NOT NULL AND m.remind_next_at <= now()
     GROUP BY m.firm_id
     ORDER BY min(m.remind_next_at), m.firm_id
     LIMIT least(greatest(coalesce(p_limit, 100), 1), 1000)
  $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION portal_due_message_reminder_firms(integer) SET search_path = %I, pg_temp', current_schema());
  REVOKE ALL ON FUNCTION portal_due_message_reminder_firms(integer) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION portal_due_message_reminder_firms(integer) TO portal_app;
END
$$;
