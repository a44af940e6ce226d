import * as z from "zod";

/**
 * Labels that can never be a firm's subdomain: they name parts of the platform
 * itself or are commonly used for infrastructure and would confuse clients.
 */
export const RESERVED_SUBDOMAINS = new Set([
  "www",
  "app",
  "api",
  "admin",
  "static",
  "assets",
  "mail",
  "email",
  "smtp",
  "imap",
  "pop",
  "ftp",
  "cdn",
  "img",
  "images",
  "media",
  "files",
  "uploads",
  "s3",
  "storage",
  "status",
  "help",
  "support",
  "docs",
  "blog",
  "billing",
  "pay",
  "payments",
  "auth",
  "login",
  "signin",
  "signup",
  "sso",
  "oauth",
  "account",
  "accounts",
  "dashboard",
  "portal",
  "internal",
  "dev",
  "staging",
  "test",
  "demo-admin",
  "root",
  "system",
  "ns1",
  "ns2",
  "mx",
  "webmail",
  "security",
  "localhost",
  "create-firm",
]);

export const SUBDOMAIN_MESSAGES = {
  required: "Subdomain is required",
  length: "Subdomain must be 3 to 40 characters",
  characters: "Use only lowercase letters, digits and hyphens",
  hyphenEdge: "Subdomain cannot start or end with a hyphen",
  reserved: "This subdomain is reserved",
  taken: "This subdomain is already taken",
} as const;

/** Shape rules only; whether a subdomain is taken needs the database. */
export function subdomainProblem(value: string): string | null {
  if (value.length === 0) return SUBDOMAIN_MESSAGES.required;
  if (!/^[a-z0-9-]+$/.test(value)) return SUBDOMAIN_MESSAGES.characters;
  if (value.length < 3 || value.length > 40) return SUBDOMAIN_MESSAGES.length;
  if (value.startsWith("-") || value.endsWith("-")) return SUBDOMAIN_MESSAGES.hyphenEdge;
  if (RESERVED_SUBDOMAINS.has(value)) return SUBDOMAIN_MESSAGES.reserved;
  return null;
}

export const subdomainSchema = z
  .string({ error: SUBDOMAIN_MESSAGES.required })
  .trim()
  .superRefine((value, ctx) => {
    const problem = subdomainProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
