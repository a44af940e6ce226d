/** The card on a public template link (/template/{hashId}): the email, then the name of someone new. */
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { EmailField, FormError, Hidden, type StateFormProps } from "./fields";
import * as s from "./sign-in.css";

export function TemplateStartForm({ data, form, busy }: StateFormProps) {
  return (
    <Form {...form}>
      <Hidden data={data} />
      <FormError feedback={data.feedback} />
      <EmailField data={data} />
      <Button type="submit" name="intent" value="template-email" variant="primary" size="lg" fullWidth loading={busy("template-email")}>
        Continue
      </Button>
    </Form>
  );
}

export function TemplateSignUpForm({ data, form, busy }: StateFormProps) {
  const { feedback } = data;
  return (
    <Form {...form}>
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
