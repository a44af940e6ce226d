-- Hand-written migration: entity names are unique within a firm.
--
-- Staff spec §5 "Entity": the name must not duplicate an existing entity ('Entity Name already
-- exists.'). The application checks first, and this index makes the rule hold under concurrent
-- submits too: names compare trimmed and case-insensitively, among entities that are not deleted
-- (a deleted entity's name can be reused; restoring it then needs a free name). The application
-- maps a violation of this index to the spec's message (app/staff/entities.server.ts).
CREATE UNIQUE INDEX "companies_firm_id_name_unique" ON "companies" ("firm_id", lower(btrim("name"))) WHERE "deleted_at" IS NULL;
