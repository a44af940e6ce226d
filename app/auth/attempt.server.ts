import { createCookie } from "@remix-run/node";
import { env, sessionSecret } from "~/env.server";
import { SECRET_LIFETIME_MINUTES } from "./sign-in-rules";
import { hashToken, newToken } from "./tokens.server";

/**
 * The browser's sign-in attempt: a random token in a host-only, HttpOnly cookie. A code sent
 * during sign-in is stored with the hash of this token (`sign_in_tokens.attempt_hash`) and is
 * accepted only from the browser holding it, so a code read off someone's phone or mailbox is
 * useless in another browser.
 */
function attemptCookie() {
  const secure = env().APP_PROTOCOL === "https";
  return createCookie(secure ? "__Host-portal_signin" : "portal_signin", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [sessionSecret()],
    maxAge: SECRET_LIFETIME_MINUTES.attempt * 60,
  });
}

export interface SignInAttempt {
  /** What sign_in_tokens.attempt_hash holds. */
  hash: string;
  /** Set-Cookie to send when the attempt is new (null when the browser already has it). */
  cookie: string | null;
}

/** The request's attempt, or null. */
export async function readAttempt(request: Request): Promise<SignInAttempt | null> {
  const value = await attemptCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length >= 32 ? { hash: hashToken(value), cookie: null } : null;
}

/** The request's attempt, or a new one (then `cookie` must be sent with the response). */
export async function ensureAttempt(request: Request): Promise<SignInAttempt> {
  const existing = await readAttempt(request);
  if (existing) return existing;
  const token = newToken();
  return { hash: hashToken(token), cookie: await attemptCookie().serialize(token) };
}

/** Ends the attempt in the browser (after a successful sign-in). */
export function clearAttemptCookie(): Promise<string> {
  return attemptCookie().serialize("", { maxAge: 0 });
}
