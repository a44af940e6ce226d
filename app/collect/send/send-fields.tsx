/** The send dialog's shared fields: a due date with its shortcuts, and a list of typed items (conform fields). */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Button, CloseIcon, PlusIcon, Select, TextField } from "~/components/ui";
import { inputProps, selectProps } from "~/profile/form-props";
import { DUE_DATE_SHORTCUTS, dueDateShortcut, itemErrors, ITEM_TYPE_LABELS, ITEM_TYPES, SEND_MESSAGES } from "./rules";
import * as s from "./send-dialog.css";
import { emptyItem, itemOf, splitOptions, type ItemFormInput } from "./send-form";

/** A conform field of one of the send forms. */
export type SendField<T> = FieldMetadata<T, Record<string, unknown>, string[]>;

/** The field's current value as text. */
export function text(field: { value?: unknown }): string {
  return typeof field.value === "string" ? field.value : "";
}

/** List-level messages only (an item's own missing text shows on the item). */
export function listError(message: string | undefined): string | undefined {
  return message && message !== SEND_MESSAGES.itemText ? message : undefined;
}

export function DueDateField({
  form,
  field,
  label,
  today,
  base,
  hint,
}: {
  form: FormMetadata;
  field: SendField<string | undefined>;
  label: string;
  today: string;
  base: string;
  hint?: ReactNode;
}) {
  const value = text(field);
  return (
    <div className={s.stack}>
      <TextField key={field.key} {...inputProps(field, { type: "date" })} label={label} required min={today} error={field.errors?.[0]} hint={hint} />
      <div className={s.shortcuts} role="group" aria-label={`${label} shortcuts`}>
        {DUE_DATE_SHORTCUTS.map((days) => {
          const date = dueDateShortcut(base || today, days);
          return (
            <Button
              key={days}
              variant={value === date ? "primary" : "secondary"}
              size="sm"
              onClick={() => form.update({ name: field.name, value: date })}
              aria-pressed={value === date}
            >
              {days} days
            </Button>
          );
        })}
      </div>
    </div>
  );
}

export function ItemsEditor({
  form,
  list,
  title,
  itemLabel,
  addLabel,
  empty,
}: {
  form: FormMetadata;
  list: SendField<ItemFormInput[] | undefined>;
  title: string;
  itemLabel: string;
  addLabel: string;
  empty: string;
}) {
  const items = list.getFieldList();
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{title}</legend>
      {items.length === 0 ? <p className={s.muted}>{empty}</p> : null}
      {items.map((itemField, i) => {
        const fields = itemField.getFieldset();
        const item = itemOf(itemField.value);
        const optionError = itemErrors(item).options;
        return (
          <div key={itemField.key} className={s.stack}>
            <div className={s.item}>
              <TextField
                key={fields.text.key}
                {...inputProps(fields.text, { type: "text" })}
                label={`${itemLabel} ${i + 1}`}
                error={fields.text.errors?.[0]}
                placeholder={item.questionType === "upload" ? "e.g. W-2 forms" : "e.g. Did you move this year?"}
              />
              <Select
                key={fields.questionType.key}
                {...selectProps(fields.questionType)}
                label="Type"
                options={ITEM_TYPES.map((type) => ({ value: type, label: ITEM_TYPE_LABELS[type] }))}
              />
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
                onClick={() => form.remove({ name: list.name, index: i })}
              >
                <CloseIcon size={16} />
              </Button>
            </div>
            {item.questionType === "upload" || item.questionType === "select" ? (
              <TextField
                key={fields.options.key}
                {...inputProps(fields.options, { type: "text" })}
                label={item.questionType === "upload" ? "Document options (comma separated, optional)" : "Choices (comma separated)"}
                onBlur={(e) => {
                  const tidy = splitOptions(e.currentTarget.value).join(", ");
                  if (tidy !== e.currentTarget.value) form.update({ name: fields.options.name, value: tidy });
                }}
                error={optionError}
              />
            ) : null}
          </div>
        );
      })}
      <div>
        <Button variant="secondary" size="sm" iconStart={<PlusIcon size={14} />} onClick={() => form.insert({ name: list.name, defaultValue: emptyItem() })}>
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
