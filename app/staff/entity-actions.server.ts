/**
 * The staff entity actions behind /admin and /admin/{companyHash}: one POST per dialog, told
 * apart by `intent`. Each parses its form with the shared zod schema (`entity-rules.ts`), calls
 * the domain function and answers JSON: `{ ok, toast }` or `{ ok: false, errors, message }` with
 * 4xx, never 500 for bad input.
 */
import { data } from "@remix-run/node";
import * as z from "zod";
import type { FirmSiteContext } from "~/context.server";
import { fieldErrors, PortalError } from "~/errors";
import {
  createEntityForUser,
  deleteEntity,
  findEntity,
  restoreEntity,
  saveEntityFirmRoles,
  updateEntity,
  applyOwnerEmailToEntity,
  type Actor,
} from "./entities.server";
import { addNote, removeNote, saveNotificationSubscription, updateTagsInBulk } from "./entity-extras.server";
import { addExistingOwner, addNewOwner, changePrimaryContact, removeOwner, saveSpouse } from "./entity-owners.server";
import {
  addExistingOwnerSchema,
  addOwnerSchema,
  bulkTagsSchema,
  createEntitySchema,
  editEntitySchema,
  ENTITY_MESSAGES,
  idSchema,
  noteSchema,
  notificationsSchema,
  primaryContactSchema,
  removeOwnerSchema,
  spouseSchema,
} from "./entity-rules";
import { loadStaffViewer } from "./viewer.server";

export interface EntityActionResult {
  ok: boolean;
  intent: string;
  toast?: { type: "success" | "info" | "error"; message: string };
  errors?: Record<string, string>;
  message?: string;
  /** Where the page should go next (after a create, delete or restore). */
  redirectTo?: string;
  data?: Record<string, unknown>;
}

const ENTITY_INTENTS = [
  "edit",
  "add-owner",
  "add-existing-owner",
  "remove-owner",
  "primary",
  "spouse",
  "use-owner-email",
  "note-add",
  "note-remove",
  "notifications",
  "delete",
  "firm-roles",
] as const;
const TABLE_INTENTS = ["tags", "notifications", "restore", "create-entity", "delete"] as const;

/** FormData to a plain object; repeated names (checkbox groups) become arrays. */
function formObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    const name = key.endsWith("[]") ? key.slice(0, -2) : key;
    const prev = out[name];
    if (key.endsWith("[]")) out[name] = [...((prev as string[] | undefined) ?? []), value];
    else out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

function reply(result: EntityActionResult, status = 200) {
  return data(result, { status, headers: { "Cache-Control": "no-store" } });
}

type Reply = ReturnType<typeof reply>;

function invalid(intent: string, error: z.ZodError) {
  const errors = fieldErrors(error);
  return reply({ ok: false, intent, errors, message: errors.ids ?? errors.form ?? Object.values(errors)[0] }, 422);
}

const success = (intent: string, message: string, extra: Partial<EntityActionResult> = {}) =>
  reply({ ok: true, intent, toast: { type: "success", message }, ...extra });

async function readForm(request: Request): Promise<Record<string, unknown> | null> {
  try {
    return formObject(await request.formData());
  } catch {
    return null;
  }
}

/** Runs `fn`, turning refusals into their status with the spec's message. */
async function guarded(intent: string, fn: () => Promise<Reply>): Promise<Reply> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof PortalError) {
      return reply({ ok: false, intent, message: error.message, errors: Object.keys(error.fields).length ? error.fields : undefined }, error.status);
    }
    throw error;
  }
}

async function actorOf(request: Request, portal: FirmSiteContext): Promise<Actor> {
  const viewer = await loadStaffViewer(request, portal);
  return { facts: viewer.facts, ipAddress: portal.clientAddress };
}

/** Firm role assignments as "roleId:userId" pairs; false when malformed. */
function parseAssignments(value: unknown): { firmRoleId: string; userId: string }[] | false {
  const pairs = Array.isArray(value) ? value : value ? [value] : [];
  const parsed = z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,64}$/))
    .max(500)
    .safeParse(pairs);
  if (!parsed.success) return false;
  return parsed.data.map((p) => ({ firmRoleId: p.split(":")[0]!, userId: p.split(":")[1]! }));
}

