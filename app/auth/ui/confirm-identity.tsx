/**
 * The proof an account change asks for (unless given in the last few minutes): the current
 * password, or a code emailed to the account. One component for the sign-in card's set-up forms
 * (where 'Email me a code' posts the card's own form, without JavaScript) and the profile's forms
 * (where it posts on its own, so the form keeps what was typed): each passes its `sendCode` control.
 */
import type { ReactNode } from "react";
import { PasswordField, TextField } from "~/components/ui/field";
import * as s from "./confirm-identity.css";

export interface ConfirmIdentityProps {
  method: "password" | "code";
  /** Where codes go, masked. */
  destination: string | null;
  /** A code was sent (or refused): the code field shows. */
  codeSent: boolean;
  passwordError?: string;
  codeError?: string;
  /** What the change is ("your email, phone or two-factor setting"); without it the texts speak of keeping the account safe. */
  what?: string;
  /** The 'Email me a code' control (labelled by `sendCodeLabel`). */
  sendCode: ReactNode;
  /** Above the control (e.g. why sending failed). */
  children?: ReactNode;
}

export const sendCodeLabel = (codeSent: boolean) => (codeSent ? "Email me a new code" : "Email me a code");

export function ConfirmIdentity({ method, destination, codeSent, passwordError, codeError, what, sendCode, children }: ConfirmIdentityProps) {
  if (method === "password") {
    return (
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        maxLength={256}
        hint={what ? `To keep your account safe, confirm it's you to change ${what}.` : "To keep your account safe, confirm it's you."}
        error={passwordError}
      />
    );
  }
  return (
    <div className={s.confirm}>
      {codeSent || codeError ? (
        <TextField
          label="Code from your email"
          name="reauthCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          hint={`To confirm it's you, enter the code we emailed ${destination ? `to ${destination}` : "you"}.`}
          error={codeError}
        />
      ) : (
        <p className={s.note}>
          {what ? `To change ${what}` : "To keep your account safe"}, confirm it's you with a code we email{destination ? ` to ${destination}` : ""}.
        </p>
      )}
      {children}
      <div>{sendCode}</div>
    </div>
  );
}
