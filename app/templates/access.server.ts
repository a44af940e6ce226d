import type { SessionUser } from "~/auth/session.server";
import { requireStaff } from "~/auth/session.server";
import type { FirmSiteContext } from "~/context.server";
import { canManageTemplates, type EditorTemplate } from "./editor-rules";

/** The signed-in staff member if they may manage templates; clients 404, other staff 403. */
export async function requireTemplateManager(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const user = await requireStaff(request, portal);
  if (!canManageTemplates(user, portal.firm.preferences)) throw new Response("Forbidden", { status: 403 });
  return user;
}

/** The editor's posted template: 400 when malformed, 422 with field errors when invalid. */
export async function readEditorTemplate(
  request: Request,
): Promise<{ ok: true; template: EditorTemplate } | { ok: false; status: number; errors: Record<string, string> }> {
  const { editorTemplateSchema, templateErrors } = await import("./editor-rules");
  const form = await request.formData();
  let raw: unknown;
  try {
    raw = JSON.parse(String(form.get("template") ?? ""));
  } catch {
    return { ok: false, status: 400, errors: { form: "Something went wrong" } };
  }
  const parsed = editorTemplateSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, errors: { form: parsed.error.issues[0]?.message ?? "Something went wrong" } };
  const errors = templateErrors(parsed.data);
  if (Object.keys(errors).length) return { ok: false, status: 422, errors };
  return { ok: true, template: parsed.data };
}
