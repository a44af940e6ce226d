/**
 * The send dialog's state per tab (Template, Document Drop Off, Custom), its first values, and the
 * JSON body each tab posts to /api/staff/send (staff spec §7 send payloads). Validation is the
 * server's (./rules.ts), run in the browser on the same values.
 */
import { customErrors, DROP_OFF_DAYS_UNTIL_DUE, DROP_OFF_DEFAULT_NAME, dropOffErrors, dueDateShortcut, sendTemplateErrors, type ItemInput } from "./rules";
import type { Frequency } from "./schedule";

export type SendTab = "template" | "dropoff" | "custom";

export interface SendOptions {
  templates: { id: string; name: string; isCanned: boolean }[];
  taxYears: number[];
  defaultTaxYear: number;
  today: string;
  defaultDueDate: string;
  removePleaseUpload: boolean;
}

export interface TemplateFlags {
  includePriorYearItems: boolean;
  showUploadsAsDocumentChecklist: boolean;
  documentPopoutChecklistEnabled: boolean;
  allOwnerSignatureRequired: boolean;
  updateProfileSection: boolean;
}

export interface TemplateTabState {
  templateId: string;
  dueDate: string;
  scheduled: boolean;
  frequency: Frequency | "";
  sendDate: string;
  depositRequired: boolean;
  depositAmount: string;
  flags: TemplateFlags;
  extraQuestions: ItemInput[];
}

export interface DropOffTabState {
  name: string;
  dueDate: string;
  rolloverItems: { name: string }[];
  items: ItemInput[];
  includePriorYearItems: boolean;
}

export interface CustomTabState {
  name: string;
  dueDate: string;
  items: ItemInput[];
  message: string;
}

export interface SendFormState {
  taxYear: number | null;
  template: TemplateTabState;
  dropoff: DropOffTabState;
  custom: CustomTabState;
}

export const emptyItem = (): ItemInput => ({ text: "", questionType: "upload", options: [] });

export function initialSendForm(): SendFormState {
  return {
    taxYear: null,
    template: {
      templateId: "",
      dueDate: "",
      scheduled: false,
      frequency: "once",
      sendDate: "",
      depositRequired: false,
      depositAmount: "",
      flags: {
        includePriorYearItems: false,
        showUploadsAsDocumentChecklist: false,
        documentPopoutChecklistEnabled: false,
        allOwnerSignatureRequired: false,
        updateProfileSection: false,
      },
      extraQuestions: [],
    },
    dropoff: { name: DROP_OFF_DEFAULT_NAME, dueDate: "", rolloverItems: [], items: [], includePriorYearItems: false },
    custom: { name: "", dueDate: "", items: [emptyItem()], message: "" },
  };
}

/** Fills the dates and the tax year the options bring, keeping any the person already chose. */
export function withDefaults(form: SendFormState, options: SendOptions): SendFormState {
  return {
    taxYear: form.taxYear ?? options.defaultTaxYear,
    template: { ...form.template, dueDate: form.template.dueDate || options.defaultDueDate, sendDate: form.template.sendDate || options.today },
    dropoff: { ...form.dropoff, dueDate: form.dropoff.dueDate || dueDateShortcut(options.today, DROP_OFF_DAYS_UNTIL_DUE) },
    custom: { ...form.custom, dueDate: form.custom.dueDate || options.defaultDueDate },
  };
}

export function templateCheck(form: SendFormState, entityIds: string[]) {
  const { templateId, dueDate, scheduled, frequency, sendDate, depositRequired, depositAmount, extraQuestions } = form.template;
  return { templateId, taxYear: form.taxYear, companyIds: entityIds, dueDate, scheduled, frequency, sendDate, depositRequired, depositAmount, extraQuestions };
}

/** The fields' messages of a tab (what the server would answer with 422). */
export function sendFormErrors(tab: SendTab, form: SendFormState, entityIds: string[], today: string, draft: boolean): Record<string, string | undefined> {
  if (tab === "template") return sendTemplateErrors(templateCheck(form, entityIds), today);
  if (tab === "dropoff")
    return dropOffErrors(
      {
        companyIds: entityIds,
        taxYear: form.taxYear,
        dueDate: form.dropoff.dueDate,
        rolloverItems: form.dropoff.rolloverItems,
        additionalItems: form.dropoff.items,
      },
      today,
      draft,
    );
  return customErrors({ companyIds: entityIds, name: form.custom.name, taxYear: form.taxYear, dueDate: form.custom.dueDate, items: form.custom.items }, today);
}

/** The JSON body of a send (or a draft) from a tab. */
export function sendPayload(tab: SendTab, form: SendFormState, entityIds: string[], draft: boolean): object {
  const { taxYear } = form;
  if (tab === "template") {
    const t = form.template;
    return {
      intent: "template",
      templateId: t.templateId,
      taxYear,
      companyIds: entityIds,
      dueDate: t.dueDate,
      scheduled: t.scheduled,
      frequency: t.scheduled ? t.frequency : "",
      sendDate: t.scheduled ? t.sendDate : "",
      depositRequired: t.depositRequired,
      depositAmount: t.depositAmount,
      ...t.flags,
      isDraft: draft,
      extraQuestions: t.extraQuestions,
    };
  }
  if (tab === "dropoff") {
    const d = form.dropoff;
    return {
      intent: "dropoff",
      companyIds: entityIds,
      taxYear,
      name: d.name,
      dueDate: d.dueDate,
      rolloverItems: d.rolloverItems,
      additionalItems: d.items,
      includePriorYearItems: d.includePriorYearItems,
      isDraft: draft,
    };
  }
  const c = form.custom;
  return {
    intent: "custom",
    companyIds: entityIds,
    name: c.name,
    taxYear,
    dueDate: c.dueDate,
    items: c.items,
    isDraft: draft,
    ...(c.message.trim() ? { emailBody: c.message } : {}),
  };
}
