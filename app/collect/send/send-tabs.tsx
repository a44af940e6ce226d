/** The three tabs of the send dialog: Template, Document Drop Off and Custom. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, Checkbox, CloseIcon, PlusIcon, Select, Switch, TextArea, TextField } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { DROP_OFF_DEFAULT_NAME } from "./rules";
import { FREQUENCIES, FREQUENCY_LABELS, type Frequency } from "./schedule";
import * as s from "./send-dialog.css";
import { DueDateField, ItemsEditor, listError } from "./send-fields";
import type { CustomTabState, DropOffTabState, SendOptions, TemplateFlags, TemplateTabState } from "./send-form";

interface TabProps<T> {
  value: T;
  onChange: (patch: Partial<T>) => void;
  /** The message to show on a field (the server's, or the browser's after an attempt). */
  shown: (field: string) => string | undefined;
  attempted: boolean;
  today: string;
  /** The tax year select and the entity picker, shared by every tab. */
  yearSelect: ReactNode;
  picker: ReactNode;
}

const FLAG_OPTIONS: { key: keyof TemplateFlags; label: string; description?: string }[] = [
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

export function TemplateTab({ value, onChange, shown, attempted, today, yearSelect, picker, options }: TabProps<TemplateTabState> & { options: SendOptions }) {
  const t = useVocabulary();
  const { flags } = value;
  return (
    <div className={s.body}>
      <div className={s.grid}>
        <div className={s.stack}>
          <Select
            label="Template"
            required
            placeholder="Select a template"
            value={value.templateId}
            onChange={(e) => onChange({ templateId: e.currentTarget.value })}
            options={options.templates.map((tpl) => ({ value: tpl.id, label: t(tpl.name) }))}
            error={shown("templateId")}
          />
          {value.templateId ? (
            <Link to={`/preview/template/${value.templateId}`} target="_blank" rel="noreferrer" className={s.muted}>
              Preview template
            </Link>
          ) : null}
        </div>
        {yearSelect}
      </div>
      {picker}
      <DueDateField
        label="Due date"
        value={value.dueDate}
        onChange={(dueDate) => onChange({ dueDate })}
        today={today}
        base={value.scheduled && value.sendDate ? value.sendDate : today}
        error={shown("dueDate")}
      />
      <Switch
        label="Schedule for later"
        description="Send on a date you choose, once or repeatedly."
        checked={value.scheduled}
        onChange={(e) => onChange({ scheduled: e.currentTarget.checked })}
      />
      {value.scheduled ? (
        <div className={s.grid}>
          <Select
            label="Frequency"
            required
            placeholder="Select a frequency"
            value={value.frequency}
            onChange={(e) => onChange({ frequency: e.currentTarget.value as Frequency | "" })}
            options={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
            error={shown("frequency")}
          />
          <TextField
            label="Send date"
            type="date"
            required
            min={today}
            value={value.sendDate}
            onChange={(e) => onChange({ sendDate: e.currentTarget.value })}
            error={shown("sendDate")}
          />
        </div>
      ) : null}
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Options</legend>
        {FLAG_OPTIONS.map(({ key, label, description }) => (
          <Checkbox
            key={key}
            label={label}
            description={description ? t(description) : undefined}
            checked={key === "documentPopoutChecklistEnabled" ? flags[key] || flags.showUploadsAsDocumentChecklist : flags[key]}
            disabled={key === "documentPopoutChecklistEnabled" ? flags.showUploadsAsDocumentChecklist : undefined}
            onChange={(e) => onChange({ flags: { ...flags, [key]: e.currentTarget.checked } })}
          />
        ))}
        <Checkbox label="Require a deposit" checked={value.depositRequired} onChange={(e) => onChange({ depositRequired: e.currentTarget.checked })} />
        {value.depositRequired ? (
          <TextField
            label="Deposit amount"
            required
            inputMode="decimal"
            startAdornment="$"
            value={value.depositAmount}
            onChange={(e) => onChange({ depositAmount: e.currentTarget.value })}
            error={shown("depositAmount")}
          />
        ) : null}
      </fieldset>
      <ItemsEditor
        title="Extra questions"
        itemLabel="Question"
        addLabel="Add question"
        items={value.extraQuestions}
        onChange={(extraQuestions) => onChange({ extraQuestions })}
        attempted={attempted}
        empty="Add questions that only this send asks."
      />
    </div>
  );
}

function RolloverItems({ value, onChange, shown, attempted }: Pick<TabProps<DropOffTabState>, "value" | "onChange" | "shown" | "attempted">) {
  const items = value.rolloverItems;
  const set = (rolloverItems: { name: string }[]) => onChange({ rolloverItems });
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>Rollover items</legend>
      <p className={s.muted}>Documents to upload, kept for next year&apos;s checklist.</p>
      {shown("rolloverItems") && !attempted ? <p className={s.error}>{shown("rolloverItems")}</p> : null}
      {items.map((r, i) => (
        <div key={i} className={s.row}>
          <div className={s.grow}>
            <TextField
              label={`Rollover item ${i + 1}`}
              hideLabel
              placeholder="e.g. Brokerage 1099"
              value={r.name}
              onChange={(e) => set(items.map((x, j) => (j === i ? { name: e.currentTarget.value } : x)))}
              error={attempted && !r.name.trim() ? "Please enter a name" : undefined}
            />
          </div>
          <Button variant="ghost" size="sm" iconOnly aria-label={`Remove rollover item ${i + 1}`} onClick={() => set(items.filter((_, j) => j !== i))}>
            <CloseIcon size={16} />
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="sm" iconStart={<PlusIcon size={14} />} onClick={() => set([...items, { name: "" }])}>
          Add rollover item
        </Button>
      </div>
    </fieldset>
  );
}

function ListError({ message }: { message: string | undefined }) {
  const shown = listError(message);
  return shown ? (
    <p className={s.error} role="alert">
      {shown}
    </p>
  ) : null;
}

export function DropOffTab({ value, onChange, shown, attempted, today, yearSelect, picker }: TabProps<DropOffTabState>) {
  const t = useVocabulary();
  return (
    <div className={s.body}>
      <div className={s.grid}>
        <TextField label="Name" value={value.name} onChange={(e) => onChange({ name: e.currentTarget.value })} placeholder={DROP_OFF_DEFAULT_NAME} />
        {yearSelect}
      </div>
      {picker}
      <DueDateField
        label="Due date"
        value={value.dueDate}
        onChange={(dueDate) => onChange({ dueDate })}
        today={today}
        base={today}
        error={shown("dueDate")}
        hint="Needed to send; a draft can do without."
      />
      <RolloverItems value={value} onChange={onChange} shown={shown} attempted={attempted} />
      <ItemsEditor
        title="Additional items"
        itemLabel="Item"
        addLabel="Add item"
        items={value.items}
        onChange={(items) => onChange({ items })}
        attempted={attempted}
        empty="Anything else to upload or answer."
      />
      <ListError message={shown("items")} />
      <Checkbox
        label="Include prior year items"
        checked={value.includePriorYearItems}
        onChange={(e) => onChange({ includePriorYearItems: e.currentTarget.checked })}
      />
      <p className={s.muted}>{t("Clients get a link to upload without signing in; it expires in 7 days.")}</p>
    </div>
  );
}

export function CustomTab({ value, onChange, shown, attempted, today, yearSelect, picker }: TabProps<CustomTabState>) {
  return (
    <div className={s.body}>
      <div className={s.grid}>
        <TextField
          label="Subject"
          required
          value={value.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          error={shown("name")}
          placeholder="e.g. Year-end payroll items"
        />
        {yearSelect}
      </div>
      {picker}
      <DueDateField label="Due date" value={value.dueDate} onChange={(dueDate) => onChange({ dueDate })} today={today} base={today} error={shown("dueDate")} />
      <ItemsEditor
        title="Items"
        itemLabel="Item"
        addLabel="Add item"
        items={value.items}
        onChange={(items) => onChange({ items })}
        attempted={attempted}
        empty="Add at least one item."
      />
      <ListError message={shown("items")} />
      <TextArea
        label="Message to the client (optional)"
        rows={3}
        maxLength={5000}
        value={value.message}
        onChange={(e) => onChange({ message: e.currentTarget.value })}
        hint="Tags such as {client_fname} and {by_due_date} are filled in."
      />
    </div>
  );
}
