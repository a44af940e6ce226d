/**
 * The send dialog's three forms (Template, Document Drop Off, Custom): their zod schemas for
 * conform, built on the API's schemas (./rules.ts) and checked by the same rule functions as the
 * server, their first values, and the JSON body each posts to /api/staff/send (staff spec §7 send
 * payloads). An item's options are typed comma separated; they post as a list.
 */
import * as z from "zod";
import {
  customErrors,
  DROP_OFF_DAYS_UNTIL_DUE,
  DROP_OFF_DEFAULT_NAME,
  dropOffErrors,
  dueDateShortcut,
  ITEM_TYPES,
  itemErrors,
  MAX_EXTRA_QUESTIONS,
  sendCustomSchema,
  sendDropOffSchema,
  sendTemplateSchema,
  sendTemplateErrors,
  type ItemInput,
} from "./rules";

export type SendTab = "template" | "dropoff" | "custom";

export interface SendOptions {
  templates: { id: string; name: string; isCanned: boolean }[];
  taxYears: number[];
  defaultTaxYear: number;
  today: string;
  defaultDueDate: string;
  removePleaseUpload: boolean;
  cardPayments: "off" | boolean;
  canConnectPayments: boolean;
}

export const TEMPLATE_FLAGS = [
  "includePriorYearItems",
  "showUploadsAsDocumentChecklist",
  "documentPopoutChecklistEnabled",
  "allOwnerSignatureRequired",
  "updateProfileSection",
] as const;
export type TemplateFlag = (typeof TEMPLATE_FLAGS)[number];

/** An item as the form holds it: its options as typed, comma separated. */
export interface ItemFormValue {
  text: string;
  questionType: ItemInput["questionType"];
  options: string;
}

export const emptyItem = (): ItemFormValue => ({ text: "", questionType: "upload", options: "" });

/** `'a, b,, c '` → `['a', 'b', 'c']`. */
export function splitOptions(value: unknown): string[] {
  return typeof value === "string"
    ? value
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean)
    : [];
}

/** An item of a form's current (unchecked) values. */
export function itemOf(value: unknown): ItemInput {
  const item = (value ?? {}) as Partial<Record<keyof ItemFormValue, unknown>>;
  const questionType = ITEM_TYPES.find((type) => type === item.questionType) ?? "upload";
  return { text: typeof item.text === "string" ? item.text : "", questionType, options: splitOptions(item.options) };
}

const itemFormSchema = z.object({
  text: z.string().max(500).default(""),
  questionType: z.enum(ITEM_TYPES).default("upload"),
  options: z.string().max(3100).default("").transform(splitOptions),
});
const itemList = z.array(itemFormSchema).max(MAX_EXTRA_QUESTIONS).default([]);
export type ItemFormInput = z.input<typeof itemFormSchema>;
const entityIds = z.array(z.string()).default([]);

type Issues = Record<string, string | undefined>;

/** The rule functions' messages as issues on the form's fields (an item's own on the item). */
function addIssues(ctx: z.RefinementCtx, errors: Issues, lists: Record<string, ItemInput[]> = {}, listLevel = true) {
  for (const [key, message] of Object.entries(errors)) {
    if (message && (listLevel || !(key in lists))) ctx.addIssue({ code: "custom", path: [key], message });
  }
  for (const [name, items] of Object.entries(lists)) {
    items.forEach((item, i) => {
      for (const [key, message] of Object.entries(itemErrors(item))) {
        if (message) ctx.addIssue({ code: "custom", path: [name, i, key], message });
      }
    });
  }
}

export function templateFormSchema(today: string) {
  return sendTemplateSchema
    .omit({ intent: true, isDraft: true })
    .extend({ companyIds: entityIds, extraQuestions: itemList })
    .superRefine((value, ctx) => addIssues(ctx, sendTemplateErrors(value, today), { extraQuestions: value.extraQuestions }, false));
}

