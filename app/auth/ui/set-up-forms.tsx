/**
 * The card's forms for a signed-in user setting up how they sign in: a password, email links, a
 * phone for codes (then its code), or the choice of method. Changes ask for proof first
 * (ConfirmIdentity) unless it was given in the last few minutes.
 */
import { Form } from "@remix-run/react";
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from "~/auth/password-rules";
import { CODE_LENGTH } from "~/auth/sign-in-rules";
import type { SignInPageData } from "~/auth/sign-in-view";
import { Button } from "~/components/ui/button";
import { PasswordField, TextField } from "~/components/ui/field";
import { PhoneField } from "~/profile/phone-field";
import { ConfirmIdentity, sendCodeLabel } from "./confirm-identity";
import { setPasswordSchema, setPhoneSchema, signInMethodFormSchema } from "~/auth/sign-in-schema";
import { CodeField, Destination, FormError, Hidden, typedValue, useBusy, useSignInForm, type SignInFieldMetadata, type StateFormProps } from "./fields";
import * as s from "./sign-in.css";

/** The proof of the card's set-up forms: 'Email me a code' posts this form and the card comes back with the code field. */
function CardConfirmIdentity({
  data,
  fields,
  back,
}: {
  data: SignInPageData;
  fields: Record<string, SignInFieldMetadata>;
  back: "set-password" | "set-email" | "set-phone-number";
}) {
  const { view } = data;
  if (!view.reauth) return null;
  const codeSent = Boolean(view.reauth.codeSent);
  return (
    <ConfirmIdentity
      method={view.reauth.method}
      destination={view.reauth.destination}
      codeSent={codeSent}
      passwordError={fields.currentPassword.errors?.[0]}
      codeError={fields.reauthCode.errors?.[0]}
      sendCode={
        <>
          <input type="hidden" name="back" value={back} />
          <button type="submit" name="intent" value="reauth-send-code" className={s.linkButton} formNoValidate>
            {sendCodeLabel(codeSent)}
          </button>
        </>
      }
    />
  );
}

export function SetEmailForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  const signIn = useSignInForm(data);
  const { email } = signIn.fields;
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <TextField
        id={email.id}
        label="Email"
        name={email.name}
        type="email"
        readOnly
        value={view.email ?? ""}
        hint="Your sign-in links will go here. To use another address, change your email in your profile."
        error={email.errors?.[0]}
      />
      <CardConfirmIdentity data={data} fields={signIn.fields} back="set-email" />
      <Button type="submit" name="intent" value="set-email" variant="primary" size="lg" fullWidth loading={busy("set-email")}>
        Save
      </Button>
    </Form>
  );
}

export function SetPasswordForm({ data, form, busy }: StateFormProps) {
  const signIn = useSignInForm(data, { "set-password": setPasswordSchema });
  const { password, confirmPassword } = signIn.fields;
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <PasswordField
        key={password.key}
        id={password.id}
        label="New password"
        name={password.name}
        autoComplete="new-password"
        autoFocus
        maxLength={128}
        error={password.errors?.[0]}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase and a lowercase letter, a number and one of ${PASSWORD_SPECIALS}`}
      />
      <PasswordField
        key={confirmPassword.key}
        id={confirmPassword.id}
        label="Confirm password"
        name={confirmPassword.name}
        autoComplete="new-password"
        maxLength={128}
        error={confirmPassword.errors?.[0]}
      />
      <CardConfirmIdentity data={data} fields={signIn.fields} back="set-password" />
      <Button type="submit" name="intent" value="set-password" variant="primary" size="lg" fullWidth loading={busy("set-password")}>
        Save password
      </Button>
    </Form>
  );
}

/** set-phone-number, first step: the number (a code is texted to it). */
export function SetPhoneForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  const signIn = useSignInForm(data, { "set-phone": setPhoneSchema });
  const { phone } = signIn.fields;
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <PhoneField
        key={phone.key}
        id={phone.id}
        label="Mobile phone"
        name={phone.name}
        autoComplete="tel-national"
        autoFocus
        defaultValue={typedValue(phone) ?? view.phone ?? ""}
        error={phone.errors?.[0]}
      />
      <CardConfirmIdentity data={data} fields={signIn.fields} back="set-phone-number" />
      <Button type="submit" name="intent" value="set-phone" variant="primary" size="lg" fullWidth loading={busy("set-phone")}>
        Text me a code
      </Button>
    </Form>
  );
}

/** set-phone-number, second step: the code texted to the new number. */
export function PhoneCodeForm({ data, form, busy }: StateFormProps) {
  const { view } = data;
  // The texted code is checked by the server alone (it says why a code is refused).
  const signIn = useSignInForm(data);
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <p className={s.explanation}>
        Enter the {CODE_LENGTH}-digit code we texted to <Destination>{view.destination}</Destination> to confirm this number.
      </p>
      <CodeField field={signIn.fields.code} />
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

const METHOD_CHOICES = [
  { value: "password", name: "Password", hint: "Your email and a password." },
  { value: "email", name: "Email", hint: "We email you a sign-in link." },
  { value: "sms", name: "Text message", hint: "We text a code to your phone." },
] as const;

/** set-sign-in-method: password, email links or text codes (the choices this user has). */
export function SignInMethodForm({ data, action }: { data: SignInPageData; action: string }) {
  const { view } = data;
  const busy = useBusy(action);
  const signIn = useSignInForm(data, { "choose-method": signInMethodFormSchema });
  const error = signIn.fields.method.errors?.[0];
  return (
    <Form method="post" action={action} replace {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <fieldset className={s.methods} aria-describedby={error ? "method-error" : undefined}>
        <legend className={s.legend}>Sign-in method</legend>
        {METHOD_CHOICES.filter((choice) => !view.methods || view.methods.includes(choice.value)).map((choice) => (
          <label key={choice.value} className={s.method}>
            <input
              type="radio"
              name="method"
              value={choice.value}
              defaultChecked={view.method === choice.value}
              className={s.methodRadio}
              aria-labelledby={`method-${choice.value}`}
              aria-describedby={`method-${choice.value}-hint`}
            />
            <span className={s.methodText}>
              <span id={`method-${choice.value}`} className={s.methodName}>
                {choice.name}
              </span>
              <span id={`method-${choice.value}-hint`} className={s.methodHint}>
                {choice.hint}
              </span>
            </span>
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
