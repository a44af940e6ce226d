import type { FirmSiteContext } from "~/context.server";
import type { SignInTokenPurpose } from "~/generated/prisma/enums";
import { hashToken } from "./tokens.server";

/**
 * Uses a one-time token: marks it used in the same statement that checks it is unused and
 * unexpired, so two requests racing with one token cannot both succeed. Returns the user id.
 */
export async function consumeSignInToken(portal: FirmSiteContext, token: string, purpose: SignInTokenPurpose): Promise<string | null> {
  const now = new Date();
  const { count } = await portal.db.signInToken.updateMany({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) return null;
  const row = await portal.db.signInToken.findFirst({ where: { tokenHash: hashToken(token), purpose }, select: { userId: true } });
  return row?.userId ?? null;
}
