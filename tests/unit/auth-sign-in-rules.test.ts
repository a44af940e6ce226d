import { describe, expect, it } from "vitest";
import {
  CODE_MAX_ATTEMPTS,
  LOCKOUT,
  SECRET_LIFETIME_MINUTES,
  SIGN_IN_MESSAGES,
  claimPasswordTry,
  clearedLockout,
  isLocked,
  maskEmail,
  maskPhone,
  normalizeCode,
  resendWaitMessage,
  secretExpiresAt,
  tooManyRequestsMessage,
  twoFactorRequired,
  type LockoutState,
} from "~/auth/sign-in-rules";
import { SIGN_IN_STATES, SIGN_IN_TITLES } from "~/auth/sign-in-view";

const MIN = 60_000;
const t0 = new Date("2026-03-02T15:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);

/** Runs wrong passwords at the given minutes; returns the state and whether each try was allowed. */
function failAt(minutes: number[], start: LockoutState = clearedLockout) {
  let state = start;
  const allowed: boolean[] = [];
  const locked: boolean[] = [];
  for (const m of minutes) {
    const tried = claimPasswordTry(state, at(m));
    allowed.push(tried.allowed);
    locked.push(tried.allowed && tried.locksNow);
    if (tried.allowed) state = tried.next;
  }
  return { state, allowed, locked };
}

describe("password lockout: 5 failures within 15 minutes lock for 15 minutes", () => {
  it("locks on the fifth failure inside the window, not before", () => {
    const four = failAt([0, 1, 2, 3]);
    expect(four.locked).toEqual([false, false, false, false]);
    expect(isLocked(four.state, at(3))).toBe(false);
    const five = failAt([0, 1, 2, 3, 4]);
    expect(five.locked).toEqual([false, false, false, false, true]);
    expect(five.state.lockedUntil).toEqual(at(4 + LOCKOUT.lockMinutes));
  });

  it("refuses every try while locked, and allows again exactly when the lock ends", () => {
    const { state } = failAt([0, 1, 2, 3, 4]);
    expect(claimPasswordTry(state, at(5)).allowed).toBe(false);
    expect(claimPasswordTry(state, at(18.99)).allowed).toBe(false);
    const after = claimPasswordTry(state, at(19));
    expect(after.allowed).toBe(true);
    // A new window starts: one failure, not locked.
    expect(after.allowed && after.next.failedCount).toBe(1);
    expect(after.allowed && after.locksNow).toBe(false);
  });

  it("does not lock five failures spread over more than 15 minutes", () => {
    const spread = failAt([0, 4, 8, 12, 15.01]);
    expect(spread.locked.some(Boolean)).toBe(false);
    expect(spread.state.failedCount).toBe(1);
  });

  it("counts from the first failure of the window (not a sliding reset on each failure)", () => {
    const run = failAt([0, 14, 14.5, 14.9, 15.5, 16, 17, 18]);
    // At 15.5 the window (started at 0) is over: count restarts at 1 there, so 15.5..18 is only 4.
    expect(run.locked).toEqual([false, false, false, false, false, false, false, false]);
    expect(run.state.failedCount).toBe(4);
  });

  it("a locked state is reported by isLocked until lockedUntil", () => {
    expect(isLocked({ lockedUntil: at(10) }, at(9.99))).toBe(true);
    expect(isLocked({ lockedUntil: at(10) }, at(10))).toBe(false);
    expect(isLocked({ lockedUntil: null }, at(0))).toBe(false);
  });
});

describe("one-time secret lifetimes", () => {
  it("codes live 10 minutes, self-requested links 15, reset links 30, staff-sent links a day", () => {
    expect(SECRET_LIFETIME_MINUTES.verification_code).toBe(10);
    expect(secretExpiresAt("verification_code", t0)).toEqual(at(10));
    expect(secretExpiresAt("sign_in_link", t0)).toEqual(at(15));
    expect(secretExpiresAt("password_reset", t0)).toEqual(at(30));
    expect(secretExpiresAt("staff_sign_in_link", t0)).toEqual(at(24 * 60));
    expect(secretExpiresAt("pending_two_factor", t0)).toEqual(at(15));
  });

  it("codes are void after 5 wrong tries", () => {
    expect(CODE_MAX_ATTEMPTS).toBe(5);
  });
});

describe("codes as typed", () => {
  it("accepts 6 digits, with spaces or dashes", () => {
    expect(normalizeCode("123456")).toBe("123456");
    expect(normalizeCode(" 123 456 ")).toBe("123456");
    expect(normalizeCode("123-456")).toBe("123456");
  });
  it("refuses anything else", () => {
    for (const bad of ["12345", "1234567", "abcdef", "12345a", "", "１２３４５６", null, undefined, 123456]) expect(normalizeCode(bad as never)).toBeNull();
  });
});

describe("two-factor applies", () => {
  it("to every staff member, to everyone when the firm forces it, and to clients who turned it on", () => {
    expect(twoFactorRequired({ kind: "staff", enabled2fa: false }, { force2faOnUsers: false })).toBe(true);
    expect(twoFactorRequired({ kind: "client", enabled2fa: false }, { force2faOnUsers: true })).toBe(true);
    expect(twoFactorRequired({ kind: "client", enabled2fa: true }, { force2faOnUsers: false })).toBe(true);
    expect(twoFactorRequired({ kind: "client", enabled2fa: false }, { force2faOnUsers: false })).toBe(false);
  });
});

describe("masked destinations", () => {
  it("shows the first and last letter of the mailbox and the domain", () => {
    expect(maskEmail("jordan@acme.test")).toBe("j•••n@acme.test");
    expect(maskEmail("jo@acme.test")).toBe("j•••@acme.test");
    expect(maskEmail("broken")).toBe("•••");
  });
  it("shows the last four digits of a phone", () => {
    expect(maskPhone("5035550142")).toBe("(•••) •••-0142");
    expect(maskPhone("(503) 555-0142")).toBe("(•••) •••-0142");
  });
});

describe("messages", () => {
  it("keep the spec's wording", () => {
    expect(SIGN_IN_MESSAGES.restricted).toBe(
      "Access to this account has been temporarily restricted. Please try again later or reset your password for immediate access.",
    );
    expect(SIGN_IN_MESSAGES.unknownUser).toBe("Sorry, we couldn't find a user with that email address");
    expect(SIGN_IN_MESSAGES.invalidCode).toBe("Invalid or expired verification code");
    expect(SIGN_IN_MESSAGES.tooManyAttempts).toBe("Too many incorrect attempts");
  });
  it("say how long to wait when throttled", () => {
    expect(tooManyRequestsMessage(42)).toBe("Too many requests. Please wait 42 seconds and try again.");
    expect(tooManyRequestsMessage(600)).toBe("Too many requests. Please try again in 10 minutes.");
    expect(resendWaitMessage(1)).toBe("Please wait 1 second before requesting another code.");
    expect(resendWaitMessage(29.2)).toBe("Please wait 30 seconds before requesting another code.");
  });
  it("give every state a header, the spec's where it names one", () => {
    for (const state of SIGN_IN_STATES) expect(SIGN_IN_TITLES[state]).toBeTruthy();
    expect(SIGN_IN_TITLES.login).toBe("Sign In");
    expect(SIGN_IN_TITLES["2fa"]).toBe("2-Factor Auth");
    expect(SIGN_IN_TITLES["forgot-password"]).toBe("Reset password");
    expect(SIGN_IN_TITLES["sent-email"]).toBe("Sign in via email");
    expect(SIGN_IN_TITLES["sent-text"]).toBe("Sign in via SMS");
    expect(SIGN_IN_TITLES["set-password"]).toBe("Set up password");
    expect(SIGN_IN_TITLES["set-sign-in-method"]).toBe("How do you want to sign in next time?");
  });
});
