/**
 * The sign-in card in every state of the spec's flow (app/auth/sign-in-view.ts). Plain forms that
 * post to /signin (or /template/{hashId}): they work without JavaScript; with it, Remix submits
 * them without a page load. What the user typed comes back with errors; passwords never do.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from "~/auth/password-rules";
import { CODE_LENGTH, SECRET_LIFETIME_MINUTES } from "~/auth/sign-in-rules";
import { SIGN_IN_TITLES, type SignInFeedback, type SignInPageData, type SignInView } from "~/auth/sign-in-view";
import { AuthCard } from "~/components/shell";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PasswordField, TextField } from "~/components/ui/field";
import { PhoneField } from "~/profile/phone-field";
import * as s from "./sign-in.css";

export interface SignInScreenProps {
  data: SignInPageData;
  firmName: string;
  logoUrl?: string | null;
  /** Where the card's forms post (default /signin). */
  action?: string;
}

export function SignInScreen({ data, firmName, logoUrl, action = "/signin" }: SignInScreenProps) {
  const { view } = data;
  return (
    <AuthCard
      firmName={firmName}
      logoUrl={logoUrl}
      title={SIGN_IN_TITLES[view.state]}
      description={<Description view={view} />}
      footer={<Footer data={data} />}
    >
      <SignInFlow data={data} action={action} />
    </AuthCard>
  );
}

function Destination({ children }: { children: ReactNode }) {
  return <span className={s.destination}>{children}</span>;
}

function Description({ view }: { view: SignInView }) {
  const codeMinutes = SECRET_LIFETIME_MINUTES.verification_code;
  switch (view.state) {
    case "login":
      return view.step === "password" ? null : <>Enter your email to sign in.</>;
    case "2fa":
      return view.step === "code" && view.destination ? (
        <>
          Enter the {CODE_LENGTH}-digit code we sent to <Destination>{view.destination}</Destination>.
        </>
      ) : (
        <>For your security, confirm it's you with a code.</>
      );
    case "alternate-sign-in":
      return <>Choose another way to sign in.</>;
    case "expired-link":
      return <>Sign-in links work once and only for a short time. Get a new one:</>;
    case "forgot-password":
      return <>Enter your email and we'll send you a link to choose a new password.</>;
    case "sent-email":
    case "sent-text":
      if (view.smsFailed) return <>We couldn't text you a code.</>;
      return view.destination ? (
        <>
          We sent a {CODE_LENGTH}-digit code to <Destination>{view.destination}</Destination>. It expires in {codeMinutes} minutes.
        </>
      ) : (
        <>Enter the {CODE_LENGTH}-digit code we sent you.</>
      );
    case "sent-link":
      return null;
    case "set-email":
      return <>We'll email you a sign-in link each time you sign in.</>;
    case "set-password":
      return <>Choose the password you'll sign in with.</>;
    case "set-phone-number":
      return view.step === "code" ? null : <>We'll text a code to this number to confirm it.</>;
    case "set-sign-in-method":
      return null;
    case "template-start":
      return view.template ? (
        <>
          <span className={s.templateName}>{view.template.name}</span>: enter your email to begin.
        </>
      ) : null;
    case "template-sign-up":
      return <>You're new here. Tell us your name to create your account.</>;
  }
}

function Footer({ data }: { data: SignInPageData }) {
  const { view } = data;
  const back = data.redirectTo ? `/signin?${new URLSearchParams({ redirect: data.redirectTo })}` : "/signin";
  if (view.state === "2fa") {
    return (
      <Form method="post" action="/signout">
        <button type="submit" className={s.linkButton}>
          Not you? Cancel and sign out
        </button>
      </Form>
    );
  }
  if (view.state === "login" && view.step !== "password") {
    const alternate = data.redirectTo
      ? `/signin?${new URLSearchParams({ state: "alternate-sign-in", redirect: data.redirectTo })}`
      : "/signin?state=alternate-sign-in";
    return (
      <Link to={alternate} className={s.linkButton}>
        Other ways to sign in
      </Link>
    );
  }
  if (["forgot-password", "sent-link", "expired-link", "alternate-sign-in", "sent-email", "sent-text"].includes(view.state)) {
    return (
      <Link to={back} className={s.linkButton}>
        Back to sign in
      </Link>
    );
  }
  return null;
}

