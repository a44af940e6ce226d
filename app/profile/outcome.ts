/**
 * What a profile change answers when it can't be made: an HTTP status, and a message for one
 * field or for the whole form. Routes turn it into a conform reply with that status.
 */
export type Refusal = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 429 | 502;
  message: string;
  /** The field the message belongs to (none: the whole form). */
  field?: string;
};

export function refuse(status: Refusal["status"], message: string, field?: string): Refusal {
  return { ok: false, status, message, ...(field ? { field } : {}) };
}
