/**
 * Who may turn two-factor authentication off. Staff never can: the FTC Safeguards Rule requires
 * multi-factor authentication for anyone who accesses customer information, so staff have it on
 * from the start. Clients can, unless their firm forces it on every user (force_2fa_on_users).
 */

export interface TwoFactorPolicy {
  /** On and cannot be turned off. */
  required: boolean;
  /** Why, shown next to the switch (null when the user may choose). */
  reason: string | null;
}

export const TWO_FACTOR_REASONS = {
  staff: "Required for firm staff: the FTC Safeguards Rule requires multi-factor authentication for anyone who can see client information.",
  firm: "Your firm requires two-factor authentication for every account, so it can't be turned off.",
} as const;

export function twoFactorPolicy(user: { kind: "staff" | "client" }, firm: { force2faOnUsers: boolean }): TwoFactorPolicy {
  if (user.kind === "staff") return { required: true, reason: TWO_FACTOR_REASONS.staff };
  if (firm.force2faOnUsers) return { required: true, reason: TWO_FACTOR_REASONS.firm };
  return { required: false, reason: null };
}

/** What is stored: a required policy keeps it on whatever was asked. */
export function effectiveTwoFactor(requested: boolean, policy: TwoFactorPolicy): boolean {
  return policy.required || requested;
}
