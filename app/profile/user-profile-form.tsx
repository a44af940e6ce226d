import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ConfirmIdentity, sendCodeLabel } from "~/auth/ui/confirm-identity";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Select, TextField } from "~/components/ui/field";
import { LockIcon } from "~/components/ui/icons";
import { Switch } from "~/components/ui/switch";
import { useToast } from "~/components/ui/toast";
import { TIME_ZONES } from "~/time-zones";
import { EmailSentDialog } from "./email-sent-dialog";
import { inputProps, selectProps } from "./form-props";
import { PHONE_MESSAGES, phoneDigits } from "./phone";
import { PhoneField } from "./phone-field";
import type { UserProfile } from "./profile.server";
import { CONTACT_METHODS, PROFILE_MESSAGES, userProfileSchema, type ProfileActionData } from "./profile-schema";
import * as s from "./profile.css";

const TIME_ZONE_OPTIONS = Object.keys(TIME_ZONES).map((zone) => ({ value: zone, label: zone }));

export interface UserProfileSectionProps {
  profile: UserProfile;
  /** The last answer of the page's action (any intent). */
  actionData?: ProfileActionData;
  /** A submission of this form is under way. */
  saving: boolean;
  /** An advisor previewing a client: everything shown, nothing editable. */
  preview?: boolean;
  /** The card's description (the client and staff pages word it differently). */
  description?: string;
}

/**
 * The user's own profile (client /profile and staff /admin-profile): primary email (changed
 * through a confirmation link), contact method, phones, time zone and two-factor, with
 * 'Update Profile'. Disabled in preview, for read-only users and while saving; 'Update Profile'
 * also while the email is empty.
 */
export function UserProfileSection({
  profile,
  actionData,
  saving,
  preview = false,
  description = "How your firm reaches you, and how you sign in.",
}: UserProfileSectionProps) {
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mine = actionData?.intent === "profile" || actionData?.intent === "cancel-email-change" ? actionData : undefined;

  useEffect(() => {
    if (!mine?.saved) return;
    if (mine.intent === "profile") toast.success(PROFILE_MESSAGES.updated);
    if (mine.saved.emailConfirmationSentTo) setSentTo(mine.saved.emailConfirmationSentTo);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mine]);

  return (
    <>
      {profile.readOnly && !preview ? <Alert tone="warning">{PROFILE_MESSAGES.readOnlyUser}</Alert> : null}
      <Card title="Your profile" description={description}>
        {profile.pendingEmail ? (
          <Alert
            tone="info"
            title="Waiting for confirmation"
            className={s.pendingEmail}
            action={
              preview || profile.readOnly ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel-email-change" />
                  <Button type="submit" variant="secondary" size="sm">
                    Cancel change
                  </Button>
                </Form>
              )
            }
          >
            We sent a link to <span className={s.strong}>{profile.pendingEmail}</span>. Your email stays{" "}
            <span className={s.strong}>{profile.email || "empty"}</span> until that link is confirmed.
          </Alert>
        ) : null}
        {profile.pendingPhone && !preview && !profile.readOnly ? <PhoneVerification masked={profile.pendingPhone} /> : null}
        <UserProfileForm
          key={profile.version}
          profile={profile}
          lastResult={mine?.intent === "profile" && !mine.saved ? mine.result : null}
          saving={saving}
          locked={preview || profile.readOnly}
          justSaved={mine?.intent === "profile" && Boolean(mine.saved)}
        />
      </Card>
      <EmailSentDialog sentTo={sentTo} currentEmail={profile.email || null} onClose={() => setSentTo(null)} />
    </>
  );
}

