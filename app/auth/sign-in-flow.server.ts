/**
 * The email-first sign-in flow of /signin (client spec §2, §4, §5, §8): which state comes next
 * after each form, with the spec's messages. Routes stay thin: the /signin loader calls
 * `loadSignInPage`, its action `handleSignInAction`; /template/{hashId} and /auth/link reuse
 * `continueWithEmail` and `finishFirstFactor`.
 *
 * State lives in the URL (`?state=…&redirect=…`), in hidden form fields, and in two cookies:
 * the attempt cookie (codes are tied to it) and, between the first and second factor, a waiting
 * session. Every POST is checked for its Origin and throttled per client address.
 */
import { createHmac } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import { sessionSecret } from "~/env.server";
import type { z } from "zod";
import type { FirmSiteContext } from "~/context.server";
import { PHONE_MESSAGES, phoneDigits } from "~/profile/phone";
import { AUTH_ACTIVITY, logAuthEvent } from "./auth-activity.server";
import { clearAttemptCookie, ensureAttempt, readAttempt } from "./attempt.server";
import { emailSchema } from "./email-rules";
import { requireSameOrigin } from "./origin";
import { hashPassword } from "./password.server";
import { safeRedirect } from "./redirect";
import {
  cancelPhoneVerification,
  confirmIdentity,
  confirmPhoneVerification,
  notifyAccountChange,
  pendingPhoneVerification,
  reauthOption,
  sendReauthCode,
  startPhoneVerification,
} from "./reauth.server";
import { createSession, completeTwoFactor, endOtherSessions, getPendingSignIn, getSessionUser, requireUser, type SessionUser } from "./session.server";
import { sendSignInLink, inspectLink, type LinkPurpose } from "./sign-in-links.server";
import { channelSchema, emailFirstSchema, emailStepSchema, passwordSignInSchema, setPasswordSchema } from "./sign-in-schema";
import { SIGN_IN_MESSAGES, STAFF_PASSWORD_ONLY, maskEmail, maskPhone, normalizeCode, tooManyRequestsMessage, twoFactorRequired } from "./sign-in-rules";
import { findUserByEmail, findUserById, type SignInUser } from "./sign-in-user.server";
import { isSignInState, signInPageData, type SignInFeedback, type SignInPageData, type SignInState, type SignInView } from "./sign-in-view";
import { signInWithPassword } from "./sign-in.server";
import { recordSignInFailure, throttleSignIn } from "./throttle.server";
import { checkVerificationCode, latestCodeForAttempt, sendVerificationCode, type CodeChannel } from "./verification-codes.server";

/** set-email with an address other than the account's. */
export const SET_EMAIL_OTHER_ADDRESS = "Sign-in links go to your account's email. To use another address, change your email in your profile first.";

// ─── Responses ───

function headersWith(cookies: (string | null | undefined)[]): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The card in a state, with errors and what was typed. */
export function page(view: SignInView, target: string, feedback?: SignInFeedback, status = 200, cookies: (string | null | undefined)[] = []) {
  const payload = signInPageData(view, feedback, target === "/" ? undefined : target);
  return data(payload, { status, headers: headersWith(cookies) });
}

function go(to: string, cookies: (string | null | undefined)[] = []) {
  return redirect(to, { headers: headersWith(cookies) });
}

/** `/signin?state=…&redirect=…` (redirect left out when it is `/`). */
export function stateUrl(state: SignInState, target: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ state, ...extra });
  if (target !== "/") params.set("redirect", target);
  return `/signin?${params}`;
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? SIGN_IN_MESSAGES.somethingWrong;
}

function text(form: FormData, name: string, max = 500): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

// ─── After a first factor ───

/**
 * Signs the user in after a first factor (password, link, template sign-up) or a code sent as
 * the sign-in itself (`twoFactorDone`). When two-factor applies and is not done, the session
 * waits for it (state '2fa'). A user who must set a password goes through /set-sign-in-method.
 */
