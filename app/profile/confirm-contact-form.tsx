import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import type { ContactConfirmationRequest } from "~/profile/contact-confirmation.server";
import { useVocabulary } from "~/vocabulary";
import { AddressFields } from "./address-fields";
import { inputProps } from "./form-props";
import { PHONE_MESSAGES, phoneDigits } from "./phone";
import { PhoneField } from "./phone-field";
import { confirmContactSchema, type ConfirmContactActionData } from "./profile-schema";
import { ProfileConfirmIdentity } from "./user-profile-form";
import * as s from "./confirm-contact.css";

export const CONFIRM_CONTACT_ACTION = "/profile/confirm-contact";

/**
 * The 'Confirm this information' dialog's form (app/profile/confirm-contact-dialog.tsx): its code
 * loads only for a client it asks.
 */
export function ConfirmContactDialog({
  request,
  fetcher,
}: {
  request: ContactConfirmationRequest;
  fetcher: ReturnType<typeof useFetcher<ConfirmContactActionData>>;
}) {
  const t = useVocabulary();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "confirm-contact",
    lastResult: fetcher.state === "idle" && !fetcher.data?.saved ? fetcher.data?.result : null,
    defaultValue: {
      questionnaireId: request.questionnaireId,
      entity: request.entity.hashId,
      email: request.email,
      phoneNumber: request.phoneNumber,
      sms: request.sms && request.phoneNumber ? "on" : "",
      street: request.entity.street,
      city: request.entity.city,
      state: request.entity.state,
      zip: request.entity.zip,
      country: request.entity.country,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmContactSchema }),
  });
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const [email, setEmail] = useState(() => text(fields.email.initialValue));
  const [phone, setPhone] = useState(() => phoneDigits(text(fields.phoneNumber.initialValue)));
  const [sms, setSms] = useState(() => text(fields.sms.initialValue) === "on");

  return (
    <Dialog
      open
      persistent
      onClose={() => {}}
      size="md"
      title="Confirm this information"
      description="Your firm asked you to check the details it has for you. Correct anything that has changed, then confirm."
      footer={
        <Button type="submit" form={form.id} variant="primary" loading={busy} disabled={!email.trim()}>
          Confirm
        </Button>
      }
    >
      <fetcher.Form method="post" action={CONFIRM_CONTACT_ACTION} {...getFormProps(form)} className={s.form}>
        <input type="hidden" name="questionnaireId" value={request.questionnaireId} />
        <input type="hidden" name="entity" value={request.entity.hashId} />
        {form.errors?.length ? <Alert tone="danger">{form.errors[0]}</Alert> : null}
        <fieldset className={s.fieldset} disabled={busy}>
          <legend className={s.legend}>Contact</legend>
          <TextField
            {...inputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            label="Primary contact email"
            autoComplete="email"
            error={fields.email.errors?.[0]}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
          />
          <PhoneField
            key={fields.phoneNumber.key}
            id={fields.phoneNumber.id}
            name={fields.phoneNumber.name}
            label="Cell phone"
            autoComplete="tel-national"
            defaultValue={text(fields.phoneNumber.initialValue)}
            error={fields.phoneNumber.errors?.[0]}
            onDigitsChange={setPhone}
            onBlur={() => form.validate({ name: fields.phoneNumber.name })}
          />
          <Checkbox
            id={fields.sms.id}
            name={fields.sms.name}
            label="Send me text messages (SMS) too"
            description={!phone ? PHONE_MESSAGES.smsNeedsPhone : "Notifications by email and by text message to your cell phone."}
            checked={sms && Boolean(phone)}
            disabled={!phone}
            onChange={(event) => setSms(event.currentTarget.checked)}
          />
          {request.reauth && (email.trim().toLowerCase() !== request.email.toLowerCase() || phone !== phoneDigits(request.phoneNumber)) ? (
            <ProfileConfirmIdentity
              method={request.reauth.method}
              destination={request.reauth.destination}
              passwordError={fields.currentPassword.errors?.[0]}
              codeError={fields.reauthCode.errors?.[0]}
              sendAction="/profile?index"
              what="your email or phone"
            />
          ) : null}
        </fieldset>
        <hr className={s.divider} />
        <fieldset className={s.fieldset} disabled={busy}>
          <legend className={s.legend}>
            Current address · <span className={s.entity}>{t(request.entity.name)}</span>
          </legend>
          <AddressFields fields={fields} />
        </fieldset>
      </fetcher.Form>
    </Dialog>
  );
}
