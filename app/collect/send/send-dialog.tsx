/**
 * The Send Questionnaire dialog (staff spec §2 "Send Questionnaire (Template, Document Drop Off,
 * Custom)", §5 "Send template", "Custom questionnaire", "Document drop-off"), and the button
 * that opens it. Mount `<SendQuestionnaireButton />` anywhere on a staff page; pass `entities` to
 * start with some selected (the entity view passes its entity) and `onSent` to hear about sends.
 *
 * Validation uses the same functions as the server (./rules.ts); the server's 422 field errors
 * show on the same fields. 10 or more entities ask for confirmation first. After a send the page's
 * data reloads after RELOAD_AFTER_SEND_MS.
 */
import { Link, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { apiFetch } from "~/auth/api-fetch";
import {
  Alert,
  Button,
  Checkbox,
  CloseIcon,
  ConfirmDialog,
  Dialog,
  PlusIcon,
  Select,
  Spinner,
  Switch,
  Tabs,
  TextArea,
  TextField,
  useToast,
  type ButtonProps,
} from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import {
  canSaveDraft,
  canSendTemplate,
  customErrors,
  DROP_OFF_DAYS_UNTIL_DUE,
  DROP_OFF_DEFAULT_NAME,
  DUE_DATE_SHORTCUTS,
  dropOffErrors,
  dueDateShortcut,
  itemErrors,
  ITEM_TYPE_LABELS,
  ITEM_TYPES,
  needsBulkConfirmation,
  RELOAD_AFTER_SEND_MS,
  SEND_MESSAGES,
  sendTemplateErrors,
  type ItemInput,
  type ItemType,
} from "./rules";
import { FREQUENCIES, FREQUENCY_LABELS, type Frequency } from "./schedule";
import * as s from "./send-dialog.css";

export const SEND_API = "/api/staff/send";
const SEARCH_DEBOUNCE_MS = 300;

export interface SelectedEntity {
  id: string;
  name: string;
}

interface Options {
  templates: { id: string; name: string; isCanned: boolean }[];
  taxYears: number[];
  defaultTaxYear: number;
  today: string;
  defaultDueDate: string;
  removePleaseUpload: boolean;
}

type Tab = "template" | "dropoff" | "custom";

export interface SendQuestionnaireButtonProps {
  /** Entities selected when the dialog opens. */
  entities?: SelectedEntity[];
  /** Called after a successful send, draft or schedule. */
  onSent?: (result: { status: string; count: number }) => void;
  label?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  disabled?: boolean;
}

export function SendQuestionnaireButton({ entities, onSent, label, variant = "primary", size = "md", disabled }: SendQuestionnaireButtonProps) {
  const t = useVocabulary();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)} disabled={disabled} iconStart={<PlusIcon size={16} />}>
        {label ?? t("Send Questionnaire")}
      </Button>
      {open ? <SendQuestionnaireDialog open onClose={() => setOpen(false)} entities={entities} onSent={onSent} /> : null}
    </>
  );
}

