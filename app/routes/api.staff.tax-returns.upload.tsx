/**
 * /api/staff/tax-returns/upload (staff), the upload / replace dialog's calls:
 * - GET ?q=: the entities the staff member may see whose name matches (`{ entities }`, 10 at most).
 * - POST JSON `{ intent: "grant", companyId | previousTaxReturnId, fileName, size }`: a presigned POST
 *   for one PDF (`{ grant }`); the browser posts the file straight to the store.
 * - POST JSON `{ intent: "confirm", companyId | previousTaxReturnId, taxYear, sendDraftForApproval,
 *   files: [{ key, fileName }] }`: the objects are verified and the return recorded in `processing`
 *   (`{ taxReturn: { id, companyId } }`); a replaced return is soft-deleted.
 * Another group's or firm's entity or return is 404 with nothing written.
 */
import * as z from "zod";
import { requireStaffForDeliver } from "~/deliver/ops/staff.server";
import { confirmTaxReturnUpload, createTaxReturnUploadGrant, searchUploadEntities } from "~/deliver/upload/upload.server";
import { UPLOAD_MESSAGES } from "~/deliver/upload/upload-rules";
import { jsonAction, jsonLoader, readQuery, type JsonRouteArgs } from "~/http.server";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const target = { companyId: id.nullish(), previousTaxReturnId: id.nullish() };
const schema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("grant"),
      ...target,
      fileName: z.string().trim().min(1, UPLOAD_MESSAGES.fileRequired).max(1000),
      size: z.number().int().min(0),
    }),
    z.object({
      intent: z.literal("confirm"),
      ...target,
      taxYear: z.number({ error: UPLOAD_MESSAGES.taxYear }).int().min(2000, UPLOAD_MESSAGES.taxYear).max(2100, UPLOAD_MESSAGES.taxYear),
      sendDraftForApproval: z.boolean(),
      files: z
        .array(z.object({ key: z.string().min(1).max(1024), fileName: z.string().trim().min(1).max(1000) }))
        .min(1, UPLOAD_MESSAGES.fileRequired)
        .max(20),
    }),
  ],
  { error: "Malformed request" },
);

/** Staff of a firm with Deliver on (else 404). */
const staffUser = ({ request, portal }: Pick<JsonRouteArgs, "request" | "portal">) => requireStaffForDeliver(request, portal);

export const loader = jsonLoader(async (args) => {
  const user = await staffUser(args);
  const { q } = readQuery(args.request, z.object({ q: z.string().max(200).optional() }));
  return { entities: await searchUploadEntities(args.portal, user, q ?? "") };
});

export const action = jsonAction(schema, async (input, args) => {
  const user = await staffUser(args);
  if (input.intent === "grant") return { grant: await createTaxReturnUploadGrant(args.portal, user, input) };
  return { taxReturn: await confirmTaxReturnUpload(args.portal, user, input) };
});
