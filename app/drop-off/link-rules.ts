/**
 * Drop link rules shared by the server and the pages: the 7-day lifetime, the per-address limits
 * of the public upload API, where uploads are filed and the messages the spec names.
 */
import * as z from "zod";

/** Links expire 7 days after they are issued (spec: drop-off links expire in 7 days). */
export const DROP_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Per client address: every call of the public upload API, and unknown or expired links. */
export const DROP_LINK_THROTTLE = {
  /** A 999-file drop needs two calls per file and one to finish. */
  requests: { limit: 2100, windowSeconds: 10 * 60 },
  failures: { limit: 20, windowSeconds: 15 * 60 },
} as const;

export function dropLinkBucket(kind: keyof typeof DROP_LINK_THROTTLE, clientAddress: string | null | undefined): string {
  return `droplink:${kind}:${(clientAddress ?? "unknown").slice(0, 64)}`;
}

/** The hidden entity of the firm that holds drop link uploads (they belong to no client yet). */
export const UNASSIGNED_ENTITY_TYPE = "drop_link";
export const UNASSIGNED_ENTITY_NAME = "Unassigned drop-offs";
export const DROP_LINK_FOLDER = "/Drop Link";

export const DROP_LINK_MESSAGES = {
  recipientRequired: "At least one firm user must be selected to receive notifications.",
  saved: "Saved!",
  copied: "Drop link copied to clipboard",
  expired: "This upload link has expired or is not valid. Please ask your firm for a new link.",
  tooMany: "Too many requests. Please wait a few minutes and try again.",
  uploaded: "Upload successful",
} as const;

export function isExpired(issuedAt: Date, now = new Date()): boolean {
  return now.getTime() - issuedAt.getTime() >= DROP_LINK_LIFETIME_MS;
}

export function expiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + DROP_LINK_LIFETIME_MS);
}

/** The sender's folder under /Drop Link: one per day and email address, e.g. '/Drop Link/2026-11-21 ann@example.com'. */
export function senderFolder(email: string, now = new Date()): string {
  return `${DROP_LINK_FOLDER}/${now.toISOString().slice(0, 10)} ${email.toLowerCase()}`;
}

export const senderSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name.")
    .max(120, "Names can be at most 120 characters.")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
    .refine((v) => !/[\u0000-\u001f<>]/.test(v), "Please enter a valid name."),
  email: z
    .string()
    .trim()
    .max(254)
    .email("Please enter a valid email address.")
    .refine((v) => !v.includes("..") && !v.includes("/") && !v.includes("\\"), "Please enter a valid email address."),
});

const token = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The public upload API's requests (POST /api/drop-link, JSON). */
export const dropLinkApiSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("grant"),
    token,
    fileName: z.string().max(1000),
    contentType: z.string().max(200),
    size: z.number().int().nonnegative().optional(),
  }),
  z.object({
    intent: z.literal("confirm"),
    token,
    key: z.string().max(1000),
    fileName: z.string().max(1000),
    contentType: z.string().max(200),
    name: z.string(),
    email: z.string(),
  }),
  z.object({ intent: z.literal("finish"), token, name: z.string(), email: z.string(), documentIds: z.array(z.string().max(64)).min(1).max(999) }),
]);
export type DropLinkApiRequest = z.infer<typeof dropLinkApiSchema>;