/** Which button of the form is being submitted (for its spinner). */
function useBusy(action: string) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === action;
  return (intent: string) => submitting && navigation.formData?.get("intent") === intent;
}

function Hidden({ data, extra = {} }: { data: SignInPageData; extra?: Record<string, string | undefined> }) {
  return (
    <>
      <input type="hidden" name="redirect" value={data.redirectTo ?? ""} />
      {Object.entries(extra).map(([name, value]) => (value !== undefined ? <input key={name} type="hidden" name={name} value={value} /> : null))}
    </>
  );
}

function FormError({ feedback }: { feedback?: SignInFeedback }) {
  return (
    <>
      {feedback?.formError ? <Alert tone="danger">{feedback.formError}</Alert> : null}
      {feedback?.notice ? <Alert tone="success">{feedback.notice}</Alert> : null}
    </>
  );
}

function EmailField({ data, autoFocus = true, label = "Email" }: { data: SignInPageData; autoFocus?: boolean; label?: string }) {
  const { feedback, view } = data;
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      autoFocus={autoFocus}
      defaultValue={feedback?.values?.email ?? view.email ?? ""}
      error={feedback?.fieldErrors?.email}
      maxLength={254}
    />
  );
}

function CodeField({ feedback }: { feedback?: SignInFeedback }) {
  return (
    <TextField
      label="Verification code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={CODE_LENGTH + 3}
      autoFocus
      defaultValue={feedback?.values?.code ?? ""}
      error={feedback?.fieldErrors?.code}
      inputClassName={s.codeInput}
    />
  );
}

