/** The bell's count (app/notifications/rules.ts re-exports it): on its own, so every page's bell carries only this. */

/** The bell counts up to this many (it shows 99+). */
export const NOTIFICATION_BADGE_CAP = 100;

/** The bell's label: '3' or '99+'. */
export function badgeLabel(count: number): string {
  return count >= NOTIFICATION_BADGE_CAP ? "99+" : String(count);
}
