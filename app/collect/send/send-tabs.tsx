/** The three tabs of the send dialog (Template, Document Drop Off, Custom), each its own conform form. */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { PAYMENTS_SETTINGS_PATH } from "~/payments/connection";
import { PAYMENT_MESSAGES } from "~/payments/rules";
import { Checkbox, Button, CloseIcon, PlusIcon, Select, Switch, TextArea, TextField } from "~/components/ui";
import { inputProps, selectProps } from "~/profile/form-props";
import { useVocabulary } from "~/vocabulary";
import { DROP_OFF_DEFAULT_NAME } from "./rules";
import { FREQUENCIES, FREQUENCY_LABELS } from "./schedule";
import * as s from "./send-dialog.css";
import { DueDateField, ItemsEditor, listError, text, type SendField } from "./send-fields";
import type { ItemFormInput, SendOptions, TemplateFlag } from "./send-form";

type Fields<K extends string> = Record<K, SendField<unknown>>;

export interface TaxYearProps {
  value: number | null;
  onChange: (year: number | null) => void;
  years: number[];
}

interface TabProps<K extends string> {
  form: FormMetadata;
  fields: Fields<K | "taxYear" | "companyIds">;
  today: string;
  taxYear: TaxYearProps;
  /** The entity picker (shared by every tab), given the form's message for it. */
  picker: (error: string | undefined) => ReactNode;
}

/** A tab's form. Its buttons are in the dialog's footer and send it themselves, so Enter in a field does not. */
function SendFormElement({ form, children }: { form: FormMetadata; children: ReactNode }) {
  return (
    <form {...getFormProps(form)} className={s.body}>
      {children}
    </form>
  );
}

/** The tax year, shared by the tabs (a choice on one stays on the others). */
function TaxYearSelect({ value, onChange, years, error }: TaxYearProps & { error: string | undefined }) {
  return (
    <Select
      label="Tax year"
      name="taxYear"
      required
      placeholder="Select a tax year"
      value={value === null ? "" : String(value)}
      onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      options={years.map((y) => ({ value: String(y), label: String(y) }))}
      error={error}
    />
  );
}

const FLAG_OPTIONS: { key: TemplateFlag; label: string; description?: string }[] = [
  { key: "includePriorYearItems", label: "Include prior year items", description: "Adds the documents each entity gave you last year." },
  {
    key: "showUploadsAsDocumentChecklist",
    label: "Show uploads as a document checklist",
    description: "The client uploads every document from one checklist instead of within the sections.",
  },
  {
    key: "documentPopoutChecklistEnabled",
    label: "Add a document checklist pop-out",
    description: "A Document checklist button on the questionnaire lists every document asked for.",
  },
  { key: "allOwnerSignatureRequired", label: "Require a signature from every owner" },
  { key: "updateProfileSection", label: "Ask the client to update their profile" },
];

const checked = (field: { value?: unknown }) => field.value === "on";
const error = (field: { errors?: string[] }) => field.errors?.[0];

type TemplateKey = "templateId" | "dueDate" | "scheduled" | "frequency" | "sendDate" | "depositRequired" | "depositAmount" | "extraQuestions" | TemplateFlag;