/** POST /admin/{companyHash}: the entity view's dialogs. */
export async function entityViewAction(request: Request, portal: FirmSiteContext, hashId: string): Promise<Reply> {
  const actor = await actorOf(request, portal);
  const form = await readForm(request);
  const intent = String(form?.intent ?? "");
  if (!form || !(ENTITY_INTENTS as readonly string[]).includes(intent)) return reply({ ok: false, intent, message: "Unknown action" }, 400);
  return guarded(intent, async () => {
    switch (intent) {
      case "edit": {
        const parsed = editEntitySchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        // With firm roles, the dialog's one Save also sends the Firm Roles tab.
        const roles = form.rolesIncluded === "1" ? parseAssignments(form.assignment) : null;
        if (roles === false) return reply({ ok: false, intent, message: ENTITY_MESSAGES.updateFailed }, 400);
        const { changed } = await updateEntity(portal, actor, hashId, parsed.data);
        if (roles) await saveEntityFirmRoles(portal, actor, hashId, roles);
        return changed.length || roles ? success(intent, ENTITY_MESSAGES.updated) : reply({ ok: true, intent, toast: { type: "info", message: "Updated" } });
      }
      case "add-owner": {
        const parsed = addOwnerSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        const { userId } = await addNewOwner(portal, actor, hashId, parsed.data);
        return success(intent, "Owner added", { data: { userId } });
      }
      case "add-existing-owner": {
        const parsed = addExistingOwnerSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        await addExistingOwner(portal, actor, hashId, parsed.data);
        return success(intent, "Owner added");
      }
      case "remove-owner": {
        const parsed = removeOwnerSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        await removeOwner(portal, actor, hashId, parsed.data.userId);
        return success(intent, "Owner removed");
      }
      case "primary": {
        const parsed = primaryContactSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        await changePrimaryContact(portal, actor, hashId, parsed.data);
        return success(intent, ENTITY_MESSAGES.updated);
      }
      case "use-owner-email": {
        const { email } = await applyOwnerEmailToEntity(portal, actor, hashId);
        return success(intent, ENTITY_MESSAGES.updated, { data: { email } });
      }
      case "spouse": {
        const parsed = spouseSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        const result = await saveSpouse(portal, actor, hashId, parsed.data);
        return success(intent, result.created ? "Spouse added" : "Spouse updated");
      }
      case "note-add": {
        const parsed = noteSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        await addNote(portal, actor, hashId, parsed.data.text);
        return success(intent, "Note added");
      }
      case "note-remove": {
        const parsed = idSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        await removeNote(portal, actor, hashId, parsed.data.id);
        return success(intent, "Note removed");
      }
      case "notifications": {
        const found = await findEntity(portal, hashId);
        const parsed = notificationsSchema.safeParse({ ...form, ids: [found.id] });
        if (!parsed.success) return invalid(intent, parsed.error);
        await saveNotificationSubscription(portal, actor, parsed.data);
        return success(intent, ENTITY_MESSAGES.updated);
      }
      case "delete": {
        await deleteEntity(portal, actor, hashId);
        return success(intent, ENTITY_MESSAGES.deleted, { redirectTo: "/admin" });
      }
      case "firm-roles": {
        const roles = parseAssignments(form.assignment);
        if (roles === false) return reply({ ok: false, intent, message: ENTITY_MESSAGES.updateFailed }, 400);
        await saveEntityFirmRoles(portal, actor, hashId, roles);
        return success(intent, ENTITY_MESSAGES.updated);
      }
    }
    return reply({ ok: false, intent, message: "Unknown action" }, 400);
  });
}

/** POST /admin: the Entities table's bulk dialogs, create for a user, and restore. */
export async function entitiesTableAction(request: Request, portal: FirmSiteContext): Promise<Reply> {
  const actor = await actorOf(request, portal);
  const form = await readForm(request);
  const intent = String(form?.intent ?? "");
  if (!form || !(TABLE_INTENTS as readonly string[]).includes(intent)) return reply({ ok: false, intent, message: "Unknown action" }, 400);
  return guarded(intent, async () => {
    switch (intent) {
      case "tags": {
        const parsed = bulkTagsSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        const result = await updateTagsInBulk(portal, actor, parsed.data);
        return success(intent, ENTITY_MESSAGES.updated, { data: result });
      }
      case "notifications": {
        const parsed = notificationsSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        const result = await saveNotificationSubscription(portal, actor, parsed.data);
        const message = result.skipped.length
          ? `${ENTITY_MESSAGES.updated}. ${result.skipped.length} of your own clients' entities were skipped: ${ENTITY_MESSAGES.advisorCannotDisable}`
          : ENTITY_MESSAGES.updated;
        return reply({ ok: true, intent, toast: { type: result.skipped.length ? "info" : "success", message }, data: result });
      }
      case "create-entity": {
        const parsed = createEntitySchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        const company = await createEntityForUser(portal, actor, parsed.data);
        return success(intent, "Entity created", { redirectTo: `/admin/${company.hashId}`, data: { hashId: company.hashId } });
      }
      case "restore": {
        const parsed = idSchema.safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        await restoreEntity(portal, actor, parsed.data.id);
        return success(intent, ENTITY_MESSAGES.restored);
      }
      case "delete": {
        const parsed = z.object({ hashId: z.string().min(1).max(64) }).safeParse(form);
        if (!parsed.success) return invalid(intent, parsed.error);
        await deleteEntity(portal, actor, parsed.data.hashId);
        return success(intent, ENTITY_MESSAGES.deleted);
      }
    }
    return reply({ ok: false, intent, message: "Unknown action" }, 400);
  });
}
