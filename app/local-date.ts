/** Without date-fns (app/time-zones.ts re-exports it): the client dashboard's bundle needs only this. */
/** A YYYY-MM-DD date as a local Date at midnight (same result on server and browser). */
export function localDate(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(y, (m ?? 1) - 1, d ?? 1);
}
