/**
 * The daily notification digest: each user who turned "Daily notification email" on
 * (User.dailyNotificationEnabled, set on /admin-profile) gets one email a day listing their unread
 * notifications of the last 24 hours; nothing when there is nothing unread.
 *
 * `send-daily-notification-digests`
 *   Every hour (once across all servers), lists the firms with such a user through
 *   `portal_daily_digest_firms(limit)` (a SECURITY DEFINER function returning only firm ids,
 *   migration daily_digest), then works each firm in its own scope. A user's digest goes out at the
 *   first run from DIGEST_HOUR in their time zone. Exactly once a day per user: the outbox row is
 *   queued in the same transaction that moves users.daily_digest_sent_on to the user's day, and
 *   only if that conditional update claimed the day, so a second run (or a second worker) that
 *   day finds it claimed and sends nothing. The day is claimed even when nothing is unread, so the
 *   digest stays a morning summary rather than following the first notification of the day.
 */
import { formatInTimeZone } from "date-fns-tz";
import { firmDb, withFirm } from "~/db.server";
import { siteUrl } from "~/env.server";
import type { OutboundMessage } from "~/generated/prisma/client";
import type { JobContext, JobDefinition } from "~/jobs.server";
import { dispatchOutboundMessage } from "~/outbox/dispatch.server";
import { queueEmail } from "~/outbox/outbox.server";
import { isMessageRefusal } from "~/outbox/rules";
import { ianaZone, readerTimeZone, todayIn } from "~/time-zones";
import { safeLink } from "./rules";

export const SEND_DAILY_DIGESTS = "send-daily-notification-digests";
/** The local hour from which a user's digest of the day goes out. */
export const DIGEST_HOUR = 7;
/** At most this many notifications listed in one digest (the rest are counted). */
export const DIGEST_ITEMS_MAX = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const FIRMS_PER_RUN = 1000;

export function digestJobs(): JobDefinition[] {
  return [
    {
      name: SEND_DAILY_DIGESTS,
      queue: { policy: "standard", retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 1800 },
      everySeconds: 3600,
      run: (_data, context) => sendDailyDigests(context),
    },
  ];
}

export interface DigestRunResult {
  firms: number;
  sent: number;
}

/** Sends the day's digests of every firm with a user who asked for them. */
export async function sendDailyDigests(context: Pick<JobContext, "sql">, now = new Date()): Promise<DigestRunResult> {
  const firms = await context.sql<{ firmId: string }>(`SELECT firm_id AS "firmId" FROM portal_daily_digest_firms($1)`, [FIRMS_PER_RUN]);
  const total: DigestRunResult = { firms: firms.length, sent: 0 };
  for (const { firmId } of firms) {
    try {
      total.sent += await sendFirmDigests(firmId, now);
    } catch (error) {
      // One firm's failure must not hold back the others; its users' days stay unclaimed.
      console.error(`[digest] firm ${firmId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (total.sent > 0) console.info(`[digest] sent ${total.sent} daily digest(s) for ${total.firms} firm(s)`);
  return total;
}

/** One firm's digests due at `now`; how many were sent. */
export async function sendFirmDigests(firmId: string, now = new Date()): Promise<number> {
  const firm = await withFirm(firmId, (tx) => tx.firm.findUnique({ where: { id: firmId }, select: { id: true, name: true, slug: true, timeZone: true } }));
  if (!firm) return 0;
  const db = firmDb(firmId);
  const scope = { firm: { id: firm.id, name: firm.name }, db };
  const users = await db.user.findMany({
    where: { dailyNotificationEnabled: true, deletedAt: null, paying: true, hasTempEmail: false, email: { not: null } },
    select: { id: true, email: true, fname: true, timeZone: true },
    orderBy: { id: "asc" },
  });
  let sent = 0;
  for (const user of users) {
    const zone = readerTimeZone(user, firm);
    if (Number(formatInTimeZone(now, ianaZone(zone), "H")) < DIGEST_HOUR) continue;
    const day = new Date(`${todayIn(zone, now)}T00:00:00Z`);
    const message = await withFirm(firmId, async (tx): Promise<OutboundMessage | null> => {
      const claimed = await tx.user.updateMany({
        where: { id: user.id, dailyNotificationEnabled: true, OR: [{ dailyDigestSentOn: null }, { dailyDigestSentOn: { lt: day } }] },
        data: { dailyDigestSentOn: day },
      });
      if (claimed.count !== 1) return null;
      const where = { userId: user.id, dismissedAt: null, createdAt: { gt: new Date(now.getTime() - DAY_MS), lte: now } };
      const [items, count] = await Promise.all([
        tx.notification.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: DIGEST_ITEMS_MAX,
          select: { text: true, link: true, clientName: true },
        }),
        tx.notification.count({ where }),
      ]);
      if (!items.length) return null;
      try {
        return await queueEmail({ firm: scope.firm, db: tx }, { to: user.email!, userId: user.id, ...digestEmail(firm, user, items, count) });
      } catch (error) {
        if (isMessageRefusal(error)) return null;
        throw error;
      }
    });
    if (!message) continue;
    await dispatchOutboundMessage(scope, message);
    sent += 1;
  }
  return sent;
}

/** The digest's subject and text. */
export function digestEmail(
  firm: { name: string; slug: string },
  user: { fname: string },
  items: { text: string; link: string | null; clientName: string | null }[],
  count: number,
): { subject: string; text: string } {
  const origin = siteUrl(firm.slug);
  const lines = items.map((item) => {
    const link = safeLink(item.link);
    return `- ${item.text}${item.clientName ? ` (${item.clientName})` : ""}${link ? `\n  ${origin}${link}` : ""}`;
  });
  const more = count > items.length ? `\n…and ${count - items.length} more.` : "";
  const subject = `${count} unread notification${count === 1 ? "" : "s"} from the last 24 hours`;
  return {
    subject,
    text: `Hello${user.fname ? ` ${user.fname}` : ""},\n\nYou have ${count} unread notification${count === 1 ? "" : "s"} from the last 24 hours:\n\n${lines.join("\n")}${more}\n\nSee them all: ${origin}/\n\nYou get this email once a day because "Daily notification email" is on in your profile.`,
  };
}