/** The card's body for the state in `data.view`. */
export function SignInFlow({ data, action = "/signin" }: { data: SignInPageData; action?: string }) {
  const { view, feedback } = data;
  const busy = useBusy(action);
  const key = `${view.state}:${view.step ?? ""}:${view.channel ?? ""}`;
  // The set-* states are for a signed-in user: the page's loader runs again after the post and
  // must see the state in the URL (without it, a signed-in user is sent on from /signin).
  const settingUp = view.state === "set-password" || view.state === "set-email" || view.state === "set-phone-number";
  const common = { method: "post" as const, action: settingUp ? `${action}?state=${view.state}` : action, noValidate: true, replace: true };

  switch (view.state) {
    case "login":
      if (view.step === "password") {
        return (
          <Form {...common} key={key}>
            <Hidden data={data} />
            <FormError feedback={feedback} />
            <EmailField data={data} autoFocus={false} />
            <PasswordField label="Password" name="password" autoComplete="current-password" autoFocus error={feedback?.fieldErrors?.password} maxLength={256} />
            <Button type="submit" name="intent" value="password" variant="primary" size="lg" fullWidth loading={busy("password")}>
              Sign In
            </Button>
            <div className={s.links}>
              <button type="submit" name="intent" value="forgot" className={s.linkButton}>
                Forgot password?
              </button>
              <button type="submit" name="intent" value="alternate" className={s.linkButton}>
                Use a link or code instead
              </button>
            </div>
          </Form>
        );
      }
      return (
        <Form {...common} key={key}>
          <Hidden data={data} />
          <FormError feedback={feedback} />
          <EmailField data={data} />
          <Button type="submit" name="intent" value="lookup" variant="primary" size="lg" fullWidth loading={busy("lookup")}>
            Sign In
          </Button>
        </Form>
      );

    case "2fa":
      if (view.step === "code") {
        return (
          <Form {...common} key={key}>
            <Hidden data={data} extra={{ flow: "2fa", channel: view.channel }} />
            <FormError feedback={feedback} />
            <CodeField feedback={feedback} />
            <Button type="submit" name="intent" value="verify-code" variant="primary" size="lg" fullWidth loading={busy("verify-code")}>
              Verify
            </Button>
            <div className={s.links}>
              <button type="submit" name="intent" value={`send-code:${view.channel ?? "email"}`} className={s.linkButton}>
                Send a new code
              </button>
              <Link
                to={data.redirectTo ? `/signin?${new URLSearchParams({ state: "2fa", redirect: data.redirectTo })}` : "/signin?state=2fa"}
                className={s.linkButton}
              >
                Use another method
              </Link>
            </div>
          </Form>
        );
      }
      return (
        <Form {...common} key={key}>
          <Hidden data={data} extra={{ flow: "2fa" }} />
          <FormError feedback={feedback} />
          <div className={s.stack}>
            {view.maskedEmail ? (
              <Button type="submit" name="intent" value="send-code:email" variant="primary" size="lg" fullWidth loading={busy("send-code:email")}>
                Email a code to {view.maskedEmail}
              </Button>
            ) : null}
            {view.maskedPhone ? (
              <Button
                type="submit"
                name="intent"
                value="send-code:sms"
                variant={view.maskedEmail ? "secondary" : "primary"}
                size="lg"
                fullWidth
                loading={busy("send-code:sms")}
              >
                Text a code to {view.maskedPhone}
              </Button>
            ) : null}
          </div>
        </Form>
      );

    case "alternate-sign-in":
      return (
        <Form {...common} key={key}>
          <Hidden data={data} extra={{ flow: "alternate" }} />
          <FormError feedback={feedback} />
          <EmailField data={data} autoFocus={!view.email} />
          <div className={s.stack}>
            <Button type="submit" name="intent" value="send-link" variant="primary" size="lg" fullWidth loading={busy("send-link")}>
              Email me a sign-in link
            </Button>
            <Button type="submit" name="intent" value="send-code:sms" variant="secondary" size="lg" fullWidth loading={busy("send-code:sms")}>
              Text me a code
            </Button>
          </div>
        </Form>
      );

    case "expired-link":
      return (
        <Form {...common} key={key}>
          <Hidden data={data} extra={{ token: view.token }} />
          <FormError feedback={feedback} />
          {view.token ? null : <EmailField data={data} />}
          <div className={s.stack}>
            <Button type="submit" name="intent" value="expired-resend:email" variant="primary" size="lg" fullWidth loading={busy("expired-resend:email")}>
              Email me a new link
            </Button>
            <Button type="submit" name="intent" value="expired-resend:sms" variant="secondary" size="lg" fullWidth loading={busy("expired-resend:sms")}>
              Text me a code
            </Button>
          </div>
        </Form>
      );

    case "forgot-password":
      return (
        <Form {...common} key={key}>
          <Hidden data={data} />
          <FormError feedback={feedback} />
          <EmailField data={data} />
          <Button type="submit" name="intent" value="send-reset" variant="primary" size="lg" fullWidth loading={busy("send-reset")}>
            Send reset link
          </Button>
        </Form>
      );

    case "sent-email":
    case "sent-text":
      if (view.smsFailed) {
        return (
          <Form {...common} key={key}>
            <Hidden data={data} extra={{ email: view.email }} />
            <Alert tone="danger" title={feedback?.formError ?? "Failed to send SMS code"}>
              The phone number on your account may be missing or unable to receive texts. You can reset how you sign in, or get a sign-in link by email.
            </Alert>
            <div className={s.stack}>
              <Button type="submit" name="intent" value="reset-method" variant="primary" size="lg" fullWidth loading={busy("reset-method")}>
                Reset sign-in method
              </Button>
              <Button type="submit" name="intent" value="send-link" variant="secondary" size="lg" fullWidth loading={busy("send-link")} disabled={!view.email}>
                Email me a sign-in link
              </Button>
            </div>
          </Form>
        );
      }
      return (
        <Form {...common} key={key}>
          <Hidden data={data} extra={{ flow: "sign-in" }} />
          <FormError feedback={feedback} />
          <CodeField feedback={feedback} />
          <Button type="submit" name="intent" value="verify-code" variant="primary" size="lg" fullWidth loading={busy("verify-code")}>
            Sign In
          </Button>
          <div className={s.centeredLinks}>
            <button type="submit" name="intent" value={`send-code:${view.state === "sent-text" ? "sms" : "email"}`} className={s.linkButton}>
              Send a new code
            </button>
          </div>
        </Form>
      );

    case "sent-link": {
      const minutes =
        view.linkPurpose === "sign_in_link"
          ? SECRET_LIFETIME_MINUTES.sign_in_link
          : view.linkPurpose === "template_sign_up"
            ? SECRET_LIFETIME_MINUTES.template_sign_up
            : SECRET_LIFETIME_MINUTES.password_reset;
      const what =
        view.linkPurpose === "password_reset"
          ? "a link to choose a new password"
          : view.linkPurpose === "reset_method"
            ? "a link to reset how you sign in"
            : view.linkPurpose === "template_sign_up"
              ? "a link to confirm your email and finish creating your account"
              : "a sign-in link";
      return (
        <div className={s.stack}>
          <FormError feedback={feedback} />
          <p className={s.explanation}>
            We sent {what} to {view.destination ? <Destination>{view.destination}</Destination> : "your email"}. It works once and expires in{" "}
            {minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`}. You can close this page.
          </p>
        </div>
      );
    }

    case "set-email":
      return (
        <Form {...common} key={key}>
          <Hidden data={data} />
          <FormError feedback={feedback} />
          <TextField
            label="Email"
            name="email"
            type="email"
            readOnly
            value={view.email ?? ""}
            hint="Your sign-in links will go here. To use another address, change your email in your profile."
            error={feedback?.fieldErrors?.email}
          />
          <ConfirmIdentity data={data} back="set-email" />
          <Button type="submit" name="intent" value="set-email" variant="primary" size="lg" fullWidth loading={busy("set-email")}>
            Save
          </Button>
        </Form>
      );

    case "set-password":
      return (
        <Form {...common} key={key}>
          <Hidden data={data} />
          <FormError feedback={feedback} />
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            autoFocus
            maxLength={128}
            error={feedback?.fieldErrors?.password}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase and a lowercase letter, a number and one of ${PASSWORD_SPECIALS}`}
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={128}
            error={feedback?.fieldErrors?.confirmPassword}
          />
          <ConfirmIdentity data={data} back="set-password" />
          <Button type="submit" name="intent" value="set-password" variant="primary" size="lg" fullWidth loading={busy("set-password")}>
            Save password
          </Button>
        </Form>
      );

    case "set-phone-number":
      if (view.step === "code") {
        return (
          <Form {...common} key={key}>
            <Hidden data={data} />
            <FormError feedback={feedback} />
            <p className={s.explanation}>
              Enter the {CODE_LENGTH}-digit code we texted to <Destination>{view.destination}</Destination> to confirm this number.
            </p>
            <CodeField feedback={feedback} />
            <Button type="submit" name="intent" value="verify-phone" variant="primary" size="lg" fullWidth loading={busy("verify-phone")}>
              Confirm number
            </Button>
            <div className={s.links}>
              <button type="submit" name="intent" value="phone-restart" className={s.linkButton} formNoValidate>
                Use another number
              </button>
            </div>
          </Form>
        );
      }
      return (
        <Form {...common} key={key}>
          <Hidden data={data} />
          <FormError feedback={feedback} />
          <PhoneField
            label="Mobile phone"
            name="phone"
            autoComplete="tel-national"
            autoFocus
            defaultValue={feedback?.values?.phone ?? view.phone ?? ""}
            error={feedback?.fieldErrors?.phone}
          />
          <ConfirmIdentity data={data} back="set-phone-number" />
          <Button type="submit" name="intent" value="set-phone" variant="primary" size="lg" fullWidth loading={busy("set-phone")}>
            Text me a code
          </Button>
        </Form>
      );

    case "set-sign-in-method":
      return <SignInMethodForm data={data} action={action} />;

    case "template-start":
      return (
        <Form {...common} key={key}>
          <Hidden data={data} />
          <FormError feedback={feedback} />
          <EmailField data={data} />
          <Button type="submit" name="intent" value="template-email" variant="primary" size="lg" fullWidth loading={busy("template-email")}>
            Continue
          </Button>
        </Form>
      );

    case "template-sign-up":
      return (
        <Form {...common} key={key}>
          <Hidden data={data} />
          <FormError feedback={feedback} />
          <EmailField data={data} autoFocus={false} />
          <div className={s.pair}>
            <TextField
              label="First name"
              name="fname"
              autoComplete="given-name"
              autoFocus
              maxLength={80}
              defaultValue={feedback?.values?.fname ?? ""}
              error={feedback?.fieldErrors?.fname}
            />
            <TextField
              label="Last name"
              name="lname"
              autoComplete="family-name"
              maxLength={80}
              defaultValue={feedback?.values?.lname ?? ""}
              error={feedback?.fieldErrors?.lname}
            />
          </div>
          <Button type="submit" name="intent" value="template-sign-up" variant="primary" size="lg" fullWidth loading={busy("template-sign-up")}>
            Create account
          </Button>
        </Form>
      );
  }
}

/**
 * Account changes ask for proof that it's the owner (unless given in the last few minutes): the
 * current password, or a code emailed to the account ('Email me a code' posts `reauth-send-code`
 * and the card comes back with the code field).
 */
function ConfirmIdentity({ data, back }: { data: SignInPageData; back: "set-password" | "set-email" | "set-phone-number" }) {
  const { view, feedback } = data;
  if (!view.reauth) return null;
  if (view.reauth.method === "password") {
    return (
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        maxLength={256}
        hint="To keep your account safe, confirm it's you."
        error={feedback?.fieldErrors?.currentPassword}
      />
    );
  }
  return (
    <div className={s.reauth}>
      <input type="hidden" name="back" value={back} />
      {view.reauth.codeSent || feedback?.fieldErrors?.reauthCode ? (
        <TextField
          label="Code from your email"
          name="reauthCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          hint={
            view.reauth.destination
              ? `To confirm it's you, enter the code we emailed to ${view.reauth.destination}.`
              : "To confirm it's you, enter the code we emailed you."
          }
          error={feedback?.fieldErrors?.reauthCode}
        />
      ) : (
        <p className={s.explanation}>
          To keep your account safe, confirm it's you with a code we email{view.reauth.destination ? ` to ${view.reauth.destination}` : ""}.
        </p>
      )}
      <button type="submit" name="intent" value="reauth-send-code" className={s.linkButton} formNoValidate>
        {view.reauth.codeSent ? "Email me a new code" : "Email me a code"}
      </button>
    </div>
  );
}