export async function finishFirstFactor(
  portal: FirmSiteContext,
  request: Request,
  user: SignInUser,
  target: string,
  { how, twoFactorDone = false, proved = false }: { how: string; twoFactorDone?: boolean; proved?: boolean },
) {
  if (!user.paying) return page({ state: "login", step: "email" }, target, { formError: SIGN_IN_MESSAGES.inactive }, 403);
  // Staff need two factors: a code is only ever their second (after the password or a link).
  if (twoFactorDone && user.kind === "staff") return page({ state: "login", step: "email" }, target, { formError: STAFF_PASSWORD_ONLY }, 403);
  const settingUp = target.startsWith("/set-sign-in-method") || target.startsWith("/signin?state=set-");
  const after = user.setPasswordRequired && !settingUp ? `/set-sign-in-method?${new URLSearchParams({ redirect: target })}` : target;
  // A link that leads straight to choosing how to sign in (a reset link, a staff-sent link that
  // cleared the password, a confirmed sign-up) is the owner's proof for that change.
  const reauthenticatedAt = proved && (settingUp || after !== target) ? new Date() : null;
  const clear = await clearAttemptCookie();
  if (!twoFactorDone && twoFactorRequired(user, portal.firm.preferences)) {
    const cookie = await createSession(portal, user.id, request, { pendingTwoFactor: true, reauthenticatedAt });
    return go(stateUrl("2fa", after), [cookie, clear]);
  }
  const cookie = await createSession(portal, user.id, request, { twoFactorVerified: twoFactorDone, reauthenticatedAt });
  await portal.db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  await logAuthEvent(portal, { title: AUTH_ACTIVITY.signedIn, description: how, userId: user.id });
  return go(after, [cookie, clear]);
}

// ─── Sending codes and links ───

async function sendFirstFactorCode(portal: FirmSiteContext, request: Request, user: SignInUser, channel: CodeChannel, target: string, from: SignInView) {
  if (user.kind === "staff") return page(from, target, { formError: STAFF_PASSWORD_ONLY, values: { email: from.email } }, 403);
  const attempt = await ensureAttempt(request);
  const sent = await sendVerificationCode(portal, user, { channel, attemptHash: attempt.hash, redirectTo: target });
  if (sent.ok) return go(stateUrl(channel === "sms" ? "sent-text" : "sent-email", target, { to: sent.destination }), [attempt.cookie]);
  if (sent.status === 502 && channel === "sms") {
    return page({ state: "sent-text", email: user.email ?? undefined, smsFailed: true }, target, { formError: sent.message }, 502, [attempt.cookie]);
  }
  return page(from, target, { formError: sent.message, values: { email: from.email } }, sent.status, [attempt.cookie]);
}

async function sendLinkAndShow(
  portal: FirmSiteContext,
  request: Request,
  user: SignInUser,
  purpose: LinkPurpose,
  redirectTo: string,
  target: string,
  from: SignInView,
  shown: SignInView["linkPurpose"] = purpose,
) {
  const attempt = await ensureAttempt(request);
  const sent = await sendSignInLink(portal, user, { purpose, redirectTo, attemptHash: attempt.hash });
  if (sent.ok) return go(stateUrl("sent-link", target, { sent: shown ?? purpose, to: sent.destination }), [attempt.cookie]);
  return page(from, target, { formError: sent.message, values: { email: from.email } }, sent.status, [attempt.cookie]);
}

/**
 * An email nobody of this firm has: the same answer as for an account, so the sign-in page can't
 * be used to find out who is a client of the firm (the spec's 'couldn't find a user' message is
 * not shown). Nothing is sent; the failure counts against the address like any other.
 */
async function answerAsIfSent(portal: FirmSiteContext, request: Request, email: string, target: string, what: "link" | "reset" | "email-code" | "sms-code") {
  await recordSignInFailure(portal);
  await logAuthEvent(portal, { title: AUTH_ACTIVITY.signInFailed, description: "Unknown email", userId: null });
  const attempt = await ensureAttempt(request);
  if (what === "email-code") return go(stateUrl("sent-email", target, { to: maskEmail(email) }), [attempt.cookie]);
  if (what === "sms-code") return go(stateUrl("sent-text", target, { to: decoyPhone(email) }), [attempt.cookie]);
  return go(stateUrl("sent-link", target, { sent: what === "reset" ? "password_reset" : "sign_in_link", to: maskEmail(email) }), [attempt.cookie]);
}

/** A masked number that stays the same for the same unknown address (asking twice must not tell). */
function decoyPhone(email: string): string {
  const digits = createHmac("sha256", sessionSecret()).update(email.toLowerCase()).digest().readUInt32BE(0) % 10_000;
  return maskPhone(String(digits).padStart(4, "0"));
}

