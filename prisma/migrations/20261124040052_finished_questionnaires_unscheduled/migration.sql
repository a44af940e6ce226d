-- A submitted, completed, locked or draft questionnaire is never reminded: clear the next reminder
-- left on those finished before the client's submission started clearing it.
UPDATE "questionnaires" SET "next_reminder_date" = NULL
 WHERE "next_reminder_date" IS NOT NULL AND ("completed" OR "locked" OR "is_draft");