const METHOD_CHOICES = [
  { value: "password", name: "Password", hint: "Your email and a password." },
  { value: "email", name: "Email", hint: "We email you a sign-in link." },
  { value: "sms", name: "Text message", hint: "We text a code to your phone." },
] as const;

function SignInMethodForm({ data, action }: { data: SignInPageData; action: string }) {
  const { view, feedback } = data;
  const busy = useBusy(action);
  const error = feedback?.fieldErrors?.method;
  return (
    <Form method="post" action={action} noValidate replace>
      <Hidden data={data} />
      <FormError feedback={feedback} />
      <fieldset className={s.methods} aria-describedby={error ? "method-error" : undefined}>
        <legend className={s.legend}>Sign-in method</legend>
        {METHOD_CHOICES.filter((choice) => !view.methods || view.methods.includes(choice.value)).map((choice) => (
          <label key={choice.value} className={s.method}>
            <input type="radio" name="method" value={choice.value} defaultChecked={view.method === choice.value} className={s.methodRadio} />
            <span className={s.methodName}>{choice.name}</span>
            <span className={s.methodHint}>{choice.hint}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id="method-error" className={s.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" name="intent" value="choose-method" variant="primary" size="lg" fullWidth loading={busy("choose-method")}>
        Continue
      </Button>
    </Form>
  );
}