const MASKED_EMAIL = /^[^\s<>•@]•••[^\s<>•@]?@[A-Za-z0-9.-]{1,253}$/;
const MASKED_PHONE = /^\(•••\) •••-\d{4}$/;

/** Where a code or link went, as the redirect after sending put it in the URL (masked; display only). */
function shownDestination(url: URL, kind: "email" | "sms"): string | undefined {
  const to = url.searchParams.get("to") ?? "";
  return (kind === "sms" ? MASKED_PHONE : MASKED_EMAIL).test(to) ? to : undefined;
}

/**
 * After the email step (on /signin, or /template/{hashId} for a known email): the user's
 * preferred method decides. Password → the password field; SMS → a texted code; email → a code
 * when two-factor applies, otherwise a link; no usable method → a link.
 */
export async function continueWithEmail(portal: FirmSiteContext, request: Request, email: string, target: string, from: SignInView) {
  const user = await findUserByEmail(portal, email);
  if (!user) return answerAsIfSent(portal, request, email, target, "link");
  if (!user.paying) return page(from, target, { formError: SIGN_IN_MESSAGES.inactive, values: { email } }, 403);
  const method = user.preferredSignInMethod;
  if (method === "password" && user.passwordHash) return page({ state: "login", step: "password", email }, target);
  const here: SignInView = { state: "login", step: "email", email };
  if (user.kind === "staff") {
    // Staff sign in with a password and a code, whatever method an older record names.
    if (user.passwordHash && !user.setPasswordRequired) return page({ state: "login", step: "password", email }, target);
    return sendLinkAndShow(portal, request, user, "password_reset", stateUrl("set-password", target), target, here);
  }
  if (method === "sms") return sendFirstFactorCode(portal, request, user, "sms", target, here);
  if (method === "email" && twoFactorRequired(user, portal.firm.preferences)) return sendFirstFactorCode(portal, request, user, "email", target, here);
  return sendLinkAndShow(portal, request, user, "sign_in_link", target, target, here);
}

// ─── The /signin loader ───

/** The view for a GET of /signin?state=… (what can be known from the URL and the cookies). */
export async function loadSignInPage(request: Request, portal: FirmSiteContext) {
  const url = new URL(request.url);
  const target = safeRedirect(url.searchParams.get("redirect"));
  const asked = url.searchParams.get("state");
  const state: SignInState = isSignInState(asked) ? asked : "login";
  const signedIn = await getSessionUser(request, portal);
  const noStore = { headers: { "Cache-Control": "no-store" } };
  const payload = (view: SignInView): SignInPageData => ({ view, redirectTo: target === "/" ? undefined : target });

  if (state === "set-password" || state === "set-email" || state === "set-phone-number") {
    const user = await requireUser(request, portal);
    return data(payload(await accountChangeView(portal, user, state)), noStore);
  }
  if (signedIn) throw redirect(target);

  const pending = await getPendingSignIn(request, portal);
  if (pending && (state === "2fa" || state === "login")) {
    const user = await findUserById(portal, pending.id);
    const code = url.searchParams.get("step") === "code" ? await latestCodeForAttempt(portal, pending.sessionId) : null;
    return data(
      payload({
        state: "2fa",
        step: code ? "code" : "choose",
        channel: code?.channel === "sms" ? "sms" : code ? "email" : undefined,
        destination: code ? (code.channel === "sms" ? maskPhone(user?.phoneNumber ?? "") : maskEmail(user?.email ?? "")) : undefined,
        maskedEmail: user?.email ? maskEmail(user.email) : null,
        maskedPhone: user?.phoneNumber ? maskPhone(user.phoneNumber) : null,
      }),
      noStore,
    );
  }
  if (state === "2fa") throw redirect(stateUrl("login", target));

  if (state === "sent-email" || state === "sent-text") {
    const attempt = await readAttempt(request);
    const code = attempt ? await latestCodeForAttempt(portal, attempt.hash) : null;
    const user = code ? await findUserById(portal, code.userId) : null;
    if (!code || !user) {
      const channel = state === "sent-text" ? "sms" : "email";
      const destination = shownDestination(url, channel);
      return data(payload(destination ? { state, channel, destination } : { state: "login", step: "email" }), noStore);
    }
    const channel = code.channel === "sms" ? "sms" : "email";
    return data(
      payload({
        state: channel === "sms" ? "sent-text" : "sent-email",
        channel,
        destination: channel === "sms" ? maskPhone(user.phoneNumber ?? "") : maskEmail(user.email ?? ""),
      }),
      noStore,
    );
  }
  if (state === "sent-link") {
    const attempt = await readAttempt(request);
    const link = attempt
      ? await portal.db.signInToken.findFirst({
          where: { attemptHash: attempt.hash, purpose: { in: ["sign_in_link", "password_reset"] } },
          orderBy: { createdAt: "desc" },
          select: { user: { select: { email: true } } },
        })
      : null;
    const sent = url.searchParams.get("sent");
    return data(
      payload({
        state: "sent-link",
        destination: link?.user.email ? maskEmail(link.user.email) : shownDestination(url, "email"),
        linkPurpose: sent === "password_reset" || sent === "reset_method" || sent === "template_sign_up" ? sent : "sign_in_link",
      }),
      noStore,
    );
  }
  if (state === "forgot-password" || state === "alternate-sign-in" || state === "expired-link") return data(payload({ state }), noStore);
  return data(payload({ state: "login", step: "email" }), noStore);
}

