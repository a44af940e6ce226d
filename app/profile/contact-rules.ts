/**
 * When the dashboard asks a client to 'Confirm this information': a questionnaire asking for a
 * profile update was sent after the client last confirmed (or they never did).
 */
export function needsContactConfirmation(confirmedAt: Date | null, sentAt: Date | null): boolean {
  if (!sentAt) return false;
  return confirmedAt === null || confirmedAt.getTime() < sentAt.getTime();
}
