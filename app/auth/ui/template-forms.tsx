/** The card on a public template link (/template/{hashId}): the email, then the name of someone new. */
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { templateEmailSchema, templateSignUpSchema } from "~/auth/sign-in-schema";
import { EmailField, FormError, Hidden, typedValue, useSignInForm, type StateFormProps } from "./fields";
import * as s from "./sign-in.css";

export function TemplateStartForm({ data, form, busy }: StateFormProps) {
  const signIn = useSignInForm(data, { "template-email": templateEmailSchema });
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <EmailField data={data} field={signIn.fields.email} />
      <Button type="submit" name="intent" value="template-email" variant="primary" size="lg" fullWidth loading={busy("template-email")}>
        Continue
      </Button>
    </Form>
  );
}

export function TemplateSignUpForm({ data, form, busy }: StateFormProps) {
  const signIn = useSignInForm(data, { "template-sign-up": templateSignUpSchema });
  const { fname, lname } = signIn.fields;
  return (
    <Form {...form} {...signIn.formProps}>
      <Hidden data={data} />
      <FormError form={signIn.form} notice={data.notice} />
      <EmailField data={data} field={signIn.fields.email} autoFocus={false} />
      <div className={s.pair}>
        <TextField
          key={fname.key}
          id={fname.id}
          label="First name"
          name={fname.name}
          autoComplete="given-name"
          autoFocus
          maxLength={80}
          defaultValue={typedValue(fname) ?? ""}
          error={fname.errors?.[0]}
        />
        <TextField
          key={lname.key}
          id={lname.id}
          label="Last name"
          name={lname.name}
          autoComplete="family-name"
          maxLength={80}
          defaultValue={typedValue(lname) ?? ""}
          error={lname.errors?.[0]}
        />
      </div>
      <Button type="submit" name="intent" value="template-sign-up" variant="primary" size="lg" fullWidth loading={busy("template-sign-up")}>
        Create account
      </Button>
    </Form>
  );
}