// ─── Account changes from the card (set-password, set-email, set-phone-number) ───

/** The card for an account change: the current values, how to confirm it's the owner, a texted code waiting. */
async function accountChangeView(
  portal: FirmSiteContext,
  user: SessionUser,
  state: "set-password" | "set-email" | "set-phone-number",
  codeSent = false,
): Promise<SignInView> {
  const row = await portal.db.user.findFirst({ where: { id: user.id }, select: { email: true, phoneNumber: true } });
  const option = await reauthOption(portal, user);
  const view: SignInView = {
    state,
    email: row?.email ?? undefined,
    phone: row?.phoneNumber ?? undefined,
    reauth: option.recent ? null : { method: option.method, destination: option.destination, codeSent },
  };
  if (state === "set-phone-number") {
    const waiting = await pendingPhoneVerification(portal, user);
    if (waiting) return { ...view, step: "code", destination: waiting.masked, phone: waiting.digits };
  }
  return view;
}

/** The identity proof typed in a card form; on refusal, the card again with the error on its field. */
async function identityOrPage(
  portal: FirmSiteContext,
  user: SessionUser,
  form: FormData,
  state: "set-password" | "set-email" | "set-phone-number",
  target: string,
  values: SignInFeedback["values"] = {},
) {
  const checked = await confirmIdentity(portal, user, { currentPassword: text(form, "currentPassword", 1000), reauthCode: text(form, "reauthCode", 20) });
  if (checked.ok) return null;
  const view = await accountChangeView(portal, user, state);
  const feedback: SignInFeedback =
    checked.field === "form" ? { formError: checked.message, values } : { fieldErrors: { [checked.field]: checked.message }, values };
  return page(view, target, feedback, checked.status);
}

// ─── The /signin action ───

const INTENTS = [
  "lookup",
  "password",
  "forgot",
  "alternate",
  "send-reset",
  "send-link",
  "send-code",
  "verify-code",
  "expired-resend",
  "reset-method",
  "set-password",
  "set-email",
  "set-phone",
  "verify-phone",
  "phone-restart",
  "reauth-send-code",
] as const;
type Intent = (typeof INTENTS)[number];

/** The view a form came from, to show it again with an error. */
function viewOf(intent: Intent, form: FormData, channelAsked: string): SignInView {
  const email = text(form, "email", 254) || undefined;
  switch (intent) {
    case "lookup":
      return { state: "login", step: "email", email };
    case "password":
    case "forgot":
    case "alternate":
      return { state: "login", step: "password", email };
    case "send-reset":
      return { state: "forgot-password", email };
    case "send-link":
      return { state: "alternate-sign-in", email };
    case "send-code":
    case "verify-code": {
      const flow = text(form, "flow");
      const channel = channelAsked === "sms" ? "sms" : "email";
      if (flow === "2fa") return { state: "2fa", step: intent === "verify-code" ? "code" : "choose", channel };
      if (flow === "alternate") return { state: "alternate-sign-in", email };
      return { state: channel === "sms" ? "sent-text" : "sent-email", channel, email };
    }
    case "expired-resend":
      return { state: "expired-link", email, token: text(form, "token", 200) || undefined };
    case "reset-method":
      return { state: "sent-text", smsFailed: true, email };
    case "set-password":
      return { state: "set-password" };
    case "set-email":
      return { state: "set-email", email };
    case "set-phone":
      return { state: "set-phone-number", phone: text(form, "phone", 20) };
    case "verify-phone":
    case "phone-restart":
      return { state: "set-phone-number", step: "code" };
    case "reauth-send-code": {
      const back = text(form, "back");
      return { state: back === "set-email" || back === "set-phone-number" ? back : "set-password" };
    }
  }
}

