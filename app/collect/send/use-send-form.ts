/**
 * The send dialog's state: its options (loaded once), one conform form per tab (Template, Document
 * Drop Off, Custom) checked by the server's rules, the shared tax year and entities, and sending.
 * The server's 422 field errors come back onto the tab's form.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { useToast } from "~/components/ui";
import { replyOptions, type ReplyOptions } from "~/form-reply";
import { SEND_API, type SelectedEntity } from "./entity-picker";
import { canSaveDraft, canSendTemplate, needsBulkConfirmation, RELOAD_AFTER_SEND_MS } from "./rules";
import {
  customDefaults,
  customFormSchema,
  customPayload,
  dropOffDefaults,
  dropOffFormSchema,
  dropOffPayload,
  itemOf,
  templateDefaults,
  templateFormSchema,
  templatePayload,
  type CustomFormInput,
  type CustomFormValue,
  type DropOffFormInput,
  type DropOffFormValue,
  type SendOptions,
  type SendTab,
  type TemplateFormInput,
  type TemplateFormValue,
} from "./send-form";

const FAILED = "Something went wrong";

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The dialog's options (templates, tax years, dates), loaded while it is open. */
export function useSendOptions(open: boolean) {
  const [options, setOptions] = useState<SendOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const response = await apiFetch(SEND_API);
      const data = await readJson(response);
      if (!response.ok) throw new Error(typeof data.error === "string" ? data.error : FAILED);
      setOptions(data as unknown as SendOptions);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : FAILED);
    }
  }, []);
  useEffect(() => {
    if (open && !options) void load();
  }, [open, options, load]);
  return { options, loadError, load };
}

type Reply = (options: ReplyOptions) => SubmissionResult<string[]>;

interface UseSendFormArgs {
  options: SendOptions;
  initial?: SelectedEntity[];
  onSent?: (result: { status: string; count: number }) => void;
  onClose: () => void;
}