function UserProfileForm({
  profile,
  lastResult,
  saving,
  locked,
  justSaved,
}: {
  profile: UserProfile;
  lastResult: SubmissionResult<string[]> | null;
  saving: boolean;
  locked: boolean;
  /** Mounted with the saved values: focus goes back to 'Update Profile' (the old button is gone). */
  justSaved: boolean;
}) {
  const submit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (justSaved) submit.current?.focus({ preventScroll: true });
    // On mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [form, fields] = useForm({
    id: "user-profile",
    lastResult,
    defaultValue: {
      intent: "profile",
      email: profile.email,
      preferredContactMethod: profile.preferredContactMethod,
      phoneNumber: profile.phoneNumber,
      workPhoneNumber: profile.workPhoneNumber,
      workPhoneExtension: profile.workPhoneExtension,
      timeZone: profile.timeZone,
      enabled2fa: profile.enabled2fa ? "on" : "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userProfileSchema }),
  });
  const initial = (value: unknown) => (typeof value === "string" ? value : "");
  const [email, setEmail] = useState(() => initial(fields.email.initialValue));
  const [phone, setPhone] = useState(() => phoneDigits(initial(fields.phoneNumber.initialValue)));
  const [method, setMethod] = useState(() => initial(fields.preferredContactMethod.initialValue) || "email");
  const [twoFactorOn, setTwoFactorOn] = useState(profile.enabled2fa);
  const disabled = locked || saving;
  const policy = profile.twoFactor;
  // Changing the email or the phone, or turning two-factor off, asks for proof that it's the owner.
  const asksProof =
    Boolean(profile.reauth) &&
    (email.trim().toLowerCase() !== profile.email.toLowerCase() || phone !== phoneDigits(profile.phoneNumber) || (profile.enabled2fa && !twoFactorOn));

  return (
    <Form method="post" {...getFormProps(form)} className={s.form}>
      <input type="hidden" name="intent" value="profile" />
      {form.errors?.length ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
      <fieldset disabled={disabled} className={s.fieldset}>
        <legend className={s.legend}>Contact</legend>
        <TextField
          {...inputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          label="Primary email"
          autoComplete="email"
          hint="Changing it sends a confirmation link to the new address."
          error={fields.email.errors?.[0]}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
        />
        <div className={s.twoColumns}>
          <Select
            {...selectProps(fields.preferredContactMethod)}
            key={fields.preferredContactMethod.key}
            label="Contact method"
            hint={!phone ? PHONE_MESSAGES.smsNeedsPhone : undefined}
            error={fields.preferredContactMethod.errors?.[0]}
            onChange={(event) => setMethod(event.currentTarget.value)}
          >
            {CONTACT_METHODS.map((option) => (
              <option key={option.value} value={option.value} disabled={option.value === "sms" && !phone && method !== "sms"}>
                {option.label}
              </option>
            ))}
          </Select>
          <PhoneField
            key={fields.phoneNumber.key}
            id={fields.phoneNumber.id}
            name={fields.phoneNumber.name}
            label="Phone"
            autoComplete="tel-national"
            defaultValue={initial(fields.phoneNumber.initialValue)}
            error={fields.phoneNumber.errors?.[0]}
            onDigitsChange={setPhone}
            onBlur={() => form.validate({ name: fields.phoneNumber.name })}
            required={method === "sms"}
          />
        </div>
        <div className={s.phoneAndExtension}>
          <PhoneField
            key={fields.workPhoneNumber.key}
            id={fields.workPhoneNumber.id}
            name={fields.workPhoneNumber.name}
            label="Work phone"
            autoComplete="off"
            defaultValue={initial(fields.workPhoneNumber.initialValue)}
            error={fields.workPhoneNumber.errors?.[0]}
            onBlur={() => form.validate({ name: fields.workPhoneNumber.name })}
          />
          <TextField
            {...inputProps(fields.workPhoneExtension, { type: "text" })}
            key={fields.workPhoneExtension.key}
            label="Extension"
            inputMode="numeric"
            autoComplete="off"
            error={fields.workPhoneExtension.errors?.[0]}
          />
        </div>
        <Select {...selectProps(fields.timeZone)} key={fields.timeZone.key} label="Time zone" options={TIME_ZONE_OPTIONS} error={fields.timeZone.errors?.[0]} />
      </fieldset>
      <hr className={s.divider} />
      <fieldset disabled={disabled} className={s.fieldset}>
        <legend className={s.legend}>Sign-in security</legend>
        <Switch
          {...(policy.required
            ? { id: fields.enabled2fa.id, checked: true, disabled: true, readOnly: true }
            : {
                ...inputProps(fields.enabled2fa, { type: "checkbox" }),
                onChange: (event: React.ChangeEvent<HTMLInputElement>) => setTwoFactorOn(event.currentTarget.checked),
              })}
          key={fields.enabled2fa.key}
          label="Two-factor authentication"
          description={
            policy.required ? (
              <span className={s.switchNote}>
                <LockIcon size={14} className={s.lockIcon} />
                <span>{policy.reason}</span>
              </span>
            ) : profile.enabled2fa ? (
              "We ask for a code sent to your email each time you sign in. Turning it off signs you out on every other device."
            ) : (
              "Ask for a code sent to your email each time you sign in, as well as your password or link."
            )
          }
        />
        {asksProof && profile.reauth ? (
          <ProfileConfirmIdentity
            method={profile.reauth.method}
            destination={profile.reauth.destination}
            passwordError={fields.currentPassword.errors?.[0]}
            codeError={fields.reauthCode.errors?.[0]}
          />
        ) : null}
      </fieldset>
      <div className={s.actions}>
        <Button ref={submit} type="submit" variant="primary" loading={saving} disabled={locked || !email.trim()}>
          Update Profile
        </Button>
      </div>
    </Form>
  );
}

/**
 * The proof an account change needs (ConfirmIdentity), on the profile's forms: 'Email me a code'
 * posts on its own, so the form keeps what was typed.
 */
export function ProfileConfirmIdentity({
  method,
  destination,
  passwordError,
  codeError,
  sendAction,
  what = "your email, phone or two-factor setting",
}: {
  method: "password" | "code";
  destination: string | null;
  passwordError?: string;
  codeError?: string;
  /** Where 'Email me a code' posts (default: this page's action). */
  sendAction?: string;
  /** What the change is, in the hint ("your email, phone or two-factor setting"). */
  what?: string;
}) {
  const sender = useFetcher<ProfileActionData>();
  const sentTo = sender.data?.saved?.reauthCodeSentTo ?? null;
  const sendError = sender.data && !sender.data.saved ? sender.data.result.error?.[""]?.[0] : undefined;
  return (
    <ConfirmIdentity
      method={method}
      destination={sentTo ?? destination}
      codeSent={Boolean(sentTo)}
      passwordError={passwordError}
      codeError={codeError}
      what={what}
      sendCode={
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={sender.state !== "idle"}
          onClick={() => sender.submit({ intent: "reauth-send-code" }, { method: "post", ...(sendAction ? { action: sendAction } : {}) })}
        >
          {sendCodeLabel(Boolean(sentTo))}
        </Button>
      }
    >
      {sendError ? <Alert tone="danger">{sendError}</Alert> : null}
    </ConfirmIdentity>
  );
}

/** A new phone number waits for the code texted to it; it is saved only then. */
function PhoneVerification({ masked }: { masked: string }) {
  const verifier = useFetcher<ProfileActionData>();
  const toast = useToast();
  const error = verifier.data && !verifier.data.saved ? (verifier.data.result.error?.phoneCode?.[0] ?? verifier.data.result.error?.[""]?.[0]) : undefined;
  useEffect(() => {
    if (verifier.data?.saved) toast.success("Phone number confirmed");
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verifier.data]);
  return (
    <Alert tone="info" title="Confirm your new phone number" className={s.pendingEmail}>
      <verifier.Form method="post" className={s.form} noValidate>
        <input type="hidden" name="intent" value="verify-phone" />
        <TextField
          label={`Code we texted to ${masked}`}
          name="phoneCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          hint="Your phone number changes once you enter it."
          error={error}
        />
        <div>
          <Button type="submit" variant="primary" size="sm" loading={verifier.state !== "idle"}>
            Confirm number
          </Button>
        </div>
      </verifier.Form>
    </Alert>
  );
}
