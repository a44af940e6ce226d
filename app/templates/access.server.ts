import type { SessionUser } from "~/auth/session.server";
import { requireStaff } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { canManageTemplates, editorTemplateSchema } from "./editor-rules";

/** The signed-in staff member if they may manage templates; clients 404, other staff 403. */
export async function requireTemplateManager(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const user = await requireStaff(request, portal);
  if (!canManageTemplates(user, portal.firm.preferences)) throw new Response("Forbidden", { status: 403 });
  return user;
}

/**
 * The editor's posted template (conform fields), checked with the editor's own schema: the
 * template, or conform's reply to answer with 422 (each message on its field).
 */
export async function readEditorTemplate(request: Request | FormData) {
  const submission = parseWithZod(request instanceof FormData ? request : await request.formData(), { schema: editorTemplateSchema });
  return submission.status === "success" ? { ok: true as const, template: submission.value, submission } : { ok: false as const, submission };
}
