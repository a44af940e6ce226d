/** The sign-in page's card: the firm's name and logo, the state's title and description, its form (SignInFlow) and the links under it. */
import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { CODE_LENGTH, SECRET_LIFETIME_MINUTES } from "~/auth/sign-in-rules";
import { SIGN_IN_TITLES, type SignInPageData, type SignInView } from "~/auth/sign-in-view";
import { AuthCard } from "~/components/shell";
import { Destination } from "./fields";
import { SignInFlow } from "./sign-in-flow";
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