export function dropOffFormSchema(today: string, draft: () => boolean) {
  return sendDropOffSchema
    .omit({ intent: true, isDraft: true, additionalItems: true })
    .extend({
      companyIds: entityIds,
      name: z.string().max(200).default(""),
      rolloverItems: z
        .array(z.object({ name: z.string().max(200).default("") }).default({ name: "" }))
        .max(MAX_EXTRA_QUESTIONS)
        .default([]),
      items: itemList,
    })
    .superRefine((value, ctx) => {
      const errors = dropOffErrors({ ...value, additionalItems: value.items }, today, draft());
      // A rollover item without a name shows on the item.
      value.rolloverItems.forEach((r, i) => {
        if (!r.name.trim()) ctx.addIssue({ code: "custom", path: ["rolloverItems", i, "name"], message: "Please enter a name" });
      });
      addIssues(ctx, { ...errors, rolloverItems: undefined }, { items: value.items });
    });
}

export function customFormSchema(today: string) {
  return sendCustomSchema
    .omit({ intent: true, isDraft: true, emailSubject: true, emailBody: true })
    .extend({ companyIds: entityIds, items: itemList, message: z.string().max(5000).default("") })
    .superRefine((value, ctx) => addIssues(ctx, customErrors(value, today), { items: value.items }));
}

export type TemplateFormValue = z.infer<ReturnType<typeof templateFormSchema>>;
export type DropOffFormValue = z.infer<ReturnType<typeof dropOffFormSchema>>;
export type CustomFormValue = z.infer<ReturnType<typeof customFormSchema>>;
export type TemplateFormInput = z.input<ReturnType<typeof templateFormSchema>>;
export type DropOffFormInput = z.input<ReturnType<typeof dropOffFormSchema>>;
export type CustomFormInput = z.input<ReturnType<typeof customFormSchema>>;

export function templateDefaults(options: SendOptions): Omit<TemplateFormInput, "taxYear"> {
  return {
    templateId: "",
    dueDate: options.defaultDueDate,
    frequency: "once" as const,
    sendDate: options.today,
    depositAmount: "",
    extraQuestions: [] as ItemFormValue[],
  };
}

export function dropOffDefaults(options: SendOptions): Omit<DropOffFormInput, "taxYear"> {
  return {
    name: DROP_OFF_DEFAULT_NAME,
    dueDate: dueDateShortcut(options.today, DROP_OFF_DAYS_UNTIL_DUE),
    rolloverItems: [] as { name: string }[],
    items: [] as ItemFormValue[],
  };
}

export function customDefaults(options: SendOptions): Omit<CustomFormInput, "taxYear"> {
  return { name: "", dueDate: options.defaultDueDate, items: [emptyItem()], message: "" };
}

/** The JSON body of a send (or a draft) from the Template tab. */
export function templatePayload(value: TemplateFormValue, draft: boolean): object {
  return {
    intent: "template",
    templateId: value.templateId,
    taxYear: value.taxYear,
    companyIds: value.companyIds,
    dueDate: value.dueDate,
    scheduled: value.scheduled,
    frequency: value.scheduled ? value.frequency : "",
    sendDate: value.scheduled ? value.sendDate : "",
    depositRequired: value.depositRequired,
    depositAmount: value.depositAmount,
    ...Object.fromEntries(TEMPLATE_FLAGS.map((flag) => [flag, value[flag]])),
    isDraft: draft,
    extraQuestions: value.extraQuestions,
  };
}

export function dropOffPayload(value: DropOffFormValue, draft: boolean): object {
  return {
    intent: "dropoff",
    companyIds: value.companyIds,
    taxYear: value.taxYear,
    name: value.name,
    dueDate: value.dueDate,
    rolloverItems: value.rolloverItems,
    additionalItems: value.items,
    includePriorYearItems: value.includePriorYearItems,
    isDraft: draft,
  };
}

export function customPayload(value: CustomFormValue, draft: boolean): object {
  return {
    intent: "custom",
    companyIds: value.companyIds,
    name: value.name,
    taxYear: value.taxYear,
    dueDate: value.dueDate,
    items: value.items,
    isDraft: draft,
    ...(value.message.trim() ? { emailBody: value.message } : {}),
  };
}
