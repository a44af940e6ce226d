import { ACTIVITY_TYPES, logActivity } from "~/activity/log.server";
import * as z from "zod";
import { themeNameSchema } from "../../themes/theme-name-schema";
import { hexColorSchema } from "../../themes/brand-schema";
import type { FirmSiteContext } from "~/context.server";
import { EMAIL_MESSAGES, emailSchema } from "~/auth/email-rules";
import { PortalError } from "~/errors";
import { deleteObject, createUploadGrant, verifyUpload } from "~/storage.server";
import { firmLogoKey, keyBelongsToFirm } from "~/storage/keys";
import { CONTENT_TYPES, LOGO_KINDS, MAX_LOGO_BYTES } from "~/storage/uploads";
import { firmChanged } from "~/tenancy/firm-events.server";
import { TIME_ZONES } from "~/time-zones";

/** Firm Settings (partner only): profile, branding, logo and vocabulary. */

export const firmProfileSchema = z.object({
  intent: z.literal("profile"),
  name: z.string({ error: "Firm name is required" }).trim().min(2, "Firm name is required").max(120, "Firm name must be at most 120 characters"),
  supportEmail: emailSchema(EMAIL_MESSAGES.required),
  timeZone: z.string().refine((v) => v in TIME_ZONES, "Choose a time zone"),
});

export const firmBrandingSchema = z.object({
  intent: z.literal("branding"),
  themeName: themeNameSchema,
  brandColor: z.union([z.literal(""), hexColorSchema]).optional(),
});

export const logoGrantSchema = z.object({
  intent: z.literal("logo-grant"),
  fileName: z.string().min(1).max(200),
  contentType: z.enum(LOGO_KINDS.map((k) => CONTENT_TYPES[k]) as [string, ...string[]], { error: "The logo must be a PNG, JPEG or GIF image" }),
  size: z.coerce.number().int().min(1, "The file is empty").max(MAX_LOGO_BYTES, "The logo must be at most 2 MB"),
});

export const logoConfirmSchema = z.object({ intent: z.literal("logo-confirm"), key: z.string().min(1), contentType: z.string().min(1) });

export const vocabAddSchema = z.object({
  intent: z.literal("vocab-add"),
  keyWord: z
    .string({ error: "Enter the word to replace" })
    .trim()
    .min(2, "Enter the word to replace")
    .max(40)
    .regex(/^[A-Za-z][A-Za-z ]*$/, "Use letters only"),
  replacement: z.string({ error: "Enter its replacement" }).trim().min(1, "Enter its replacement").max(40),
});

export const vocabRemoveSchema = z.object({ intent: z.literal("vocab-remove"), id: z.string().min(1) });

export const firmSettingsActionSchema = z.discriminatedUnion("intent", [
  firmProfileSchema,
  firmBrandingSchema,
  logoGrantSchema,
  logoConfirmSchema,
  vocabAddSchema,
  vocabRemoveSchema,
  z.object({ intent: z.literal("logo-remove") }),
]);

export async function getFirmSettingsForm(portal: FirmSiteContext) {
  const firm = await portal.db.firm.findUniqueOrThrow({
    where: { id: portal.firm.id },
    select: {
      name: true,
      slug: true,
      supportEmail: true,
      timeZone: true,
      themeName: true,
      brandColor: true,
      logoKey: true,
      vocabs: { orderBy: { keyWord: "asc" } },
    },
  });
  return { ...firm, logoUrl: portal.firm.logoUrl };
}

/** Who changed the firm's settings (for the activity log). */
export interface FirmSettingsActor {
  id: string;
}

function logFirmChange(portal: FirmSiteContext, actor: FirmSettingsActor | undefined, title: string, description?: string) {
  return logActivity(portal.db, portal.firm.id, {
    typeId: ACTIVITY_TYPES.detailChange,
    title,
    description: description ?? null,
    actorId: actor?.id ?? null,
    ipAddress: portal.clientAddress,
  });
}

export async function updateFirmProfile(portal: FirmSiteContext, input: z.infer<typeof firmProfileSchema>, actor?: FirmSettingsActor) {
  await portal.db.firm.update({ where: { id: portal.firm.id }, data: { name: input.name, supportEmail: input.supportEmail, timeZone: input.timeZone } });
  firmChanged(portal.firm.id);
  await logFirmChange(portal, actor, "Updated the firm profile", `Name ${input.name}; time zone ${input.timeZone}`);
}

