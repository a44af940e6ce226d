/**
 * "Sign in" on the root domain: a person who doesn't know their firm's address gives their email
 * or their firm's subdomain. A subdomain goes straight to that firm's sign-in page; an email gets
 * the same answer whether or not it has an account (each firm where it has one emails the link to
 * its sign-in page), so the page never tells which emails exist.
 */
import * as z from "zod";
import type { ThrottleRule } from "~/rate-limit";
import { EMAIL_MESSAGES } from "~/auth/email-rules";
import { subdomainProblem } from "~/tenancy/subdomain";

export const FIND_FIRM_MESSAGES = {
  required: "Enter your email or your firm's subdomain",
  sent: "If that email has an account, we've sent you a link to your firm's sign-in page.",
  noFirm: "We couldn't find a firm at that address. Check the spelling, or enter your email instead.",
  throttled: "Too many requests from this address. Please try again in a few minutes.",
  subject: (firmName: string) => `Sign in to ${firmName}`,
} as const;

/** Twenty look-ups per client address per 15 minutes (every app server together). */
export const FIND_FIRM_THROTTLE = { limit: 20, windowSeconds: 15 * 60 } as const satisfies ThrottleRule;

export function findFirmBucket(clientAddress: string | null | undefined): string {
  return `find-firm:${(clientAddress ?? "unknown").slice(0, 64)}`;
}

export type FindFirmQuery = { kind: "email"; email: string } | { kind: "subdomain"; slug: string };

/**
 * What the visitor typed: an email (has an @), or a subdomain, also written as the firm's address
 * (`acme.example.com`, `https://acme.example.com/signin`) on `appDomain`.
 */
export function parseFindFirmQuery(raw: string, appDomain: string): { ok: true; query: FindFirmQuery } | { ok: false; message: string } {
  const value = raw.trim().toLowerCase();
  if (!value) return { ok: false, message: FIND_FIRM_MESSAGES.required };
  if (value.includes("@")) {
    const email = z.email().max(254).safeParse(value);
    return email.success ? { ok: true, query: { kind: "email", email: email.data } } : { ok: false, message: EMAIL_MESSAGES.invalid };
  }
  let host = value.replace(/^[a-z]+:\/\//, "").replace(/[/?#].*$/, "");
  const suffix = `.${appDomain.toLowerCase()}`;
  if (host.endsWith(suffix)) host = host.slice(0, -suffix.length);
  if (subdomainProblem(host)) return { ok: false, message: FIND_FIRM_MESSAGES.noFirm };
  return { ok: true, query: { kind: "subdomain", slug: host } };
}

/** The email a firm sends a person who asked where to sign in. */
export function findFirmEmail(firmName: string, signInUrl: string): { subject: string; text: string } {
  return {
    subject: FIND_FIRM_MESSAGES.subject(firmName),
    text: [
      "Hello,",
      "",
      `You asked where to sign in. Your account at ${firmName} signs in here:`,
      signInUrl,
      "",
      "If you didn't ask, you can ignore this email: nothing has changed on your account.",
    ].join("\n"),
  };
}