/** The 2fa view of a waiting session (both places a code can go, masked). */
async function twoFactorView(portal: FirmSiteContext, pending: SessionUser, step: "choose" | "code", channel?: CodeChannel): Promise<SignInView> {
  const user = await findUserById(portal, pending.id);
  return {
    state: "2fa",
    step,
    channel,
    destination: channel === "sms" ? maskPhone(user?.phoneNumber ?? "") : channel === "email" ? maskEmail(user?.email ?? "") : undefined,
    maskedEmail: user?.email ? maskEmail(user.email) : null,
    maskedPhone: user?.phoneNumber ? maskPhone(user.phoneNumber) : null,
  };
}

export async function handleSignInAction(request: Request, portal: FirmSiteContext) {
  requireSameOrigin(request, portal.origin);
  const form = await request.formData();
  const target = safeRedirect(form.get("redirect"));
  // A button may name its channel too: `send-code:sms`.
  const [asked, suffix] = text(form, "intent", 40).split(":");
  const channelAsked = suffix ?? text(form, "channel", 10);
  const intent: Intent | null = (INTENTS as readonly string[]).includes(asked)
    ? (asked as Intent)
    : asked
      ? null
      : form.has("password")
        ? "password"
        : "lookup";
  if (!intent) return page({ state: "login", step: "email" }, target, { formError: SIGN_IN_MESSAGES.somethingWrong }, 400);
  const from = viewOf(intent, form, channelAsked);
  const values = { email: from.email };

  const throttle = await throttleSignIn(portal);
  if (!throttle.allowed) return page(from, target, { formError: tooManyRequestsMessage(throttle.retryAfterSeconds), values }, 429);

  switch (intent) {
    case "lookup": {
      const parsed = emailStepSchema.safeParse({ email: text(form, "email") });
      if (!parsed.success) return page(from, target, { fieldErrors: { email: firstMessage(parsed.error) }, values }, 400);
      return continueWithEmail(portal, request, parsed.data.email, target, from);
    }

    case "password": {
      const parsed = passwordSignInSchema.safeParse({ email: text(form, "email"), password: text(form, "password", 1000) });
      if (!parsed.success) {
        const fieldErrors: SignInFeedback["fieldErrors"] = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === "password" ? "password" : "email";
          fieldErrors[field] ??= issue.message;
        }
        return page(from, target, { fieldErrors, values }, 400);
      }
      const result = await signInWithPassword(portal, parsed.data.email, parsed.data.password);
      if (!result.ok) {
        const feedback: SignInFeedback =
          result.field === "form" ? { formError: result.message, values } : { fieldErrors: { [result.field]: result.message }, values };
        return page(from, target, feedback, result.status);
      }
      return finishFirstFactor(portal, request, result.user, target, { how: "With a password" });
    }

    case "forgot": {
      const email = text(form, "email").trim();
      if (!email) return page(from, target, { fieldErrors: { email: SIGN_IN_MESSAGES.fillEmailFirst } }, 400);
      return page({ state: "forgot-password", email }, target);
    }

    case "alternate": {
      const parsed = emailFirstSchema.safeParse({ email: text(form, "email") });
      if (!parsed.success) return page(from, target, { fieldErrors: { email: firstMessage(parsed.error) }, values }, 400);
      return page({ state: "alternate-sign-in", email: parsed.data.email }, target);
    }

    case "send-reset":
    case "send-link": {
      const schema = intent === "send-reset" ? emailStepSchema : emailFirstSchema;
      const parsed = schema.safeParse({ email: text(form, "email") });
      if (!parsed.success) return page(from, target, { fieldErrors: { email: firstMessage(parsed.error) }, values }, 400);
      const user = await findUserByEmail(portal, parsed.data.email);
      if (!user) return answerAsIfSent(portal, request, parsed.data.email, target, intent === "send-reset" ? "reset" : "link");
      if (!user.paying) return page(from, target, { formError: SIGN_IN_MESSAGES.inactive, values }, 403);
      if (intent === "send-link" && user.kind === "staff") return page(from, target, { formError: STAFF_PASSWORD_ONLY, values }, 403);
      return intent === "send-reset"
        ? sendLinkAndShow(portal, request, user, "password_reset", stateUrl("set-password", target), target, from)
        : sendLinkAndShow(portal, request, user, "sign_in_link", target, target, from);
    }

    case "send-code": {
      const channel = channelSchema.safeParse(channelAsked);
      if (!channel.success) return page(from, target, { formError: SIGN_IN_MESSAGES.somethingWrong, values }, 400);
      if (text(form, "flow") === "2fa") {
        const pending = await getPendingSignIn(request, portal);
        if (!pending) return go(stateUrl("login", target));
        const user = await findUserById(portal, pending.id);
        if (!user) return go(stateUrl("login", target));
        const sent = await sendVerificationCode(portal, user, { channel: channel.data, attemptHash: pending.sessionId, redirectTo: target });
        if (sent.ok) return go(stateUrl("2fa", target, { step: "code" }));
        return page(await twoFactorView(portal, pending, "choose"), target, { formError: sent.message }, sent.status);
      }
      const user = await signInUserFor(portal, request, form);
      if (!user) return page(from, target, { formError: SIGN_IN_MESSAGES.signInProblem, values }, 400);
      if (user === "unknown") {
        const typed = emailSchema().safeParse(text(form, "email").trim());
        if (!typed.success) return page(from, target, { fieldErrors: { email: firstMessage(typed.error) }, values }, 400);
        return answerAsIfSent(portal, request, typed.data, target, channel.data === "sms" ? "sms-code" : "email-code");
      }
      if (!user.paying) return page(from, target, { formError: SIGN_IN_MESSAGES.inactive, values }, 403);
      return sendFirstFactorCode(portal, request, user, channel.data, target, from);
    }

    case "verify-code": {
      const code = normalizeCode(form.get("code"));
      const typed = text(form, "code", 20);
      if (text(form, "flow") === "2fa") {
        const pending = await getPendingSignIn(request, portal);
        if (!pending) return go(stateUrl("login", target));
        const view = await twoFactorView(portal, pending, "code", from.channel);
        if (!code) return page(view, target, { fieldErrors: { code: SIGN_IN_MESSAGES.invalidCode }, values: { code: typed } }, 400);
        const checked = await checkVerificationCode(portal, { attemptHash: pending.sessionId, code, userId: pending.id });
        if (!checked.ok) return page(view, target, { fieldErrors: { code: checked.message }, values: { code: typed } }, checked.status);
        const cookie = await completeTwoFactor(portal, request, pending);
        await portal.db.user.update({ where: { id: pending.id }, data: { lastSignInAt: new Date() } });
        await logAuthEvent(portal, {
          title: AUTH_ACTIVITY.signedIn,
          description: `Second factor: a code by ${checked.channel === "sms" ? "SMS" : "email"}`,
          userId: pending.id,
        });
        return go(target, [cookie]);
      }
      const attempt = await readAttempt(request);
      const latest = attempt ? await latestCodeForAttempt(portal, attempt.hash) : null;
      const view: SignInView = latest
        ? { ...from, channel: latest.channel === "sms" ? "sms" : "email", state: latest.channel === "sms" ? "sent-text" : "sent-email" }
        : from;
      if (!code || !attempt) {
        if (attempt) await recordSignInFailure(portal);
        return page(view, target, { fieldErrors: { code: SIGN_IN_MESSAGES.invalidCode }, values: { code: typed } }, code ? 401 : 400);
      }
      const checked = await checkVerificationCode(portal, { attemptHash: attempt.hash, code });
      if (!checked.ok) return page(view, target, { fieldErrors: { code: checked.message }, values: { code: typed } }, checked.status);
      const user = await findUserById(portal, checked.userId);
      if (!user) return page(view, target, { formError: SIGN_IN_MESSAGES.signInProblem }, 400);
      return finishFirstFactor(portal, request, user, target, {
        how: `With a code by ${checked.channel === "sms" ? "SMS" : "email"}`,
        twoFactorDone: true,
      });
    }

    case "expired-resend": {
      const channel = channelSchema.safeParse(channelAsked);
      if (!channel.success) return page(from, target, { formError: SIGN_IN_MESSAGES.somethingWrong, values }, 400);
      const token = text(form, "token", 200);
      let user: SignInUser | null = null;
      if (token) {
        const link = await inspectLink(portal, token);
        user = link.status === "unknown" ? null : await findUserById(portal, link.userId);
      }
      if (!user) {
        const parsed = emailFirstSchema.safeParse({ email: text(form, "email") });
        if (!parsed.success) return page({ ...from, token: undefined }, target, { fieldErrors: { email: firstMessage(parsed.error) }, values }, 400);
        user = await findUserByEmail(portal, parsed.data.email);
        if (!user) return answerAsIfSent(portal, request, parsed.data.email, target, channel.data === "sms" ? "sms-code" : "link");
      }
      if (!user.paying) return page(from, target, { formError: SIGN_IN_MESSAGES.inactive, values }, 403);
      return channel.data === "sms"
        ? sendFirstFactorCode(portal, request, user, "sms", target, from)
        : sendLinkAndShow(portal, request, user, "sign_in_link", target, target, from);
    }

    case "reset-method": {
      const user = await signInUserFor(portal, request, form);
      if (!user || user === "unknown") return page(from, target, { formError: SIGN_IN_MESSAGES.linkSendFailed, values }, 400);
      const after = `/set-sign-in-method?${new URLSearchParams({ redirect: target })}`;
      return sendLinkAndShow(portal, request, user, "password_reset", after, target, from, "reset_method");
    }

    case "reauth-send-code": {
      const user = await requireUser(request, portal);
      const state = from.state as "set-password" | "set-email" | "set-phone-number";
      const sent = await sendReauthCode(portal, user);
      const view = await accountChangeView(portal, user, state, sent.ok);
      const values = { phone: text(form, "phone", 40) || undefined };
      if (!sent.ok) return page(view, target, { formError: sent.message, values }, sent.status);
      return page(view, target, { notice: `We emailed a code to ${view.reauth?.destination ?? "your email"}.`, values });
    }

    case "set-password": {
      const user = await requireUser(request, portal);
      const parsed = setPasswordSchema.safeParse({ password: text(form, "password", 1000), confirmPassword: text(form, "confirmPassword", 1000) });
      if (!parsed.success) {
        const fieldErrors: SignInFeedback["fieldErrors"] = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === "confirmPassword" ? "confirmPassword" : "password";
          fieldErrors[field] ??= issue.message;
        }
        return page(await accountChangeView(portal, user, "set-password"), target, { fieldErrors }, 400);
      }
      const refused = await identityOrPage(portal, user, form, "set-password", target);
      if (refused) return refused;
      const passwordHash = await hashPassword(parsed.data.password);
      const before = await portal.db.user.findFirst({ where: { id: user.id }, select: { preferredSignInMethod: true } });
      await portal.db.user.update({
        where: { id: user.id },
        data: {
          passwordHash,
          setPasswordRequired: false,
          preferredSignInMethod: "password",
          failedSignInCount: 0,
          firstFailedSignInAt: null,
          signInLockedUntil: null,
        },
      });
      const ended = await endOtherSessions(portal.db, user.id, user.sessionId);
      await logAuthEvent(portal, { title: AUTH_ACTIVITY.passwordChanged, description: ended ? `Other sessions ended: ${ended}` : null, userId: user.id });
      if (before?.preferredSignInMethod !== "password")
        await logAuthEvent(portal, { title: AUTH_ACTIVITY.methodChanged, description: "To password", userId: user.id });
      await notifyAccountChange(portal, user.id, "password");
      return go(target);
    }

    case "set-email": {
      // Sign-in links go to the account's email; changing that address (with its confirmation
      // link) belongs to the profile, so here it can only be confirmed.
      const user = await requireUser(request, portal);
      if (user.kind === "staff") return page(await accountChangeView(portal, user, "set-email"), target, { formError: STAFF_PASSWORD_ONLY }, 403);
      const parsed = emailSchema().safeParse(text(form, "email"));
      const row = await portal.db.user.findFirst({ where: { id: user.id }, select: { email: true, preferredSignInMethod: true } });
      if (!parsed.success || parsed.data !== row?.email) {
        return page(await accountChangeView(portal, user, "set-email"), target, { fieldErrors: { email: SET_EMAIL_OTHER_ADDRESS } }, 400);
      }
      const refused = await identityOrPage(portal, user, form, "set-email", target);
      if (refused) return refused;
      await setMethod(portal, user.id, row.preferredSignInMethod, "email");
      if (row.preferredSignInMethod !== "email") await notifyAccountChange(portal, user.id, "sign-in method");
      return go(target);
    }

    case "set-phone": {
      // A new number is saved only once a code texted to it comes back (verify-phone).
      const user = await requireUser(request, portal);
      const typedPhone = text(form, "phone", 40);
      const values = { phone: typedPhone };
      const digits = phoneDigits(typedPhone);
      const problem = digits.length === 0 ? PHONE_MESSAGES.required : digits.length !== 10 ? PHONE_MESSAGES.length : null;
      if (problem) return page(await accountChangeView(portal, user, "set-phone-number"), target, { fieldErrors: { phone: problem }, values }, 400);
      const refused = await identityOrPage(portal, user, form, "set-phone-number", target, values);
      if (refused) return refused;
      const sent = await startPhoneVerification(portal, user, digits);
      if (!sent.ok)
        return page(await accountChangeView(portal, user, "set-phone-number"), target, { fieldErrors: { phone: sent.message }, values }, sent.status);
      return go(stateUrl("set-phone-number", target));
    }

    case "phone-restart": {
      // A mistyped number: the waiting code is voided and the card asks for the number again.
      const user = await requireUser(request, portal);
      await cancelPhoneVerification(portal, user);
      return go(stateUrl("set-phone-number", target));
    }

    case "verify-phone": {
      const user = await requireUser(request, portal);
      const view = await accountChangeView(portal, user, "set-phone-number");
      const checked = await confirmPhoneVerification(portal, user, text(form, "code", 20));
      if (!checked.ok) return page(view, target, { fieldErrors: { code: checked.message }, values: { code: text(form, "code", 20) } }, checked.status);
      const row = await portal.db.user.findFirst({ where: { id: user.id }, select: { preferredSignInMethod: true, phoneNumber: true } });
      await portal.db.user.update({ where: { id: user.id }, data: { phoneNumber: checked.phoneNumber } });
      if (row?.phoneNumber !== checked.phoneNumber) await notifyAccountChange(portal, user.id, "phone");
      // Staff keep signing in with their password; the number is where their second factor can go.
      if (user.kind === "client") {
        await setMethod(portal, user.id, row?.preferredSignInMethod ?? null, "sms");
        if (row?.preferredSignInMethod !== "sms") await notifyAccountChange(portal, user.id, "sign-in method");
      }
      return go(target);
    }
  }
}

/** The user a code or link request is for: the email typed, or the one this browser's attempt is about. */
async function signInUserFor(portal: FirmSiteContext, request: Request, form: FormData): Promise<SignInUser | "unknown" | null> {
  const typed = text(form, "email").trim();
  if (typed) {
    const parsed = emailSchema().safeParse(typed);
    if (!parsed.success) return "unknown";
    return (await findUserByEmail(portal, parsed.data)) ?? "unknown";
  }
  const attempt = await readAttempt(request);
  const latest = attempt ? await latestCodeForAttempt(portal, attempt.hash) : null;
  return latest ? findUserById(portal, latest.userId) : null;
}

/** Sets the preferred sign-in method and logs the change. */
export async function setMethod(portal: FirmSiteContext, userId: string, before: string | null, method: "password" | "email" | "sms") {
  await portal.db.user.update({
    where: { id: userId },
    data: { preferredSignInMethod: method, ...(method === "password" ? {} : { setPasswordRequired: false }) },
  });
  if (before !== method) {
    await logAuthEvent(portal, { title: AUTH_ACTIVITY.methodChanged, description: `To ${method === "sms" ? "SMS" : method}`, userId });
  }
}