export async function updateFirmBranding(portal: FirmSiteContext, input: z.infer<typeof firmBrandingSchema>, actor?: FirmSettingsActor) {
  await portal.db.firm.update({
    where: { id: portal.firm.id },
    data: { themeName: input.themeName, brandColor: input.brandColor ? input.brandColor.toLowerCase() : null },
  });
  firmChanged(portal.firm.id);
  await logFirmChange(
    portal,
    actor,
    "Updated the firm branding",
    `Theme ${input.themeName}${input.brandColor ? `, colour ${input.brandColor.toLowerCase()}` : ""}`,
  );
}

/** Step 1 of a logo upload: a presigned POST for a key the server chooses under the firm's prefix. */
export async function grantLogoUpload(portal: FirmSiteContext, input: z.infer<typeof logoGrantSchema>) {
  const key = firmLogoKey(portal.firm.id, input.fileName);
  return createUploadGrant({ firmId: portal.firm.id, key, contentType: input.contentType, maxBytes: MAX_LOGO_BYTES });
}

/** Step 2: the browser uploaded straight to storage; check the object, then make it the logo. */
export async function confirmLogoUpload(
  portal: FirmSiteContext,
  input: z.infer<typeof logoConfirmSchema>,
  actor?: FirmSettingsActor,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const firmId = portal.firm.id;
  if (!keyBelongsToFirm(input.key, firmId) || !input.key.startsWith(`firms/${firmId}/branding/`)) {
    return { ok: false, message: "We were unable to upload the file, please try refreshing the page" };
  }
  try {
    await verifyUpload({ firmId, key: input.key, contentType: input.contentType, maxBytes: MAX_LOGO_BYTES, allowedKinds: LOGO_KINDS });
  } catch (error) {
    if (error instanceof PortalError) return { ok: false, message: error.message };
    throw error;
  }
  const previous = await portal.db.firm.findUniqueOrThrow({ where: { id: firmId }, select: { logoKey: true } });
  await portal.db.firm.update({ where: { id: firmId }, data: { logoKey: input.key } });
  firmChanged(firmId);
  if (previous.logoKey && previous.logoKey !== input.key) await deleteObject({ firmId, key: previous.logoKey }).catch(() => {});
  await logFirmChange(portal, actor, "Uploaded a firm logo");
  return { ok: true };
}

export async function removeLogo(portal: FirmSiteContext, actor?: FirmSettingsActor) {
  const firmId = portal.firm.id;
  const previous = await portal.db.firm.findUniqueOrThrow({ where: { id: firmId }, select: { logoKey: true } });
  await portal.db.firm.update({ where: { id: firmId }, data: { logoKey: null } });
  firmChanged(firmId);
  if (previous.logoKey) await deleteObject({ firmId, key: previous.logoKey }).catch(() => {});
  await logFirmChange(portal, actor, "Removed the firm logo");
}

export async function addVocabulary(
  portal: FirmSiteContext,
  input: z.infer<typeof vocabAddSchema>,
  actor?: FirmSettingsActor,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const keyWord = input.keyWord.replace(/\s+/g, " ");
  const existing = await portal.db.firmVocab.findFirst({ where: { keyWord: { equals: keyWord, mode: "insensitive" } }, select: { id: true } });
  if (existing) {
    await portal.db.firmVocab.update({ where: { id: existing.id }, data: { replacement: input.replacement } });
  } else {
    await portal.db.firmVocab.create({ data: { firmId: portal.firm.id, keyWord, replacement: input.replacement } });
  }
  firmChanged(portal.firm.id);
  await logFirmChange(portal, actor, "Saved a vocabulary word", `${keyWord} → ${input.replacement}`);
  return { ok: true };
}

export async function removeVocabulary(portal: FirmSiteContext, id: string, actor?: FirmSettingsActor) {
  const removed = await portal.db.firmVocab.findFirst({ where: { id }, select: { keyWord: true } });
  await portal.db.firmVocab.deleteMany({ where: { id } });
  firmChanged(portal.firm.id);
  if (removed) await logFirmChange(portal, actor, "Removed a vocabulary word", removed.keyWord);
}
