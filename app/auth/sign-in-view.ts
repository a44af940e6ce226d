/**
 * What the sign-in card shows: one of the spec's sign-in states (client spec §2 and §4), with
 * what that state needs to render. Loaders and actions build it on the server; the browser only
 * renders it (app/auth/ui/sign-in-flow.tsx). Plain module, shared by both.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { FieldErrors } from "~/errors";

export const SIGN_IN_STATES = [
  "login",
  "2fa",
  "alternate-sign-in",
  "expired-link",
  "forgot-password",
  "sent-email",
  "sent-text",
  "sent-link",
  "set-email",
  "set-password",
  "set-phone-number",
  "set-sign-in-method",
  "template-start",
  "template-sign-up",
] as const;

export type SignInState = (typeof SIGN_IN_STATES)[number];

export function isSignInState(value: unknown): value is SignInState {
  return typeof value === "string" && (SIGN_IN_STATES as readonly string[]).includes(value);
}

/** The card's header per state. The spec names seven; the others get a plain one. */
export const SIGN_IN_TITLES: Record<SignInState, string> = {
  login: "Sign In",
  "2fa": "2-Factor Auth",
  "alternate-sign-in": "Sign In",
  "expired-link": "This link has expired",
  "forgot-password": "Reset password",
  "sent-email": "Sign in via email",
  "sent-text": "Sign in via SMS",
  "sent-link": "Check your email",
  "set-email": "Sign in with email",
  "set-password": "Set up password",
  "set-phone-number": "Sign in via SMS",
  "set-sign-in-method": "How do you want to sign in next time?",
  "template-start": "Get started",
  "template-sign-up": "Create your account",
};

export type SignInMethodChoice = "password" | "email" | "sms";

export interface SignInView {
  state: SignInState;
  /** login: 'email' then 'password'; 2fa: 'choose' then 'code'. */
  step?: "email" | "password" | "choose" | "code";
  /** The email being signed in (as typed, or the signed-in user's). */
  email?: string;
  /** Where a code or link went, masked (`j•••n@acme.test`, `(•••) •••-0142`). */
  destination?: string;
  channel?: "email" | "sms";
  /** 2fa: the masked places a code can go. */
  maskedEmail?: string | null;
  maskedPhone?: string | null;
  /** expired-link: the old link's token (it names the user; a new link or code goes to them). */
  token?: string;
  /** sent-text: the SMS could not be sent, offer resetting the sign-in method. */
  smsFailed?: boolean;
  /** sent-link: what was sent. */
  linkPurpose?: "sign_in_link" | "password_reset" | "reset_method" | "template_sign_up";
  /** template-*: the public template link. */
  template?: { hashId: string; name: string };
  /** set-sign-in-method: the current choice, and the choices this user has (staff: password only). */
  method?: SignInMethodChoice | null;
  methods?: SignInMethodChoice[];
  /** set-phone-number: the phone on file (digits). */
  phone?: string;
  /**
   * set-password, set-email, set-phone-number: how the owner confirms it's them before the change
   * (absent when they did recently). `codeSent`: a code was just emailed to `destination`.
   */
  reauth?: { method: "password" | "code"; destination: string | null; codeSent?: boolean } | null;
}

type SignInField = "email" | "password" | "confirmPassword" | "code" | "fname" | "lname" | "phone" | "method" | "currentPassword" | "reauthCode";

/**
 * What an action refuses or notes, as it builds the answer: the form's message, the fields'
 * (the one `fieldErrors` shape of ~/errors), and what was typed. Passwords are never echoed.
 * The page gets it as conform's reply (`signInReply`).
 */
export interface SignInFeedback {
  formError?: string;
  fieldErrors?: Partial<Record<SignInField, string>> & FieldErrors;
  values?: Partial<Record<"email" | "fname" | "lname" | "phone" | "code", string>>;
  /** A success note shown above the form (e.g. 'A new code was sent'). */
  notice?: string;
}

export interface SignInPageData {
  view: SignInView;
  /** The last post's answer for the state's form (conform's `lastResult`): errors on their fields, what was typed. */
  reply?: SubmissionResult<string[]>;
  /** A success note shown above the form. */
  notice?: string;
  /** Where to go after signing in (a same-site path). */
  redirectTo?: string;
}

/**
 * Feedback as conform's reply: each field's message under its name, the form's under `""`, the
 * typed values as the form's initial values. Errors make it an error reply (conform then puts
 * them on the fields and moves focus to the first invalid one).
 */
export function signInReply(feedback: SignInFeedback | undefined): SubmissionResult<string[]> | undefined {
  if (!feedback) return undefined;
  const error: Record<string, string[]> = {};
  if (feedback.formError) error[""] = [feedback.formError];
  for (const [name, message] of Object.entries(feedback.fieldErrors ?? {})) if (message) error[name] = [message];
  const initialValue: Record<string, string> = {};
  for (const [name, value] of Object.entries(feedback.values ?? {})) if (value !== undefined) initialValue[name] = value;
  const failed = Object.keys(error).length > 0;
  if (!failed && Object.keys(initialValue).length === 0) return undefined;
  return failed ? { status: "error", initialValue, error } : { initialValue };
}

/** The page data for a view with the action's feedback. */
export function signInPageData(view: SignInView, feedback?: SignInFeedback, redirectTo?: string): SignInPageData {
  const payload: SignInPageData = { view };
  const reply = signInReply(feedback);
  if (reply) payload.reply = reply;
  if (feedback?.notice) payload.notice = feedback.notice;
  if (redirectTo) payload.redirectTo = redirectTo;
  return payload;
}