export interface SendQuestionnaireDialogProps {
  open: boolean;
  onClose: () => void;
  entities?: SelectedEntity[];
  onSent?: SendQuestionnaireButtonProps["onSent"];
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function SendQuestionnaireDialog({ open, onClose, entities: initial, onSent }: SendQuestionnaireDialogProps) {
  const t = useVocabulary();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [options, setOptions] = useState<Options | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("template");
  const [entities, setEntities] = useState<SelectedEntity[]>(initial ?? []);
  const [busy, setBusy] = useState<null | "send" | "draft">(null);
  const [confirming, setConfirming] = useState<null | { draft: boolean }>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [lastDraft, setLastDraft] = useState(false);

  // Template tab
  const [templateId, setTemplateId] = useState("");
  const [taxYear, setTaxYear] = useState<number | null>(null);
  const [dueDate, setDueDate] = useState("");
  const [scheduled, setScheduled] = useState(false);
  const [frequency, setFrequency] = useState<Frequency | "">("once");
  const [sendDate, setSendDate] = useState("");
  const [depositRequired, setDepositRequired] = useState(false);
  const [depositAmount, setDepositAmount] = useState("");
  const [flags, setFlags] = useState({
    includePriorYearItems: false,
    showUploadsAsDocumentChecklist: false,
    documentPopoutChecklistEnabled: false,
    allOwnerSignatureRequired: false,
    updateProfileSection: false,
  });
  const [extraQuestions, setExtraQuestions] = useState<ItemInput[]>([]);
  // Drop-off tab
  const [dropName, setDropName] = useState(DROP_OFF_DEFAULT_NAME);
  const [dropDue, setDropDue] = useState("");
  const [rolloverItems, setRolloverItems] = useState<{ name: string }[]>([]);
  const [dropItems, setDropItems] = useState<ItemInput[]>([]);
  const [dropPriorYear, setDropPriorYear] = useState(false);
  // Custom tab
  const [customName, setCustomName] = useState("");
  const [customDue, setCustomDue] = useState("");
  const [customItems, setCustomItems] = useState<ItemInput[]>([{ text: "", questionType: "upload", options: [] }]);
  const [customMessage, setCustomMessage] = useState("");

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const response = await apiFetch(SEND_API);
      const data = await readJson(response);
      if (!response.ok) throw new Error(typeof data.error === "string" ? data.error : "Something went wrong");
      const loaded = data as unknown as Options;
      setOptions(loaded);
      setTaxYear((y) => y ?? loaded.defaultTaxYear);
      setDueDate((d) => d || loaded.defaultDueDate);
      setSendDate((d) => d || loaded.today);
      setDropDue((d) => d || dueDateShortcut(loaded.today, DROP_OFF_DAYS_UNTIL_DUE));
      setCustomDue((d) => d || loaded.defaultDueDate);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : "Something went wrong");
    }
  }, []);

  useEffect(() => {
    if (open && !options) void load();
  }, [open, options, load]);

  const today = options?.today ?? "";
  const companyIds = entities.map((e) => e.id);
  const templateForm = { templateId, taxYear, companyIds, dueDate, scheduled, frequency, sendDate, depositRequired, depositAmount, extraQuestions };
  const templateErrors = options ? sendTemplateErrors(templateForm, today) : {};
  const dropForm = { companyIds, taxYear, dueDate: dropDue, rolloverItems, additionalItems: dropItems };
  const customForm = { companyIds, name: customName, taxYear, dueDate: customDue, items: customItems };

  const errorsFor = (draft: boolean): Record<string, string | undefined> => {
    if (!options) return {};
    if (tab === "template") return templateErrors;
    if (tab === "dropoff") return dropOffErrors(dropForm, today, draft);
    return customErrors(customForm, today);
  };
  const shown = (field: string): string | undefined => serverErrors[field] ?? (attempted ? errorsFor(lastDraft)[field] : undefined);

  const sendEnabled =
    !!options &&
    busy === null &&
    (tab === "template" ? canSendTemplate(templateForm, today) : tab === "dropoff" ? companyIds.length > 0 && taxYear !== null : companyIds.length > 0);
  const draftEnabled = !!options && busy === null && (tab !== "template" || canSaveDraft({ scheduled })) && companyIds.length > 0;

  const payload = (draft: boolean): object => {
    if (tab === "template") {
      return {
        intent: "template",
        templateId,
        taxYear,
        companyIds,
        dueDate,
        scheduled,
        frequency: scheduled ? frequency : "",
        sendDate: scheduled ? sendDate : "",
        depositRequired,
        depositAmount,
        ...flags,
        isDraft: draft,
        extraQuestions,
      };
    }
    if (tab === "dropoff") {
      return {
        intent: "dropoff",
        companyIds,
        taxYear,
        name: dropName,
        dueDate: dropDue,
        rolloverItems,
        additionalItems: dropItems,
        includePriorYearItems: dropPriorYear,
        isDraft: draft,
      };
    }
    return {
      intent: "custom",
      companyIds,
      name: customName,
      taxYear,
      dueDate: customDue,
      items: customItems,
      isDraft: draft,
      ...(customMessage.trim() ? { emailBody: customMessage } : {}),
    };
  };

  const submit = async (draft: boolean, confirmed = false) => {
    setAttempted(true);
    setLastDraft(draft);
    setServerErrors({});
    setFormError(null);
    const errors = Object.entries(errorsFor(draft)).filter(([, v]) => v);
    if (errors.length) return;
    if (!confirmed && needsBulkConfirmation(companyIds.length)) {
      setConfirming({ draft });
      return;
    }
    setConfirming(null);
    setBusy(draft ? "draft" : "send");
    try {
      const response = await apiFetch(SEND_API, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload(draft)) });
      const data = await readJson(response);
      if (!response.ok) {
        if (data.errors && typeof data.errors === "object") setServerErrors(data.errors as Record<string, string>);
        const message = typeof data.error === "string" ? data.error : "Something went wrong";
        setFormError(message);
        toast.error(message);
        return;
      }
      toast.success(t(String(data.message ?? "Successfully updated")));
      onSent?.({ status: String(data.status), count: Number(data.count ?? companyIds.length) });
      setTimeout(() => revalidator.revalidate(), RELOAD_AFTER_SEND_MS);
      onClose();
    } catch {
      toast.error("Something went wrong");
    } finally {
      setBusy(null);
    }
  };

  const title = t("Send Questionnaire");
  const footer = (
    <div className={s.footer}>
      {companyIds.length > 0 ? (
        <span className={s.footerNote}>{t(`${companyIds.length} ${companyIds.length === 1 ? "entity" : "entities"} selected`)}</span>
      ) : null}
      <Button variant="secondary" onClick={onClose} disabled={busy !== null}>
        Cancel
      </Button>
      <Button
        variant="secondary"
        onClick={() => void submit(true)}
        disabled={!draftEnabled}
        loading={busy === "draft"}
        title={tab === "template" && scheduled ? "Scheduled sends cannot be saved as drafts" : undefined}
      >
        Save Draft
      </Button>
      <Button onClick={() => void submit(false)} disabled={!sendEnabled} loading={busy === "send"}>
        {tab === "template" && scheduled ? "Schedule" : "Send"}
      </Button>
    </div>
  );

  const picker = <EntityPicker selected={entities} onChange={setEntities} error={shown("companyIds")} />;
  const yearSelect = (
    <Select
      label="Tax year"
      required
      placeholder="Select a tax year"
      value={taxYear === null ? "" : String(taxYear)}
      onChange={(e) => setTaxYear(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
      options={(options?.taxYears ?? []).map((y) => ({ value: String(y), label: String(y) }))}
      error={shown("taxYear")}
    />
  );

  return (
    <>
      <Dialog open={open} onClose={onClose} title={title} size="lg" persistent={busy !== null} footer={options ? footer : undefined}>
        {loadError ? (
          <Alert tone="danger" title="Something went wrong">
            <p className={s.muted}>{loadError}</p>
            <Button variant="secondary" size="sm" onClick={() => void load()}>
              Try again
            </Button>
          </Alert>
        ) : !options ? (
          <div className={s.body} style={{ alignItems: "center", justifyContent: "center" }}>
            <Spinner label="Loading" />
          </div>
        ) : (
          <div className={s.body}>
            {formError && Object.keys(serverErrors).length === 0 ? <Alert tone="danger" title={formError} /> : null}
            <Tabs
              label={title}
              value={tab}
              onChange={(id) => {
                setTab(id as Tab);
                setAttempted(false);
                setServerErrors({});
                setFormError(null);
              }}
              tabs={[
                {
                  id: "template",
                  label: "Template",
                  content: (
                    <div className={s.body}>
                      <div className={s.grid}>
                        <div className={s.stack}>
                          <Select
                            label="Template"
                            required
                            placeholder="Select a template"
                            value={templateId}
                            onChange={(e) => setTemplateId(e.currentTarget.value)}
                            options={options.templates.map((tpl) => ({ value: tpl.id, label: t(tpl.name) }))}
                            error={shown("templateId")}
                          />
                          {templateId ? (
                            <Link to={`/preview/template/${templateId}`} target="_blank" rel="noreferrer" className={s.muted}>
                              Preview template
                            </Link>
                          ) : null}
                        </div>
                        {yearSelect}
                      </div>
                      {picker}
                      <DueDateField
                        label="Due date"
                        value={dueDate}
                        onChange={setDueDate}
                        today={today}
                        base={scheduled && sendDate ? sendDate : today}
                        error={shown("dueDate")}
                      />
                      <Switch
                        label="Schedule for later"
                        description="Send on a date you choose, once or repeatedly."
                        checked={scheduled}
                        onChange={(e) => setScheduled(e.currentTarget.checked)}
                      />
                      {scheduled ? (
                        <div className={s.grid}>
                          <Select
                            label="Frequency"
                            required
                            placeholder="Select a frequency"
                            value={frequency}
                            onChange={(e) => setFrequency(e.currentTarget.value as Frequency | "")}
                            options={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
                            error={shown("frequency")}
                          />
                          <TextField
                            label="Send date"
                            type="date"
                            required
                            min={today}
                            value={sendDate}
                            onChange={(e) => setSendDate(e.currentTarget.value)}
                            error={shown("sendDate")}
                          />
                        </div>
                      ) : null}
                      <fieldset className={s.fieldset}>
                        <legend className={s.legend}>Options</legend>
                        <Checkbox
                          label="Include prior year items"
                          description={t("Adds the documents each entity gave you last year.")}
                          checked={flags.includePriorYearItems}
                          onChange={(e) => setFlags({ ...flags, includePriorYearItems: e.currentTarget.checked })}
                        />
                        <Checkbox
                          label="Show uploads as a document checklist"
                          description={t("The client uploads every document from one checklist instead of within the sections.")}
                          checked={flags.showUploadsAsDocumentChecklist}
                          onChange={(e) => setFlags({ ...flags, showUploadsAsDocumentChecklist: e.currentTarget.checked })}
                        />
                        <Checkbox
                          label="Add a document checklist pop-out"
                          description={t("A Document checklist button on the questionnaire lists every document asked for.")}
                          checked={flags.documentPopoutChecklistEnabled || flags.showUploadsAsDocumentChecklist}
                          disabled={flags.showUploadsAsDocumentChecklist}
                          onChange={(e) => setFlags({ ...flags, documentPopoutChecklistEnabled: e.currentTarget.checked })}
                        />
                        <Checkbox
                          label="Require a signature from every owner"
                          checked={flags.allOwnerSignatureRequired}
                          onChange={(e) => setFlags({ ...flags, allOwnerSignatureRequired: e.currentTarget.checked })}
                        />
                        <Checkbox
                          label="Ask the client to update their profile"
                          checked={flags.updateProfileSection}
                          onChange={(e) => setFlags({ ...flags, updateProfileSection: e.currentTarget.checked })}
                        />
                        <Checkbox label="Require a deposit" checked={depositRequired} onChange={(e) => setDepositRequired(e.currentTarget.checked)} />
                        {depositRequired ? (
                          <TextField
                            label="Deposit amount"
                            required
                            inputMode="decimal"
                            startAdornment="$"
                            value={depositAmount}
                            onChange={(e) => setDepositAmount(e.currentTarget.value)}
                            error={shown("depositAmount")}
                          />
                        ) : null}
                      </fieldset>
                      <ItemsEditor
                        title="Extra questions"
                        itemLabel="Question"
                        addLabel="Add question"
                        items={extraQuestions}
                        onChange={setExtraQuestions}
                        attempted={attempted}
                        empty="Add questions that only this send asks."
                      />
                    </div>
                  ),
                },
                {
                  id: "dropoff",
                  label: "Document Drop Off",
                  content: (
                    <div className={s.body}>
                      <div className={s.grid}>
                        <TextField label="Name" value={dropName} onChange={(e) => setDropName(e.currentTarget.value)} placeholder={DROP_OFF_DEFAULT_NAME} />
                        {yearSelect}
                      </div>
                      {picker}
                      <DueDateField
                        label="Due date"
                        value={dropDue}
                        onChange={setDropDue}
                        today={today}
                        base={today}
                        error={shown("dueDate")}
                        hint="Needed to send; a draft can do without."
                      />
                      <fieldset className={s.fieldset}>
                        <legend className={s.legend}>Rollover items</legend>
                        <p className={s.muted}>Documents to upload, kept for next year&apos;s checklist.</p>
                        {shown("rolloverItems") && !attempted ? <p className={s.error}>{shown("rolloverItems")}</p> : null}
                        {rolloverItems.map((r, i) => (
                          <div key={i} className={s.row}>
                            <div style={{ flex: 1, minWidth: 0 }}>
                              <TextField
                                label={`Rollover item ${i + 1}`}
                                hideLabel
                                placeholder="e.g. Brokerage 1099"
                                value={r.name}
                                onChange={(e) => setRolloverItems(rolloverItems.map((x, j) => (j === i ? { name: e.currentTarget.value } : x)))}
                                error={attempted && !r.name.trim() ? "Please enter a name" : undefined}
                              />
                            </div>
                            <Button
                              variant="ghost"
                              size="sm"
                              iconOnly
                              aria-label={`Remove rollover item ${i + 1}`}
                              onClick={() => setRolloverItems(rolloverItems.filter((_, j) => j !== i))}
                            >
                              <CloseIcon size={16} />
                            </Button>
                          </div>
                        ))}
                        <div>
                          <Button
                            variant="secondary"
                            size="sm"
                            iconStart={<PlusIcon size={14} />}
                            onClick={() => setRolloverItems([...rolloverItems, { name: "" }])}
                          >
                            Add rollover item
                          </Button>
                        </div>
                      </fieldset>
                      <ItemsEditor
                        title="Additional items"
                        itemLabel="Item"
                        addLabel="Add item"
                        items={dropItems}
                        onChange={setDropItems}
                        attempted={attempted}
                        empty="Anything else to upload or answer."
                      />
                      {listError(shown("items")) ? (
                        <p className={s.error} role="alert">
                          {listError(shown("items"))}
                        </p>
                      ) : null}
                      <Checkbox label="Include prior year items" checked={dropPriorYear} onChange={(e) => setDropPriorYear(e.currentTarget.checked)} />
                      <p className={s.muted}>{t("Clients get a link to upload without signing in; it expires in 7 days.")}</p>
                    </div>
                  ),
                },
                {
                  id: "custom",
                  label: "Custom",
                  content: (
                    <div className={s.body}>
                      <div className={s.grid}>
                        <TextField
                          label="Subject"
                          required
                          value={customName}
                          onChange={(e) => setCustomName(e.currentTarget.value)}
                          error={shown("name")}
                          placeholder="e.g. Year-end payroll items"
                        />
                        {yearSelect}
                      </div>
                      {picker}
                      <DueDateField label="Due date" value={customDue} onChange={setCustomDue} today={today} base={today} error={shown("dueDate")} />
                      <ItemsEditor
                        title="Items"
                        itemLabel="Item"
                        addLabel="Add item"
                        items={customItems}
                        onChange={setCustomItems}
                        attempted={attempted}
                        empty="Add at least one item."
                      />
                      {listError(shown("items")) ? (
                        <p className={s.error} role="alert">
                          {listError(shown("items"))}
                        </p>
                      ) : null}
                      <TextArea
                        label="Message to the client (optional)"
                        rows={3}
                        maxLength={5000}
                        value={customMessage}
                        onChange={(e) => setCustomMessage(e.currentTarget.value)}
                        hint="Tags such as {client_fname} and {by_due_date} are filled in."
                      />
                    </div>
                  ),
                },
              ]}
            />
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title={t(`Send to ${companyIds.length} entities?`)}
        message={t(
          `${confirming?.draft ? "Drafts" : "Questionnaires"} will be created for ${companyIds.length} entities. Large sends finish in the background.`,
        )}
        confirmLabel={confirming?.draft ? "Save Drafts" : "Send"}
        onConfirm={() => void submit(confirming?.draft ?? false, true)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

/** List-level messages only (an item's own missing text shows on the item). */
function listError(message: string | undefined): string | undefined {
  return message && message !== SEND_MESSAGES.itemText ? message : undefined;
}

function DueDateField({
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

function ItemsEditor({
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
        <Button
          variant="secondary"
          size="sm"
          iconStart={<PlusIcon size={14} />}
          onClick={() => onChange([...items, { text: "", questionType: "upload", options: [] }])}
        >
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}

interface EntityOption {
  id: string;
  name: string;
  entityType: string;
  owner: string | null;
}

/** Search active entities (debounced, 10 per page, a term needed) and pick several. */
function EntityPicker({ selected, onChange, error }: { selected: SelectedEntity[]; onChange: (entities: SelectedEntity[]) => void; error?: string }) {
  const t = useVocabulary();
  const [term, setTerm] = useState("");
  const [results, setResults] = useState<EntityOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  const selectedIds = useMemo(() => new Set(selected.map((e) => e.id)), [selected]);

  useEffect(() => {
    const q = term.trim();
    if (!q) {
      setResults(null);
      return;
    }
    const id = ++request.current;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const response = await apiFetch(`${SEND_API}?${new URLSearchParams({ q, page: "0" })}`);
        const data = await readJson(response);
        if (id === request.current) setResults(response.ok ? ((data.entities as EntityOption[]) ?? []) : []);
      } finally {
        if (id === request.current) setLoading(false);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const toggle = (entity: EntityOption) => {
    onChange(selectedIds.has(entity.id) ? selected.filter((e) => e.id !== entity.id) : [...selected, { id: entity.id, name: entity.name }]);
  };

  return (
    <div className={s.stack}>
      <TextField
        label={t("Entities")}
        required
        type="search"
        autoComplete="off"
        placeholder={t("Search entities by name or owner")}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        error={error}
        endAdornment={loading ? <Spinner size="sm" label="Searching" /> : undefined}
      />
      {results !== null ? (
        results.length === 0 && !loading ? (
          <p className={s.muted}>{t("No entities match.")}</p>
        ) : (
          <ul className={s.results} aria-label={t("Matching entities")}>
            {results.map((entity) => (
              <li key={entity.id}>
                <button type="button" className={s.result} aria-pressed={selectedIds.has(entity.id)} onClick={() => toggle(entity)}>
                  <span>
                    {entity.name}
                    <br />
                    <span className={s.resultMeta}>
                      {t(entity.entityType)}
                      {entity.owner ? ` · ${entity.owner}` : ""}
                    </span>
                  </span>
                  {selectedIds.has(entity.id) ? <span className={s.resultMeta}>Selected</span> : <span className={s.resultMeta}>Add</span>}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {selected.length > 0 ? (
        <ul className={s.chips} aria-label={t("Selected entities")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {selected.map((entity) => (
            <li key={entity.id} className={s.chip}>
              <span className={s.chipName}>{entity.name}</span>
              <button
                type="button"
                className={s.chipRemove}
                aria-label={`Remove ${entity.name}`}
                onClick={() => onChange(selected.filter((e) => e.id !== entity.id))}
              >
                <CloseIcon size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
