/**
 * The classification page's body (/tax-return-delivery-admin-view/{id}?companyId=): the return's
 * PDF with its bookmark index, and the panel where staff mark e-sign forms (pages, who signs each),
 * place signature and date boxes (the placement editor), mark payment vouchers, set the tax service
 * invoice, choose draft for approval or straight for signature, save and send.
 */
import { useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { PAYMENTS_SETTINGS_PATH } from "~/payments/connection";
import { PAYMENT_MESSAGES } from "~/payments/rules";
import { Alert, Badge, Button, Checkbox, PageHeader, Radio, Select, TextField, useToast } from "~/components/ui";
import { TaxReturnUploadDialog } from "../upload/upload-dialog";
import { PlacementEditor } from "../placement/placement-editor";
import type { PlacementField } from "../placement/placement";
import { E_SIGN_FORMS, formName, TAX_RETURN_MESSAGES, TAX_RETURN_STATUS_LABELS, VOUCHERS } from "../rules";
import { formatPages, parseAmount, parsePages, readyToSend, type Classification } from "./classification";
import type { ClassificationView, OutlineItem } from "./classify.server";
import * as s from "./classify-page.css";

type Role = "taxpayer" | "spouse";
interface FormState {
  formId: string;
  customFormName: string;
  pages: string;
  roles: Role[];
}
interface VoucherState {
  voucherId: string;
  customPaymentName: string;
  pages: string;
  amount: string;
  isDueAsap: boolean;
  dueDate: string;
}

const ROLE_LABEL: Record<Role, string> = { taxpayer: "Taxpayer", spouse: "Spouse" };

export function ClassifyPage({ view }: { view: ClassificationView }) {
  const { taxReturn: tr, classification: saved, candidates } = view;
  const toast = useToast();
  const revalidator = useRevalidator();
  const base = `/tax-return-delivery-admin-view/${tr.id}/classification?companyId=${encodeURIComponent(tr.companyId)}`;

  // Signers by role: the user chosen for each.
  const initialSigners = useMemo(() => {
    const out: Record<Role, string> = { taxpayer: "", spouse: "" };
    for (const x of saved.signers) out[x.role] = x.userId;
    if (!saved.signers.length) {
      out.taxpayer = candidates.find((c) => c.specialRole === "taxpayer")?.userId ?? candidates[0]?.userId ?? "";
      out.spouse = candidates.find((c) => c.specialRole === "spouse")?.userId ?? "";
    }
    return out;
  }, [saved, candidates]);
  const roleOfKey = useMemo(() => new Map(saved.signers.map((x) => [x.key, x.role] as const)), [saved]);
  const [signerUsers, setSignerUsers] = useState(initialSigners);
  const [draft, setDraft] = useState(saved.sendDraftForApproval);
  const [forms, setForms] = useState<FormState[]>(() =>
    saved.forms.map((f) => ({
      formId: f.formId,
      customFormName: f.customFormName ?? "",
      pages: formatPages(f.pages),
      roles: f.signerKeys.map((k) => roleOfKey.get(k)!).filter(Boolean),
    })),
  );
  const [fields, setFields] = useState<PlacementField[]>(() => saved.fields.map((f) => ({ ...f, signerKey: roleOfKey.get(f.signerKey) ?? f.signerKey })));
  const [vouchers, setVouchers] = useState<VoucherState[]>(() =>
    saved.vouchers.map((v) => ({
      voucherId: v.voucherId,
      customPaymentName: v.customPaymentName ?? "",
      pages: formatPages(v.pages),
      amount: (v.amountCents / 100).toFixed(2),
      isDueAsap: v.isDueAsap,
      dueDate: v.dueDate ?? "",
    })),
  );
  const [invoice, setInvoice] = useState(saved.invoiceAmountCents ? (saved.invoiceAmountCents / 100).toFixed(2) : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<null | "save" | "send">(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [scrollTo, setScrollTo] = useState<{ page: number; nonce: number } | null>(null);
  const [replaceOpen, setReplaceOpen] = useState(false);

  const ready = tr.status !== "processing" && tr.status !== "error" && tr.pageCount;
  useEffect(() => {
    if (tr.status === "processing") toast.info(TAX_RETURN_MESSAGES.stillProcessing);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tr.status]);
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    apiFetch(base)
      .then(async (r) => (r.ok ? ((await r.json()) as { url: string }) : Promise.reject(new Error())))
      .then((body) => !cancelled && setPdfUrl(body.url))
      .catch(() => !cancelled && toast.error(TAX_RETURN_MESSAGES.loadPdfFailed));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base, ready]);

  const activeRoles = (["taxpayer", "spouse"] as const).filter((r) => signerUsers[r]);
  const nameOf = (userId: string) => candidates.find((c) => c.userId === userId)?.name ?? "Signer";
  const placementSigners = activeRoles.map((r) => ({ key: r, label: `${nameOf(signerUsers[r])} (${ROLE_LABEL[r]})` }));
  const formPages = forms.flatMap((f) => parsePages(f.pages) ?? []);

  const build = useCallback((): Classification | null => {
    const problems: Record<string, string> = {};
    const out: Classification = {
      sendDraftForApproval: draft,
      invoiceAmountCents: null,
      signers: activeRoles.map((r) => ({ key: r, role: r, userId: signerUsers[r] })),
      forms: forms.map((f, i) => {
        const pages = parsePages(f.pages);
        if (!pages) problems[`forms.${i}.pages`] = "Enter pages like 1-2, 5.";
        return { formId: f.formId, customFormName: f.customFormName || null, pages: pages ?? [], signerKeys: f.roles.filter((r) => signerUsers[r]) };
      }),
      fields: fields.filter((f) => signerUsers[f.signerKey as Role]),
      vouchers: vouchers.map((v, i) => {
        const pages = parsePages(v.pages);
        if (!pages) problems[`vouchers.${i}.pages`] = "Enter pages like 1-2, 5.";
        const amount = parseAmount(v.amount);
        if (amount === null) problems[`vouchers.${i}.amountCents`] = "Enter an amount greater than zero.";
        return {
          voucherId: v.voucherId,
          customPaymentName: v.customPaymentName || null,
          pages: pages ?? [],
          amountCents: amount ?? 0,
          isDueAsap: v.isDueAsap,
          dueDate: v.dueDate || null,
        };
      }),
    };
    if (invoice.trim()) {
      const cents = parseAmount(invoice);
      if (cents === null) problems.invoiceAmountCents = "Enter an amount like 250.00.";
      else out.invoiceAmountCents = cents;
    }
    setErrors(problems);
    return Object.keys(problems).length ? null : out;
  }, [draft, activeRoles, signerUsers, forms, fields, vouchers, invoice]);

  async function post(body: object): Promise<{ ok: boolean; message?: string; error?: string; errors?: Record<string, string> }> {
    const r = await apiFetch(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = (await r.json().catch(() => ({}))) as { message?: string; error?: string; errors?: Record<string, string> };
    return { ok: r.ok, ...json };
  }

  async function save(then?: "send") {
    const classification = build();
    if (!classification) return;
    setBusy(then ?? "save");
    try {
      const saveResult = await post({ intent: "save", classification });
      if (!saveResult.ok) {
        setErrors(saveResult.errors ?? {});
        toast.error(saveResult.error);
        return;
      }
      if (!then) {
        toast.success(saveResult.message);
        return;
      }
      const sent = await post({ intent: "send" });
      if (sent.ok) toast.success(sent.message);
      else toast.error(sent.error);
      revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }

  const editable = tr.editable && !!ready;
  const canSend = readyToSend({
    sendDraftForApproval: draft,
    forms: forms.map((f) => ({ formId: f.formId, pages: parsePages(f.pages) ?? [], signerKeys: f.roles.filter((r) => signerUsers[r]) })),
    fields,
  });

  return (
    <div className={s.page}>
      <PageHeader
        className={s.pageHeader}
        back={{ to: "/tax-returns", label: "Back to Deliver" }}
        eyebrow={`Tax year ${tr.taxYear}`}
        title={tr.companyName}
        description={
          <span className={s.titleRow}>
            <span>{tr.name}</span>
            <span className={s.status}>
              Status:{" "}
              <Badge tone={tr.status === "error" ? "danger" : "info"}>
                {TAX_RETURN_STATUS_LABELS[tr.status as keyof typeof TAX_RETURN_STATUS_LABELS] ?? tr.status}
              </Badge>
            </span>
          </span>
        }
        actions={
          tr.status === "action_required" || tr.status === "error" ? (
            <Button variant="secondary" size="sm" onClick={() => setReplaceOpen(true)}>
              Replace
            </Button>
          ) : undefined
        }
      />
      {tr.status === "processing" ? <Alert tone="info">{TAX_RETURN_MESSAGES.stillProcessing}</Alert> : null}
      {tr.status === "error" ? <Alert tone="danger">{tr.processingError ?? TAX_RETURN_MESSAGES.protectedPdf}</Alert> : null}
      {!tr.editable && ready ? <Alert tone="info">This tax return was sent; its classification can no longer change.</Alert> : null}

      {ready ? (
        <nav className={s.jump} aria-label="On this page">
          {(
            [
              ["classification-panel", "Classification"],
              ["classification-pages", "Pages"],
            ] as const
          ).map(([id, label]) => (
            <button key={id} type="button" className={s.jumpButton} onClick={() => document.getElementById(id)?.scrollIntoView({ block: "start" })}>
              {label}
            </button>
          ))}
        </nav>
      ) : null}
      {ready ? (
        <div className={s.layout}>
          <nav className={s.bookmarks} aria-label="Bookmarks">
            {tr.outline ? (
              <>
                <p className={s.muted}>{tr.outline.length ? "Bookmarks" : `No bookmarks · ${tr.pageCount} page(s)`}</p>
                <Bookmarks items={tr.outline} onGo={(page) => setScrollTo({ page, nonce: Date.now() })} />
              </>
            ) : (
              <p className={s.muted} role="status">
                {TAX_RETURN_MESSAGES.loadBookmarksFailed} · {tr.pageCount} page(s)
              </p>
            )}
          </nav>
          <div id="classification-pages" className={s.pages}>
            {pdfUrl ? (
              <PlacementEditor
                pdfUrl={pdfUrl}
                title={`${tr.name} pages`}
                placeablePages={formPages}
                signers={placementSigners}
                fields={fields}
                onChange={setFields}
                scrollTo={scrollTo}
                readOnly={!editable}
              />
            ) : null}
          </div>
          <form
            id="classification-panel"
            className={s.panel}
            aria-label="Classification"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <fieldset className={s.section} disabled={!editable}>
              <legend className={s.legend}>Send as</legend>
              <div role="radiogroup" aria-label="Send as" className={s.choices}>
                <Radio name="mode" label="Draft for approval" checked={draft} onChange={() => setDraft(true)} />
                <Radio name="mode" label="Straight for signature" checked={!draft} onChange={() => setDraft(false)} />
              </div>
            </fieldset>

            <fieldset className={s.section} disabled={!editable}>
              <legend className={s.legend}>Signers</legend>
              {(["taxpayer", "spouse"] as const).map((role) => (
                <Select
                  key={role}
                  label={ROLE_LABEL[role]}
                  value={signerUsers[role]}
                  onChange={(e) => setSignerUsers((u) => ({ ...u, [role]: e.target.value }))}
                  placeholder="No one"
                  options={candidates.map((c) => ({ value: c.userId, label: c.email ? `${c.name} (${c.email})` : c.name }))}
                  error={role === "taxpayer" ? errors.signers : undefined}
                />
              ))}
            </fieldset>

            <fieldset className={s.section} disabled={!editable}>
              <legend className={s.legend}>E-sign forms</legend>
              {forms.map((f, i) => (
                <div className={s.item} key={i}>
                  <Select
                    label="Form"
                    value={f.formId}
                    onChange={(e) => setForms((all) => all.map((g, j) => (j === i ? { ...g, formId: e.target.value } : g)))}
                    options={E_SIGN_FORMS.map((d) => ({ value: d.id, label: d.name }))}
                  />
                  {f.formId === "custom" ? (
                    <TextField
                      label="Form name"
                      value={f.customFormName}
                      error={errors[`forms.${i}.customFormName`]}
                      onChange={(e) => setForms((all) => all.map((g, j) => (j === i ? { ...g, customFormName: e.target.value } : g)))}
                    />
                  ) : null}
                  <TextField
                    label="Pages"
                    hint="e.g. 3 or 3-4, 7"
                    value={f.pages}
                    error={errors[`forms.${i}.pages`]}
                    onChange={(e) => setForms((all) => all.map((g, j) => (j === i ? { ...g, pages: e.target.value } : g)))}
                  />
                  <div className={s.row} role="group" aria-label={`Who signs ${formName(f.formId, f.customFormName)}`}>
                    {activeRoles.map((role) => (
                      <Checkbox
                        key={role}
                        label={`${ROLE_LABEL[role]} signs`}
                        checked={f.roles.includes(role)}
                        onChange={(e) =>
                          setForms((all) =>
                            all.map((g, j) => (j === i ? { ...g, roles: e.target.checked ? [...g.roles, role] : g.roles.filter((r) => r !== role) } : g)),
                          )
                        }
                      />
                    ))}
                  </div>
                  {errors[`forms.${i}.signers`] ? <p className={s.muted}>{errors[`forms.${i}.signers`]}</p> : null}
                  <Button variant="ghost" size="sm" onClick={() => setForms((all) => all.filter((_, j) => j !== i))}>
                    Remove form
                  </Button>
                </div>
              ))}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setForms((all) => [...all, { formId: "8879", customFormName: "", pages: "", roles: activeRoles.slice(0, 1) }])}
              >
                Add e-sign form
              </Button>
            </fieldset>

            <fieldset className={s.section} disabled={!editable}>
              <legend className={s.legend}>Payment vouchers</legend>
              {vouchers.map((v, i) => {
                const set = (patch: Partial<VoucherState>) => setVouchers((all) => all.map((w, j) => (j === i ? { ...w, ...patch } : w)));
                return (
                  <div className={s.item} key={i}>
                    <Select
                      label="Voucher"
                      value={v.voucherId}
                      onChange={(e) => set({ voucherId: e.target.value })}
                      options={VOUCHERS.map((d) => ({ value: d.id, label: d.name }))}
                    />
                    {v.voucherId === "custom" ? (
                      <TextField
                        label="Payment name"
                        value={v.customPaymentName}
                        error={errors[`vouchers.${i}.customPaymentName`]}
                        onChange={(e) => set({ customPaymentName: e.target.value })}
                      />
                    ) : null}
                    <TextField label="Pages" value={v.pages} error={errors[`vouchers.${i}.pages`]} onChange={(e) => set({ pages: e.target.value })} />
                    <TextField
                      label="Amount ($)"
                      inputMode="decimal"
                      value={v.amount}
                      error={errors[`vouchers.${i}.amountCents`]}
                      onChange={(e) => set({ amount: e.target.value })}
                    />
                    <Checkbox label="Due ASAP" checked={v.isDueAsap} onChange={(e) => set({ isDueAsap: e.target.checked })} />
                    {!v.isDueAsap ? (
                      <TextField
                        label="Due date"
                        type="date"
                        value={v.dueDate}
                        error={errors[`vouchers.${i}.dueDate`]}
                        onChange={(e) => set({ dueDate: e.target.value })}
                      />
                    ) : null}
                    <Button variant="ghost" size="sm" onClick={() => setVouchers((all) => all.filter((_, j) => j !== i))}>
                      Remove voucher
                    </Button>
                  </div>
                );
              })}
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  setVouchers((all) => [...all, { voucherId: "1040-V", customPaymentName: "", pages: "", amount: "", isDueAsap: false, dueDate: "" }])
                }
              >
                Add payment voucher
              </Button>
            </fieldset>

            <fieldset className={s.section} disabled={!editable}>
              <legend className={s.legend}>Tax service invoice</legend>
              <TextField
                label="Invoice amount ($, optional)"
                inputMode="decimal"
                value={invoice}
                error={errors.invoiceAmountCents}
                onChange={(e) => setInvoice(e.target.value)}
              />
              {invoice.trim() && view.cardPayments === false ? (
                <Alert tone="info" data-testid="invoice-not-connected">
                  {PAYMENT_MESSAGES.staffNotConnected}
                  {view.canConnectPayments ? (
                    <>
                      {" "}
                      <Link to={PAYMENTS_SETTINGS_PATH}>Open Firm Settings → Payments</Link>
                    </>
                  ) : null}
                </Alert>
              ) : null}
            </fieldset>

            {editable ? (
              <>
                {!canSend ? <p className={s.muted}>To send for signature, mark an e-sign form and place a signature box for each of its signers.</p> : null}
                <div className={s.footer}>
                  <Button type="submit" variant="secondary" disabled={busy !== null}>
                    {busy === "save" ? "Saving…" : "Save"}
                  </Button>
                  <Button variant="primary" disabled={busy !== null} onClick={() => void save("send")}>
                    {busy === "send" ? "Sending…" : draft ? "Send draft" : "Send for signature"}
                  </Button>
                </div>
              </>
            ) : null}
          </form>
        </div>
      ) : null}
      <TaxReturnUploadDialog
        open={replaceOpen}
        onClose={() => setReplaceOpen(false)}
        replace={{ taxReturnId: tr.id, companyId: tr.companyId, companyName: tr.companyName, taxYear: tr.taxYear }}
        onUploaded={() => setReplaceOpen(false)}
      />
    </div>
  );
}

function Bookmarks({ items, onGo, nested }: { items: OutlineItem[]; onGo: (page: number) => void; nested?: boolean }) {
  if (!items.length) return null;
  return (
    <ul className={`${s.bookmarkList} ${nested ? s.nested : ""}`}>
      {items.map((item, i) => (
        <li key={i}>
          {item.page ? (
            <button type="button" className={s.bookmark} onClick={() => onGo(item.page!)}>
              {item.title || "Untitled"} <span className={s.muted}>p. {item.page}</span>
            </button>
          ) : (
            <span className={s.muted}>{item.title}</span>
          )}
          <Bookmarks items={item.children} onGo={onGo} nested />
        </li>
      ))}
    </ul>
  );
}
