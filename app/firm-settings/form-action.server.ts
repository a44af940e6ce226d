/**
 * The settings pages' (Custom Statuses, Firm Roles) form actions: the posted form checked by a zod
 * schema, then the domain function; a refusal (bad input, duplicate name, missing row) comes back
 * as `{ ok: false, intent, error, errors }` with its status, never as a 500.
 */
import { data } from "@remix-run/node";
import type { z } from "zod";
import { fieldErrors, isPortalError } from "~/errors";

export type SettingsActionResult = { ok: true; intent: string; message: string } | { ok: false; intent: string; error: string; errors: Record<string, string> };

export async function settingsAction<S extends z.ZodType>(request: Request, schema: S, run: (input: z.output<S>) => Promise<{ message: string }>) {
  const form = Object.fromEntries(await request.formData());
  const intent = typeof form.intent === "string" ? form.intent : "unknown";
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<SettingsActionResult>({ ok: false, intent, error: Object.values(errors)[0] ?? "Check the form", errors }, { status: 400 });
  }
  try {
    const { message } = await run(parsed.data);
    return data<SettingsActionResult>({ ok: true, intent, message });
  } catch (error) {
    if (!isPortalError(error)) throw error;
    return data<SettingsActionResult>({ ok: false, intent, error: error.message, errors: error.fields ?? {} }, { status: error.status });
  }
}
