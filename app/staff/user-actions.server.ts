/**
 * The glue between the users routes and `users.server.ts`: form parsing with the shared zod
 * schemas and the one mapping of refusals to HTTP (4xx with the spec's message, never a 500).
 */
import { data } from "@remix-run/node";
import type { z } from "zod";
import { fieldErrors, PortalError } from "~/errors";
import { USER_MESSAGES } from "./user-rules";

export type ActionReply =
  { ok: true; intent: string; message: string; data?: Record<string, unknown> } | { ok: false; intent: string; error: string; fields: Record<string, string> };

/** An action's answer: the reply and its status. */
function answer(body: ActionReply, init: { status?: number } = {}) {
  return data(body, { status: init.status ?? 200 });
}

export type ActionAnswer = ReturnType<typeof answer>;

const LIST_FIELDS = new Set(["hashIds", "userIds", "add", "remove"]);

/** A form's fields as an object (repeated names as arrays). */
export function formObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (LIST_FIELDS.has(key)) ((out[key] ??= []) as string[]).push(value);
    else out[key] = value;
  }
  return out;
}

export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  intent: string,
): { ok: true; data: z.output<S> } | { ok: false; response: ActionAnswer } {
  const parsed = schema.safeParse(formObject(form));
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields = fieldErrors(parsed.error);
  const error = Object.values(fields)[0] ?? USER_MESSAGES.error;
  return { ok: false, response: answer({ ok: false, intent, error, fields }, { status: 422 }) };
}

export function success(intent: string, message: string, data?: Record<string, unknown>) {
  return answer({ ok: true, intent, message, data });
}

/** Runs a domain call; a refusal becomes its status with the message. */
export async function reply(intent: string, run: () => Promise<ActionAnswer>): Promise<ActionAnswer> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PortalError) return answer({ ok: false, intent, error: error.message, fields: error.fields }, { status: error.status });
    throw error;
  }
}

export function badIntent(intent: string) {
  return answer({ ok: false, intent, error: "Unknown action", fields: {} }, { status: 400 });
}

/** The posted form, or a 400 reply when the body isn't one. */
export async function readForm(request: Request): Promise<{ ok: true; form: FormData } | { ok: false; response: ActionAnswer }> {
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, response: answer({ ok: false, intent: "", error: "Malformed request", fields: {} }, { status: 400 }) };
  }
}
