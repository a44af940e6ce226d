/** The card's forms around codes: the second factor (choose where, then enter it) and a code sent to sign in. */
import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { signInCodeSchema } from "~/auth/sign-in-schema";
import { CodeField, FormError, Hidden, useSignInForm, type StateFormProps } from "./fields";
import * as s from "./sign-in.css";

/** 2fa, first step: where to send the code. */
export function TwoFactorChoiceForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  const signIn = useSignInForm(data);
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} extra={{ flow: "2fa" }} />
      <FormError form={signIn.form} notice={data.notice} />
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
}

/** 2fa, second step: the code. */
export function TwoFactorCodeForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  const signIn = useSignInForm(data, { "verify-code": signInCodeSchema });
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} extra={{ flow: "2fa", channel: view.channel }} />
      <FormError form={signIn.form} notice={data.notice} />
      <CodeField field={signIn.fields.code} />
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

/** sent-email, sent-text: the code that signs in. */
export function SentCodeForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  const signIn = useSignInForm(data, { "verify-code": signInCodeSchema });
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} extra={{ flow: "sign-in" }} />
      <FormError form={signIn.form} notice={data.notice} />
      <CodeField field={signIn.fields.code} />
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
}

/** sent-text when the text could not be sent: reset the sign-in method, or get a link by email. */
export function SmsFailedForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  const signIn = useSignInForm(data);
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} extra={{ email: view.email }} />
      <Alert tone="danger" title={signIn.form.errors?.[0] ?? "Failed to send SMS code"}>
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
