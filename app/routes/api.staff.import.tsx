/**
 * /api/staff/import (partner, admin and full-access staff):
 * - GET: the dialog's data `{ advisors, recent }` (advisors to assign, the firm's latest imports).
 * - POST JSON `{ intent: "grant", fileType, fileName, size }`: a presigned POST to upload the file
 *   straight to the store; then `{ intent: "confirm", key, fileName, …details }`: the upload is
 *   checked and the import recorded (`{ import }`); a client list starts processing in the
 *   background (poll GET /api/staff/import/{id}).
 * Refusals are `{ error, fieldErrors? }` with 4xx.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/auth/session.server";
import { requireFirmSite } from "~/context.server";
import { importDetailsSchema, IMPORT_FILE_TYPES, IMPORT_MESSAGES, type ImportFileType } from "~/staff/import/import-rules";
import { canImport, confirmImport, createImportGrant, importDialogData, ImportError } from "~/staff/import/import.server";

const grantSchema = z.object({
  intent: z.literal("grant"),
  fileType: z.enum(IMPORT_FILE_TYPES.map((t) => t.value) as [ImportFileType, ...ImportFileType[]], { error: IMPORT_MESSAGES.fileType }),
  fileName: z.string().trim().min(1, IMPORT_MESSAGES.file).max(1000),
  size: z.number().int().min(0),
});
const confirmSchema = z.object({
  intent: z.literal("confirm"),
  key: z.string().min(1).max(1024),
  fileName: z.string().trim().min(1, IMPORT_MESSAGES.file).max(1000),
});

async function staffWhoImports(request: Request, context: LoaderFunctionArgs["context"]) {
  const portal = requireFirmSite(context);
  const user = await requireApiUser(request, portal);
  if (user.kind !== "staff") throw json({ error: "Not Found" }, { status: 404 });
  if (!canImport(user)) throw json({ error: "You don't have permission to import." }, { status: 403 });
  return { portal, user };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { portal } = await staffWhoImports(request, context);
  return json(await importDialogData(portal), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  // JSON only: a cross-site form cannot send it without a CORS preflight, which we never grant.
  if (!request.headers.get("content-type")?.startsWith("application/json")) return json({ error: "Expected JSON" }, { status: 415 });
  const { portal, user } = await staffWhoImports(request, context);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Malformed request" }, { status: 400 });
  }
  const intent = (body as { intent?: unknown } | null)?.intent;
  try {
    if (intent === "grant") {
      const parsed = grantSchema.safeParse(body);
      if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
      return json({ grant: await createImportGrant(portal, parsed.data) });
    }
    if (intent === "confirm") {
      const parsed = confirmSchema.safeParse(body);
      const details = importDetailsSchema.safeParse(body);
      if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? "Malformed request" }, { status: 400 });
      if (!details.success) {
        const fieldErrors = Object.fromEntries(details.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message]));
        return json({ error: details.error.issues[0]?.message ?? "Malformed request", fieldErrors }, { status: 422 });
      }
      return json({ import: await confirmImport(portal, user, { key: parsed.data.key, fileName: parsed.data.fileName, details: details.data }) });
    }
    return json({ error: "Malformed request" }, { status: 400 });
  } catch (error) {
    if (error instanceof ImportError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
