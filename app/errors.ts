/**
 * The one error type for expected failures: a request the product refuses on purpose (not found,
 * not allowed, invalid input, a conflict). It carries the HTTP status, the message shown to the
 * person (the spec's text), an optional machine code, and per-field messages for forms.
 *
 * Shared by server and browser code (no server imports). Unexpected failures stay plain `Error`s:
 * they are logged and answered with the spec's generic text, never with their message.
 *
 *   throw notFound("Questionnaire not found");
 *   throw invalid("email", "Please enter a valid email");
 *   throw new PortalError(409, "This email is already in use", { code: "email_taken" });
 */
import type { z } from "zod";

export type PortalErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 502 | 503;

/** Field name (dotted path) → the first message for it. `form` holds messages about the whole form. */
export type FieldErrors = Record<string, string>;

export interface PortalErrorOptions {
  /** A stable machine-readable reason (e.g. `storage.too_large`), for callers that branch on it. */
  code?: string;
  fields?: FieldErrors;
}

export class PortalError extends Error {
  readonly code?: string;
  readonly fields: FieldErrors;

  constructor(
    readonly status: PortalErrorStatus,
    message: string,
    options: PortalErrorOptions = {},
  ) {
    super(message);
    this.name = "PortalError";
    this.code = options.code;
    this.fields = options.fields ?? {};
  }

  /** The JSON body every route answers with: `{ error, errors? , code? }`. */
  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.message };
    if (Object.keys(this.fields).length > 0) body.errors = this.fields;
    if (this.code) body.code = this.code;
    return body;
  }
}

export interface ErrorBody {
  error: string;
  errors?: FieldErrors;
  code?: string;
}

export function isPortalError(error: unknown): error is PortalError {
  return error instanceof PortalError;
}

export const badRequest = (message: string, options?: PortalErrorOptions) => new PortalError(400, message, options);
export const forbidden = (message = "You don't have permission to do this.", options?: PortalErrorOptions) => new PortalError(403, message, options);
export const notFound = (message = "Not found", options?: PortalErrorOptions) => new PortalError(404, message, options);
export const conflict = (message: string, options?: PortalErrorOptions) => new PortalError(409, message, options);
/** One field is wrong: the form shows `message` under `field` (and as the summary). */
export const invalid = (field: string, message: string, status: 400 | 422 = 400) => new PortalError(status, message, { fields: { [field]: message } });

/**
 * zod issues → one message per field (the first), keyed by the dotted path; issues about the whole
 * object go under `form`. The one `fieldErrors` shape of every form.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** The first message of a zod error (the summary shown in a toast or an alert). */
export function firstMessage(error: z.ZodError, fallback = "Malformed request"): string {
  return error.issues[0]?.message ?? fallback;
}

/** A failed zod parse as a PortalError (400, the first message, every field). */
export function fromZod(error: z.ZodError, status: 400 | 422 = 400): PortalError {
  return new PortalError(status, firstMessage(error), { fields: fieldErrors(error) });
}
