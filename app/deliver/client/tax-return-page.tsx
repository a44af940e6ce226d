/**
 * The client's tax return page: the whole return (pages scaled to the width, bookmark index,
 * Download), then what the status asks of the client: review a draft (Approve / Request Changes),
 * a message while the firm works on it, or signing (their fields highlighted, a drawn or typed
 * signature placed by clicking each signature field, dates filled in, Finish when all are done).
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Badge, Button, Dialog, TextArea, useToast } from "~/components/ui";
import { InvoicePayment } from "~/payments/invoice-payment";
import { downloadTaxReturn } from "../ops/download";
import { TAX_RETURN_MESSAGES } from "../rules";
import { signerDone } from "../signing/rules";
import { statusTone } from "./cards";
import type { TaxReturnPageData } from "./page.server";
import { PdfPages, pageAnchor } from "./pdf-pages";
import { REASON_REQUIRED } from "./schemas";
import { SignaturePadDialog, type Adopted } from "./signature-pad";
import { STAGE_MESSAGES, type OutlineItem } from "./stage";
import * as s from "./client.css";

type Data = TaxReturnPageData;
type Field = Data["signers"][number]["fields"][number];

async function post(url: string, body: object): Promise<{ ok: boolean; error?: string }> {
  try {
    const res = await apiFetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = (await res.json().catch(() => ({}))) as { error?: string };
    // 'Responses with an error field count as failures.'
    return { ok: res.ok && !json.error, error: json.error };
  } catch {
    return { ok: false };
  }
}

export function TaxReturnPage({ data }: { data: Data }) {
  const t = data.taxReturn;
  const api = `/api/tax-returns/${encodeURIComponent(t.id)}`;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

  const me = data.signers.find((x) => x.mine) ?? null;
  const mayAct = data.stage === "sign" && !data.readOnly && me !== null && !me.signed;
  // The firm asks signers to verify their identity first: until then there is nothing to sign here.
  const verifyFirst = mayAct && data.identity !== null && !data.identity.verified;
  const signing = mayAct && !verifyFirst;
  const waiting = verifyFirst && data.identity?.waiting === true;
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > 30) clearInterval(timer);
      else if (revalidator.state === "idle") revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting]); // eslint-disable-line react-hooks/exhaustive-deps
  const myOpen = useMemo(() => (signing && me ? me.fields.filter((f) => !f.filledAt) : []), [signing, me]);
  const [adopted, setAdopted] = useState<Adopted | null>(null);
  const [filled, setFilled] = useState<Set<string>>(new Set());
  const [padOpen, setPadOpen] = useState(false);
  const [pendingField, setPendingField] = useState<string | null>(null);
  // The date fields fill themselves once a signature is adopted.
  const done = useMemo(() => {
    const all = new Set(filled);
    if (adopted) for (const f of myOpen) if (f.kind === "date") all.add(f.id);
    return all;
  }, [filled, adopted, myOpen]);
  const complete = signerDone(myOpen, done);
  const signatureFieldsLeft = myOpen.filter((f) => f.kind === "signature" && !done.has(f.id)).length;

  async function approve() {
    setBusy(true);
    const r = await post(`${api}/approve`, { companyId: t.companyId });
    setBusy(false);
    if (r.ok) toast.success(TAX_RETURN_MESSAGES.approved);
    else toast.error(TAX_RETURN_MESSAGES.approveFailed);
    revalidator.revalidate();
  }

  async function requestChanges() {
    if (!reason.trim()) {
      setReasonError(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    const r = await post(`${api}/request-changes`, { companyId: t.companyId, reason });
    setBusy(false);
    if (r.ok) {
      setChangesOpen(false);
      toast.success(TAX_RETURN_MESSAGES.changesRequested);
    } else toast.error(TAX_RETURN_MESSAGES.requestChangesFailed);
    revalidator.revalidate();
  }

  function clickField(field: Field) {
    if (field.kind !== "signature") return;
    if (!adopted) {
      setPendingField(field.id);
      setPadOpen(true);
      return;
    }
    setFilled((prev) => new Set(prev).add(field.id));
  }

  async function finish() {
    if (!adopted || !complete) return;
    setBusy(true);
    const r = await post(`${api}/sign`, { companyId: t.companyId, signature: adopted, fieldIds: myOpen.map((f) => f.id) });
    setBusy(false);
    if (r.ok) toast.success("Your signature was added to the tax return.");
    else toast.error(r.error ?? "Failed to sign the tax return");
    revalidator.revalidate();
  }

  async function verifyIdentity() {
    setBusy(true);
    try {
      const res = await apiFetch(`${api}/identity`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ companyId: t.companyId }),
      });
      const json = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
      if (res.ok && json.url) {
        window.location.assign(json.url);
        return;
      }
      toast.error(json.error ?? "Identity verification could not start. Please try again.");
    } catch {
      toast.error("Identity verification could not start. Please try again.");
    }
    setBusy(false);
    revalidator.revalidate();
  }

  async function sendSpouseLink() {
    setBusy(true);
    const r = await post(`${api}/signing-link`, { companyId: t.companyId });
    setBusy(false);
    if (r.ok) toast.success(`Signing link sent to ${data.spouseLink?.name}`);
    else toast.error(r.error ?? "Failed to send the signing link");
  }

  // Fields show while the return waits for signatures; the signed copy carries them itself.
  const overlay = (page: number) =>
    data.stage !== "sign"
      ? null
      : data.signers.flatMap((signer) =>
          signer.fields
            .filter((f) => f.page === page)
            .map((f) => {
              const style = { left: `${f.x * 100}%`, top: `${f.y * 100}%`, width: `${f.width * 100}%`, height: `${f.height * 100}%` };
              const mineOpen = myOpen.some((m) => m.id === f.id);
              const isDone = f.filledAt !== null || done.has(f.id);
              if (!mineOpen) {
                return (
                  <div
                    key={f.id}
                    className={f.filledAt ? s.fieldDone : s.fieldOther}
                    style={style}
                    title={`${signer.name}: ${f.kind === "date" ? "date" : "signature"}`}
                  >
                    {f.filledAt ? (f.kind === "date" ? "Dated" : "Signed") : signer.name}
                  </div>
                );
              }
              if (isDone) {
                return (
                  <div key={f.id} className={s.fieldDone} style={style} data-testid="field-done">
                    {f.kind === "date" ? data.today : <SignatureMark adopted={adopted} />}
                  </div>
                );
              }
              return (
                <button
                  key={f.id}
                  type="button"
                  className={s.fieldMine}
                  style={style}
                  onClick={() => clickField(f)}
                  data-testid={f.kind === "signature" ? "my-signature-field" : "my-date-field"}
                  aria-label={f.kind === "signature" ? `Sign here (page ${page})` : `Date (page ${page}), filled in when you sign`}
                >
                  {f.kind === "signature" ? "Sign here" : "Date"}
                </button>
              );
            }),
        );

  return (
    <div className={s.page}>
      <header className={s.header}>
        <div>
          <div className={s.titleRow}>
            <h1 className={s.title}>{t.name}</h1>
            <Badge tone={statusTone(t.status)}>{t.statusLabel}</Badge>
          </div>
          <p className={s.muted}>
            {t.entityName} · Tax year {t.taxYear}
          </p>
        </div>
        <div className={s.actions}>
          {data.downloadable ? (
            <Button
              variant="secondary"
              onClick={() => void downloadTaxReturn(t.id, t.companyId, "plain", { audience: "client" }).catch((e: Error) => toast.error(e.message))}
            >
              Download
            </Button>
          ) : null}
        </div>
      </header>

      {data.readOnly ? (
        <Alert tone="warning">This account or entity is read-only. You can view this tax return, but approving and signing are turned off.</Alert>
      ) : null}
      {data.stage === "approved" ? <Alert tone="info">{STAGE_MESSAGES.approved}</Alert> : null}
      {data.stage === "changes_requested" ? <Alert tone="info">{STAGE_MESSAGES.changes_requested}</Alert> : null}
      {data.stage === "done" ? (
        <Alert tone="success" title={t.status === "finished" ? undefined : "Signed"}>
          {STAGE_MESSAGES.done} (0 signatures to sign)
        </Alert>
      ) : null}
      {verifyFirst && data.identity ? (
        <Alert
          tone={data.identity.tone}
          title="Verify your identity before signing"
          data-testid="identity-panel"
          action={
            data.identity.action ? (
              <Button onClick={verifyIdentity} loading={busy} disabled={busy}>
                {data.identity.action}
              </Button>
            ) : undefined
          }
        >
          <span aria-live="polite">{data.identity.text}</span>
        </Alert>
      ) : null}
      {data.stage === "sign" && me?.signed ? <Alert tone="success">You have signed. We're waiting for the other signer.</Alert> : null}
      {data.stage === "sign" && !me && !data.readOnly ? (
        <Alert tone="info">This tax return is waiting for signatures from the people asked to sign it.</Alert>
      ) : null}

      <div className={s.layout}>
        <aside className={s.side}>
          <Outline items={data.outline} />
          {data.forms.length > 0 ? (
            <section className={s.panel} aria-labelledby="forms-title">
              <h2 className={s.panelTitle} id="forms-title">
                Forms to sign
              </h2>
              <ul className={s.list}>
                {data.forms.map((f) => (
                  <li key={f.id}>
                    <a href={`#${pageAnchor(f.pages[0] ?? 1)}`}>{f.name}</a>
                    {f.pages.length ? <span className={s.muted}> · page {f.pages.join(", ")}</span> : null}
                  </li>
                ))}
              </ul>
              <ul className={s.list} style={{ marginTop: 8 }} aria-label="Signers">
                {data.signers.map((x) => (
                  <li key={x.id} className={s.listRow}>
                    <span>
                      {x.name}
                      {x.mine ? " (you)" : ""}
                    </span>
                    <span className={s.muted}>
                      {x.signed ? "Signed" : data.stage === "done" ? "—" : "Not signed"}
                      {x.identity ? ` · Identity: ${x.identity}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
              {data.spouseLink ? (
                <div style={{ marginTop: 12 }}>
                  <Button size="sm" variant="secondary" onClick={sendSpouseLink} disabled={busy}>
                    Send signing link to {data.spouseLink.name}
                  </Button>
                </div>
              ) : null}
            </section>
          ) : null}
          {data.vouchers.length > 0 ? (
            <section className={s.panel} aria-labelledby="vouchers-title">
              <h2 className={s.panelTitle} id="vouchers-title">
                Payment vouchers
              </h2>
              <ul className={s.list}>
                {data.vouchers.map((v) => (
                  <li key={v.id}>
                    <div>{v.name}</div>
                    <div className={s.listRow}>
                      <strong>{v.amount}</strong>
                      <span className={s.muted}>
                        Due {v.due}
                        {v.paid ? " · Paid" : ""}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>

        <div style={{ display: "grid", gap: 12, minWidth: 0 }}>
          {data.invoice ? <InvoicePayment invoice={data.invoice} taxReturnId={t.id} companyId={t.companyId} /> : null}
          {data.pdfUrl ? <PdfPages url={data.pdfUrl} title={t.name} overlay={overlay} /> : <Alert tone="danger">{TAX_RETURN_MESSAGES.loadPdfFailed}</Alert>}

          {data.stage === "review_draft" ? (
            <div className={s.stickyBar} role="group" aria-label="Review the draft">
              <span className={s.muted}>Review the draft, then approve it or ask for changes.</span>
              <div className={s.actions}>
                <Button variant="secondary" onClick={() => setChangesOpen(true)} disabled={busy || data.readOnly}>
                  Request Changes
                </Button>
                <Button onClick={approve} loading={busy} disabled={busy || data.readOnly}>
                  Approve
                </Button>
              </div>
            </div>
          ) : null}

          {signing ? (
            <div className={s.stickyBar} role="group" aria-label="Sign the tax return">
              <div className={s.actions}>
                {adopted ? (
                  adopted.method === "drawn" ? (
                    <img src={adopted.image} alt="Your signature" className={s.adopted} />
                  ) : (
                    <span className={s.script} style={{ fontSize: 22 }}>
                      {adopted.text}
                    </span>
                  )
                ) : null}
                <span className={s.muted} aria-live="polite">
                  {complete ? "All your fields are done." : `${signatureFieldsLeft} signature field(s) left`}
                </span>
              </div>
              <div className={s.actions}>
                <Button variant="secondary" onClick={() => setPadOpen(true)}>
                  {adopted ? "Change signature" : "Adopt signature"}
                </Button>
                <Button onClick={finish} disabled={!complete || busy} loading={busy}>
                  Finish
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      </div>

      <Dialog
        open={changesOpen}
        onClose={() => setChangesOpen(false)}
        title="Request changes"
        description="Tell your firm what should change in this draft."
        footer={
          <>
            <Button variant="secondary" onClick={() => setChangesOpen(false)}>
              Cancel
            </Button>
            <Button onClick={requestChanges} loading={busy}>
              Request Changes
            </Button>
          </>
        }
      >
        <TextArea
          label="Reason"
          required
          value={reason}
          maxLength={2000}
          error={reasonError ?? undefined}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setReasonError(null);
          }}
        />
      </Dialog>

      <SignaturePadDialog
        open={padOpen}
        defaultName={me?.name ?? ""}
        onClose={() => setPadOpen(false)}
        onAdopt={(a) => {
          setAdopted(a);
          setPadOpen(false);
          if (pendingField) setFilled((prev) => new Set(prev).add(pendingField));
          setPendingField(null);
        }}
      />
    </div>
  );
}

function SignatureMark({ adopted }: { adopted: Adopted | null }) {
  if (!adopted) return null;
  if (adopted.method === "drawn") return <img src={adopted.image} alt="Your signature" className={s.fieldImage} />;
  return <span className={s.script}>{adopted.text}</span>;
}

function Outline({ items }: { items: OutlineItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav className={s.panel} aria-labelledby="outline-title">
      <h2 className={s.panelTitle} id="outline-title">
        Bookmarks
      </h2>
      <OutlineList items={items} top />
    </nav>
  );
}

function OutlineList({ items, top }: { items: OutlineItem[]; top?: boolean }) {
  return (
    <ul className={top ? s.outline : s.outlineChildren}>
      {items.map((item, i) => (
        <li key={`${item.page}-${i}`}>
          <button
            type="button"
            className={s.outlineButton}
            onClick={() => document.getElementById(pageAnchor(item.page))?.scrollIntoView({ behavior: "smooth", block: "start" })}
          >
            {item.title} <span className={s.muted}>· p. {item.page}</span>
          </button>
          {item.children?.length ? <OutlineList items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
