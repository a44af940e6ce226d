/** The card's forms for signing in: email, password, other ways, an expired link, a forgotten password, a link sent. */
import { Form } from "@remix-run/react";
import { SECRET_LIFETIME_MINUTES } from "~/auth/sign-in-rules";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/components/ui/field";
import { emailFirstSchema, emailStepSchema, forgotPasswordSchema, passwordSignInSchema } from "~/auth/sign-in-schema";
import { Destination, EmailField, FormError, Hidden, useSignInForm, type StateFormProps } from "./fields";
import * as s from "./sign-in.css";

/** login, first step: the email alone. */
export function EmailForm({ data, form, busy }: StateFormProps) {
  const signIn = useSignInForm(data, { lookup: emailStepSchema });
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <EmailField data={data} field={signIn.fields.email} />
      <Button type="submit" name="intent" value="lookup" variant="primary" size="lg" fullWidth loading={busy("lookup")}>
        Sign In
      </Button>
    </Form>
  );
}

/** login, a password user: the password, or another way in. */
export function PasswordForm({ data, form, busy }: StateFormProps) {
  const signIn = useSignInForm(data, { password: passwordSignInSchema, forgot: forgotPasswordSchema, alternate: emailFirstSchema });
  const { password } = signIn.fields;
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <EmailField data={data} field={signIn.fields.email} autoFocus={false} />
      <PasswordField
        key={password.key}
        id={password.id}
        label="Password"
        name={password.name}
        autoComplete="current-password"
        autoFocus
        error={password.errors?.[0]}
        maxLength={256}
      />
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

export function AlternateSignInForm({ data, form, busy }: StateFormProps) {
  // 'Text me a code' without an email is for the address this browser asked a code for: the server decides.
  const signIn = useSignInForm(data, { "send-link": emailFirstSchema });
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} extra={{ flow: "alternate" }} />
      <FormError form={signIn.form} notice={data.notice} />
      <EmailField data={data} field={signIn.fields.email} autoFocus={!data.view.email} />
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
}

export function ExpiredLinkForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  // With the old link's token the server knows who it is for; without it, the email typed.
  const signIn = useSignInForm(data, view.token ? {} : { "expired-resend": emailFirstSchema });
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} extra={{ token: view.token }} />
      <FormError form={signIn.form} notice={data.notice} />
      {view.token ? null : <EmailField data={data} field={signIn.fields.email} />}
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
}

export function ForgotPasswordForm({ data, form, busy }: StateFormProps) {
  const signIn = useSignInForm(data, { "send-reset": emailStepSchema });
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <EmailField data={data} field={signIn.fields.email} />
      <Button type="submit" name="intent" value="send-reset" variant="primary" size="lg" fullWidth loading={busy("send-reset")}>
        Send reset link
      </Button>
    </Form>
  );
}

const LINK_DESCRIPTIONS = {
  sign_in_link: "a sign-in link",
  password_reset: "a link to choose a new password",
  reset_method: "a link to reset how you sign in",
  template_sign_up: "a link to confirm your email and finish creating your account",
} as const;

/** sent-link: what was sent where, and for how long it works. */
export function SentLinkNotice({ data }: Pick<StateFormProps, "data">) {
  const { view } = data;
  const purpose = view.linkPurpose;
  // A reset-method link lives as long as a password reset.
  const minutes = purpose === "sign_in_link" || purpose === "template_sign_up" ? SECRET_LIFETIME_MINUTES[purpose] : SECRET_LIFETIME_MINUTES.password_reset;
  return (
    <div className={s.stack}>
      {data.reply?.error?.[""]?.[0] ? <Alert tone="danger">{data.reply.error[""][0]}</Alert> : null}
      {data.notice ? <Alert tone="success">{data.notice}</Alert> : null}
      <p className={s.explanation}>
        We sent {LINK_DESCRIPTIONS[purpose ?? "sign_in_link"]} to {view.destination ? <Destination>{view.destination}</Destination> : "your email"}. It works
        once and expires in {minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`}. You can close this page.
      </p>
    </div>
  );
}