export function TemplateTab({ form, fields, today, taxYear, picker, options }: TabProps<TemplateKey> & { options: SendOptions }) {
  const t = useVocabulary();
  const templateId = text(fields.templateId);
  const scheduled = checked(fields.scheduled);
  const sendDate = text(fields.sendDate);
  const uploadsChecklist = checked(fields.showUploadsAsDocumentChecklist);
  const popout = fields.documentPopoutChecklistEnabled;
  return (
    <SendFormElement form={form}>
      <div className={s.grid}>
        <div className={s.stack}>
          <Select
            key={fields.templateId.key}
            {...selectProps(fields.templateId)}
            label="Template"
            required
            placeholder="Select a template"
            options={options.templates.map((tpl) => ({ value: tpl.id, label: t(tpl.name) }))}
            error={error(fields.templateId)}
          />
          {templateId ? (
            <Link to={`/preview/template/${templateId}`} target="_blank" rel="noreferrer" className={s.muted}>
              Preview template
            </Link>
          ) : null}
        </div>
        <TaxYearSelect {...taxYear} error={error(fields.taxYear)} />
      </div>
      {picker(error(fields.companyIds))}
      <DueDateField
        form={form}
        field={fields.dueDate as SendField<string | undefined>}
        label="Due date"
        today={today}
        base={scheduled && sendDate ? sendDate : today}
      />
      <Switch
        key={fields.scheduled.key}
        {...inputProps(fields.scheduled, { type: "checkbox" })}
        label="Schedule for later"
        description="Send on a date you choose, once or repeatedly."
      />
      {scheduled ? (
        <div className={s.grid}>
          <Select
            key={fields.frequency.key}
            {...selectProps(fields.frequency)}
            label="Frequency"
            required
            placeholder="Select a frequency"
            options={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
            error={error(fields.frequency)}
          />
          <TextField
            key={fields.sendDate.key}
            {...inputProps(fields.sendDate, { type: "date" })}
            label="Send date"
            required
            min={today}
            error={error(fields.sendDate)}
          />
        </div>
      ) : null}
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Options</legend>
        {FLAG_OPTIONS.map(({ key, label, description }) =>
          key === "documentPopoutChecklistEnabled" && uploadsChecklist ? (
            // Shown checked while uploads are a checklist; the pop-out's own choice is kept.
            <span key={key}>
              <Checkbox label={label} description={description ? t(description) : undefined} checked disabled readOnly />
              {checked(popout) ? <input type="hidden" name={popout.name} value="on" /> : null}
            </span>
          ) : (
            <Checkbox
              key={fields[key].key}
              {...inputProps(fields[key], { type: "checkbox" })}
              label={label}
              description={description ? t(description) : undefined}
            />
          ),
        )}
        <Checkbox key={fields.depositRequired.key} {...inputProps(fields.depositRequired, { type: "checkbox" })} label="Require a deposit" />
        {checked(fields.depositRequired) ? (
          <TextField
            key={fields.depositAmount.key}
            {...inputProps(fields.depositAmount, { type: "text" })}
            label="Deposit amount"
            required
            inputMode="decimal"
            startAdornment="$"
            error={error(fields.depositAmount)}
          />
        ) : null}
        {checked(fields.depositRequired) && options.cardPayments === false ? (
          <Alert tone="info" data-testid="deposit-not-connected">
            {PAYMENT_MESSAGES.staffNotConnected}
            {options.canConnectPayments ? (
              <>
                {" "}
                <Link to={PAYMENTS_SETTINGS_PATH}>Open Firm Settings → Payments</Link>
              </>
            ) : null}
          </Alert>
        ) : null}
      </fieldset>
      <ItemsEditor
        form={form}
        list={fields.extraQuestions as SendField<ItemFormInput[] | undefined>}
        title="Extra questions"
        itemLabel="Question"
        addLabel="Add question"
        empty="Add questions that only this send asks."
      />
    </SendFormElement>
  );
}

function RolloverItems({ form, list }: { form: FormMetadata; list: SendField<{ name?: string }[] | undefined> }) {
  const items = list.getFieldList();
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>Rollover items</legend>
      <p className={s.muted}>Documents to upload, kept for next year&apos;s checklist.</p>
      {error(list) ? <p className={s.error}>{error(list)}</p> : null}
      {items.map((item, i) => {
        const { name } = item.getFieldset();
        return (
          <div key={item.key} className={s.row}>
            <div className={s.grow}>
              <TextField
                key={name.key}
                {...inputProps(name, { type: "text" })}
                label={`Rollover item ${i + 1}`}
                hideLabel
                placeholder="e.g. Brokerage 1099"
                error={error(name)}
              />
            </div>
            <Button variant="ghost" size="sm" iconOnly aria-label={`Remove rollover item ${i + 1}`} onClick={() => form.remove({ name: list.name, index: i })}>
              <CloseIcon size={16} />
            </Button>
          </div>
        );
      })}
      <div>
        <Button variant="secondary" size="sm" iconStart={<PlusIcon size={14} />} onClick={() => form.insert({ name: list.name, defaultValue: { name: "" } })}>
          Add rollover item
        </Button>
      </div>
    </fieldset>
  );
}

/** A tab's list of items (to upload or answer), and the message about the list as a whole. */
function ItemsSection({ form, list, title, empty }: { form: FormMetadata; list: SendField<unknown>; title: string; empty: string }) {
  const shown = listError(error(list));
  return (
    <>
      <ItemsEditor form={form} list={list as SendField<ItemFormInput[] | undefined>} title={title} itemLabel="Item" addLabel="Add item" empty={empty} />
      {shown ? (
        <p className={s.error} role="alert">
          {shown}
        </p>
      ) : null}
    </>
  );
}

export function DropOffTab({ form, fields, today, taxYear, picker }: TabProps<"name" | "dueDate" | "rolloverItems" | "items" | "includePriorYearItems">) {
  const t = useVocabulary();
  return (
    <SendFormElement form={form}>
      <div className={s.grid}>
        <TextField key={fields.name.key} {...inputProps(fields.name, { type: "text" })} label="Name" placeholder={DROP_OFF_DEFAULT_NAME} />
        <TaxYearSelect {...taxYear} error={error(fields.taxYear)} />
      </div>
      {picker(error(fields.companyIds))}
      <DueDateField
        form={form}
        field={fields.dueDate as SendField<string | undefined>}
        label="Due date"
        today={today}
        base={today}
        hint="Needed to send; a draft can do without."
      />
      <RolloverItems form={form} list={fields.rolloverItems as SendField<{ name?: string }[] | undefined>} />
      <ItemsSection form={form} list={fields.items} title="Additional items" empty="Anything else to upload or answer." />
      <Checkbox key={fields.includePriorYearItems.key} {...inputProps(fields.includePriorYearItems, { type: "checkbox" })} label="Include prior year items" />
      <p className={s.muted}>{t("Clients get a link to upload without signing in; it expires in 7 days.")}</p>
    </SendFormElement>
  );
}

export function CustomTab({ form, fields, today, taxYear, picker }: TabProps<"name" | "dueDate" | "items" | "message">) {
  return (
    <SendFormElement form={form}>
      <div className={s.grid}>
        <TextField
          key={fields.name.key}
          {...inputProps(fields.name, { type: "text" })}
          label="Subject"
          required
          error={error(fields.name)}
          placeholder="e.g. Year-end payroll items"
        />
        <TaxYearSelect {...taxYear} error={error(fields.taxYear)} />
      </div>
      {picker(error(fields.companyIds))}
      <DueDateField form={form} field={fields.dueDate as SendField<string | undefined>} label="Due date" today={today} base={today} />
      <ItemsSection form={form} list={fields.items} title="Items" empty="Add at least one item." />
      <TextArea
        key={fields.message.key}
        name={fields.message.name}
        id={fields.message.id}
        defaultValue={text({ value: fields.message.initialValue })}
        label="Message to the client (optional)"
        rows={3}
        maxLength={5000}
        hint="Tags such as {client_fname} and {by_due_date} are filled in."
      />
    </SendFormElement>
  );
}
