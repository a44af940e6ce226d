/**
 * A JSON route's refusal (`{ error, errors }`, the one field-errors shape of ./errors.ts) as
 * conform's reply options, for forms that post JSON with `apiFetch` rather than a Remix form:
 *
 *   const body = await response.json();
 *   setLastResult(submission.reply(replyOptions(body, "Something went wrong")));
 *
 * Dotted paths (`items.0.text`) become conform's names (`items[0].text`); `form` is the form's own
 * message, and so is `error` when no field has one (the fields show theirs).
 */
import type { FieldErrors } from "./errors";

export interface ReplyOptions {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

/** `sections.2.questions.0.text` → `sections[2].questions[0].text`. */
export function conformName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

export function replyOptions(body: { error?: unknown; errors?: FieldErrors }, fallback: string): ReplyOptions {
  const message = typeof body.error === "string" && body.error ? body.error : fallback;
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, text] of Object.entries(body.errors ?? {})) {
    if (path !== "form") fieldErrors[conformName(path)] = [text];
  }
  const form = body.errors?.form ?? (Object.keys(fieldErrors).length ? undefined : message);
  return { formErrors: form ? [form] : [], fieldErrors };
}
