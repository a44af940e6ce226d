import { findFirmUsersByEmail, firmDb, resolveFirmIdBySlug } from "~/db.server";
import { sendEmail } from "~/email.server";
import { env, siteUrl } from "~/env.server";
import { hitThrottle, ROOT_SITE } from "~/rate-limit.server";
import { FIND_FIRM_THROTTLE, findFirmBucket, findFirmEmail, parseFindFirmQuery } from "./find-firm";

export type FindFirmOutcome =
  { kind: "redirect"; to: string } | { kind: "sent" } | { kind: "invalid"; message: string } | { kind: "no-firm" } | { kind: "throttled" };

/**
 * A root-site "Sign in": a firm's subdomain redirects to its sign-in page; an email answers `sent`
 * whatever happens, and each firm where it is an active user emails it the link to its sign-in
 * page (from the firm's own outbox, so no firm records another's name). The emails are sent
 * after the answer, so its timing does not tell either.
 */
export async function findFirm(raw: string, clientAddress: string | null): Promise<FindFirmOutcome> {
  const parsed = parseFindFirmQuery(raw, env().APP_DOMAIN);
  if (!parsed.ok) return { kind: "invalid", message: parsed.message };
  if (!(await hitThrottle(ROOT_SITE, findFirmBucket(clientAddress), FIND_FIRM_THROTTLE)).allowed) return { kind: "throttled" };
  const { query } = parsed;
  if (query.kind === "subdomain") {
    return (await resolveFirmIdBySlug(query.slug)) ? { kind: "redirect", to: `${siteUrl(query.slug)}/signin` } : { kind: "no-firm" };
  }
  void emailSignInPages(query.email).catch((error) => console.warn(`[find-firm] sign-in page emails failed: ${String(error)}`));
  return { kind: "sent" };
}

/** Emails `email` the sign-in page of each firm where it is an active user; how many were sent. */
export async function emailSignInPages(email: string): Promise<number> {
  let sent = 0;
  for (const { firmId, userId } of await findFirmUsersByEmail(email)) {
    const db = firmDb(firmId);
    const firm = await db.firm.findUnique({ where: { id: firmId }, select: { id: true, name: true, slug: true } });
    if (!firm) continue;
    await sendEmail({ firm, db }, { to: email, userId, ...findFirmEmail(firm.name, `${siteUrl(firm.slug)}/signin`) });
    sent += 1;
  }
  return sent;
}
