/** The send dialog's shared fields: a due date with its shortcuts, and a list of typed items. */
import type { ReactNode } from "react";
import { Button, CloseIcon, PlusIcon, Select, TextField } from "~/components/ui";
import { DUE_DATE_SHORTCUTS, dueDateShortcut, itemErrors, ITEM_TYPE_LABELS, ITEM_TYPES, SEND_MESSAGES, type ItemInput, type ItemType } from "./rules";
import * as s from "./send-dialog.css";
import { emptyItem } from "./send-form";

/** List-level messages only (an item's own missing text shows on the item). */
export function listError(message: string | undefined): string | undefined {
  return message && message !== SEND_MESSAGES.itemText ? message : undefined;
}

export function DueDateField({
  label,
  value,
  onChange,
  today,
  base,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  today: string;
  base: string;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <div className={s.stack}>
      <TextField label={label} type="date" required min={today} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} hint={hint} />
      <div className={s.shortcuts} role="group" aria-label={`${label} shortcuts`}>
        {DUE_DATE_SHORTCUTS.map((days) => {
          const date = dueDateShortcut(base || today, days);
          return (
            <Button key={days} variant={value === date ? "primary" : "secondary"} size="sm" onClick={() => onChange(date)} aria-pressed={value === date}>
              {days} days
            </Button>
          );
        })}
      </div>
    </div>
  );
}

export function ItemsEditor({
  title,
  itemLabel,
  addLabel,
  items,
  onChange,
  attempted,
  empty,
}: {
  title: string;
  itemLabel: string;
  addLabel: string;
  items: ItemInput[];
  onChange: (items: ItemInput[]) => void;
  attempted: boolean;
  empty: string;
}) {
  const update = (i: number, patch: Partial<ItemInput>) => onChange(items.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{title}</legend>
      {items.length === 0 ? <p className={s.muted}>{empty}</p> : null}
      {items.map((item, i) => {
        const errors = attempted ? itemErrors(item) : {};
        const optionError = itemErrors(item).options;
        return (
          <div key={i} className={s.stack}>
            <div className={s.item}>
              <TextField
                label={`${itemLabel} ${i + 1}`}
                value={item.text}
                onChange={(e) => update(i, { text: e.currentTarget.value })}
                error={errors.text}
                placeholder={item.questionType === "upload" ? "e.g. W-2 forms" : "e.g. Did you move this year?"}
              />
              <Select
                label="Type"
                value={item.questionType}
                onChange={(e) => update(i, { questionType: e.currentTarget.value as ItemType })}
                options={ITEM_TYPES.map((type) => ({ value: type, label: ITEM_TYPE_LABELS[type] }))}
              />
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
              >
                <CloseIcon size={16} />
              </Button>
            </div>
            {item.questionType === "upload" || item.questionType === "select" ? (
              <TextField
                label={item.questionType === "upload" ? "Document options (comma separated, optional)" : "Choices (comma separated)"}
                value={item.options.join(", ")}
                onChange={(e) => update(i, { options: e.currentTarget.value.split(",").map((o) => o.trimStart()) })}
                onBlur={() => update(i, { options: item.options.map((o) => o.trim()).filter(Boolean) })}
                error={optionError}
              />
            ) : null}
          </div>
        );
      })}
      <div>
        <Button variant="secondary" size="sm" iconStart={<PlusIcon size={14} />} onClick={() => onChange([...items, emptyItem()])}>
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
