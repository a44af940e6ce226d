/**
 * The sign-in card in every state of the spec's flow (app/auth/sign-in-view.ts). One conform form
 * per state (useSignInForm, with the schemas of ../sign-in-schema.ts) that posts to /signin (or
 * /template/{hashId}): it works without JavaScript; with it, the browser checks the fields first
 * and Remix submits without a page load. The server answers with conform's reply: errors on their
 * fields, what the user typed (passwords never).
 *
 * This file picks the form for the state; the forms are in ./sign-in-forms.tsx (signing in),
 * ./code-forms.tsx (codes and the second factor), ./set-up-forms.tsx (setting up a sign-in method)
 * and ./template-forms.tsx (public template links); the card around them in ./sign-in-screen.tsx.
 */
import type { SignInPageData } from "~/auth/sign-in-view";
import { SmsFailedForm, SentCodeForm, TwoFactorChoiceForm, TwoFactorCodeForm } from "./code-forms";
import { useBusy, type StateFormProps } from "./fields";
import { PhoneCodeForm, SetEmailForm, SetPasswordForm, SetPhoneForm, SignInMethodForm } from "./set-up-forms";
import { AlternateSignInForm, EmailForm, ExpiredLinkForm, ForgotPasswordForm, PasswordForm, SentLinkNotice } from "./sign-in-forms";
import { TemplateSignUpForm, TemplateStartForm } from "./template-forms";

/** The card's body for the state in `data.view`. */
export function SignInFlow({ data, action = "/signin" }: { data: SignInPageData; action?: string }) {
  const { view } = data;
  const busy = useBusy(action);
  // A new state (or step) is a new form: nothing typed carries over.
  const key = `${view.state}:${view.step ?? ""}:${view.channel ?? ""}`;
  // The set-* states are for a signed-in user: the page's loader runs again after the post and
  // must see the state in the URL (without it, a signed-in user is sent on from /signin).
  const settingUp = view.state === "set-password" || view.state === "set-email" || view.state === "set-phone-number";
  const props: StateFormProps = {
    data,
    busy,
    form: { method: "post", action: settingUp ? `${action}?state=${view.state}` : action, noValidate: true, replace: true },
  };

  switch (view.state) {
    case "login":
      return view.step === "password" ? <PasswordForm key={key} {...props} /> : <EmailForm key={key} {...props} />;
    case "2fa":
      return view.step === "code" ? <TwoFactorCodeForm key={key} {...props} /> : <TwoFactorChoiceForm key={key} {...props} />;
    case "alternate-sign-in":
      return <AlternateSignInForm key={key} {...props} />;
    case "expired-link":
      return <ExpiredLinkForm key={key} {...props} />;
    case "forgot-password":
      return <ForgotPasswordForm key={key} {...props} />;
    case "sent-email":
    case "sent-text":
      return view.smsFailed ? <SmsFailedForm key={key} {...props} /> : <SentCodeForm key={key} {...props} />;
    case "sent-link":
      return <SentLinkNotice data={data} />;
    case "set-email":
      return <SetEmailForm key={key} {...props} />;
    case "set-password":
      return <SetPasswordForm key={key} {...props} />;
    case "set-phone-number":
      return view.step === "code" ? <PhoneCodeForm key={key} {...props} /> : <SetPhoneForm key={key} {...props} />;
    case "set-sign-in-method":
      return <SignInMethodForm data={data} action={action} />;
    case "template-start":
      return <TemplateStartForm key={key} {...props} />;
    case "template-sign-up":
      return <TemplateSignUpForm key={key} {...props} />;
  }
}
