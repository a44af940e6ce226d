/** The staff member's own "Daily notification email" setting (read by the digest job, digest.server.ts). */
import type { FirmDb } from "~/db.server";

export async function dailyDigestEnabled(db: FirmDb, user: { id: string }): Promise<boolean> {
  const row = await db.user.findUnique({ where: { id: user.id }, select: { dailyNotificationEnabled: true } });
  return row?.dailyNotificationEnabled ?? false;
}

export async function setDailyDigest(db: FirmDb, user: { id: string }, enabled: boolean): Promise<{ enabled: boolean }> {
  // A new choice starts a new day: turning it on sends today's digest at the next run.
  await db.user.update({ where: { id: user.id }, data: { dailyNotificationEnabled: enabled, dailyDigestSentOn: null } });
  return { enabled };
}