export function useSendForm({ options, initial, onSent, onClose }: UseSendFormArgs) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { today } = options;
  const [tab, setTab] = useState<SendTab>("template");
  const [entities, setEntities] = useState<SelectedEntity[]>(initial ?? []);
  const [taxYear, setTaxYear] = useState<number | null>(options.defaultTaxYear);
  const [busy, setBusy] = useState<null | "send" | "draft">(null);
  const [confirming, setConfirming] = useState<null | { draft: boolean; tab: SendTab; payload: object; reply: Reply }>(null);
  const [lastResults, setLastResults] = useState<Record<SendTab, SubmissionResult<string[]> | null>>({ template: null, dropoff: null, custom: null });
  /** Which button sent the form: Save Draft or Send (a draft drop-off needs no due date). */
  const draft = useRef(false);
  const entityCount = entities.length;

  async function post(tabSent: SendTab, payload: object, isDraft: boolean, reply: Reply) {
    setConfirming(null);
    setBusy(isDraft ? "draft" : "send");
    setLastResults((r) => ({ ...r, [tabSent]: null }));
    try {
      const response = await apiFetch(SEND_API, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
      const data = await readJson(response);
      if (!response.ok) {
        const message = typeof data.error === "string" ? data.error : FAILED;
        setLastResults((r) => ({
          ...r,
          [tabSent]: reply(replyOptions({ error: message, errors: data.errors as Record<string, string> | undefined }, FAILED)),
        }));
        toast.error(message);
        return;
      }
      toast.success(String(data.message ?? "Successfully updated"));
      onSent?.({ status: String(data.status), count: Number(data.count ?? entityCount) });
      setTimeout(() => revalidator.revalidate(), RELOAD_AFTER_SEND_MS);
      onClose();
    } catch {
      toast.error(FAILED);
    } finally {
      setBusy(null);
    }
  }

  /** A checked form: large sends ask first, the others go out at once. */
  function sendChecked(tabSent: SendTab, payload: object, reply: Reply) {
    const isDraft = draft.current;
    if (needsBulkConfirmation(entityCount)) setConfirming({ draft: isDraft, tab: tabSent, payload, reply });
    else void post(tabSent, payload, isDraft, reply);
  }

  const formOptions = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

  const [templateForm, templateFields] = useForm<TemplateFormInput, TemplateFormValue>({
    ...formOptions,
    id: "send-template",
    lastResult: lastResults.template,
    defaultValue: templateDefaults(options),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: templateFormSchema(today) }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") sendChecked("template", templatePayload(submission.value, draft.current), submission.reply);
    },
  });
  const [dropOffForm, dropOffFields] = useForm<DropOffFormInput, DropOffFormValue>({
    ...formOptions,
    id: "send-dropoff",
    lastResult: lastResults.dropoff,
    defaultValue: dropOffDefaults(options),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dropOffFormSchema(today, () => draft.current) }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") sendChecked("dropoff", dropOffPayload(submission.value, draft.current), submission.reply);
    },
  });
  const [customForm, customFields] = useForm<CustomFormInput, CustomFormValue>({
    ...formOptions,
    id: "send-custom",
    lastResult: lastResults.custom,
    defaultValue: customDefaults(options),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: customFormSchema(today) }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") sendChecked("custom", customPayload(submission.value, draft.current), submission.reply);
    },
  });
  const forms = { template: templateForm, dropoff: dropOffForm, custom: customForm };

  /** Another tab starts without the messages of the one left. */
  const switchTab = (next: SendTab) => {
    // Keep the values, drop the messages.
    if (tab === "template") templateForm.update({ value: templateForm.value, validated: false } as Parameters<typeof templateForm.update>[0]);
    else if (tab === "dropoff") dropOffForm.update({ value: dropOffForm.value, validated: false } as Parameters<typeof dropOffForm.update>[0]);
    else customForm.update({ value: customForm.value, validated: false } as Parameters<typeof customForm.update>[0]);
    setLastResults((r) => ({ ...r, [tab]: null }));
    setTab(next);
  };

  const template = (templateForm.value ?? {}) as Record<string, unknown>;
  const scheduled = template.scheduled === "on";
  const entityIds = entities.map((e) => e.id);
  const sendEnabled =
    busy === null &&
    (tab === "template"
      ? canSendTemplate(
          {
            templateId: typeof template.templateId === "string" ? template.templateId : "",
            taxYear,
            companyIds: entityIds,
            dueDate: typeof template.dueDate === "string" ? template.dueDate : "",
            scheduled,
            frequency: "",
            sendDate: "",
            depositRequired: false,
            depositAmount: "",
            extraQuestions: (Array.isArray(template.extraQuestions) ? template.extraQuestions : []).map(itemOf),
          },
          today,
        )
      : tab === "dropoff"
        ? entityIds.length > 0 && taxYear !== null
        : entityIds.length > 0);
  const draftEnabled = busy === null && (tab !== "template" || canSaveDraft({ scheduled })) && entityIds.length > 0;
  const formError = forms[tab].errors?.[0];

  return {
    tab,
    switchTab,
    entities,
    setEntities,
    taxYear: { value: taxYear, onChange: setTaxYear, years: options.taxYears },
    templateForm,
    templateFields,
    dropOffForm,
    dropOffFields,
    customForm,
    customFields,
    scheduled,
    sendEnabled,
    draftEnabled,
    formError,
    busy,
    confirming,
    cancelConfirm: () => setConfirming(null),
    confirm: () => {
      if (confirming) void post(confirming.tab, confirming.payload, confirming.draft, confirming.reply);
    },
    /** Sends the tab's form (checked first): Save Draft or Send. */
    submit: (isDraft: boolean) => {
      draft.current = isDraft;
      const element = document.getElementById(forms[tab].id);
      if (element instanceof HTMLFormElement) element.requestSubmit();
    },
  };
}
