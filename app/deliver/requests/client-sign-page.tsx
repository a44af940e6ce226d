/**
 * The client side of /review-signature-request/{id}: the document's pages (fit to the screen, 375 px
 * included) with each signer's boxes; the signed-in signer's own boxes are buttons ('Sign here'),
 * filled with the signature they adopt (drawn with a finger, pen or mouse, or typed), dates filled
 * in; Finish sends exactly their boxes. Once everyone has signed, the signed copy (with its audit
 * page) is what the page shows.
 */
import { useRevalidator } from "@remix-run/react";
import { useMemo, useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Badge, Button, useToast } from "~/components/ui";
import { PdfPages } from "../client/pdf-pages";
import { SignaturePadDialog, type Adopted } from "../client/signature-pad";
import * as s from "../client/client.css";
import { signerDone } from "../signing/rules";
import type { ClientSignData } from "./page.server";
import { REQUEST_MESSAGES, requestStatusTone } from "./rules";

type Field = ClientSignData["signers"][number]["fields"][number];

export function ClientSignPage({ data }: { data: ClientSignData }) {
  const r = data.request;
  const toast = useToast();
  const revalidator = useRevalidator();
  const me = data.signers.find((x) => x.mine) ?? null;
  const signing = r.status === "sent" && !data.readOnly && me !== null && !me.signed;
  const myOpen = useMemo(() => (signing && me ? me.fields.filter((f) => !f.filledAt) : []), [signing, me]);
  const [adopted, setAdopted] = useState<Adopted | null>(null);
  const [filled, setFilled] = useState<Set<string>>(new Set());
  const [padOpen, setPadOpen] = useState(false);
  const [pendingField, setPendingField] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useMemo(() => {
    const all = new Set(filled);
    if (adopted) for (const f of myOpen) if (f.kind === "date") all.add(f.id);
    return all;
  }, [filled, adopted, myOpen]);
  const complete = signerDone(myOpen, done);
  const left = myOpen.filter((f) => f.kind === "signature" && !done.has(f.id)).length;

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
    const res = await apiFetch(`/api/signature-requests/${encodeURIComponent(r.id)}/sign`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ companyId: r.companyId, signature: adopted, fieldIds: myOpen.map((f) => f.id) }),
    }).catch(() => null);
    const json = ((await res?.json().catch(() => ({}))) ?? {}) as { message?: string; error?: string };
    setBusy(false);
    if (res?.ok && !json.error) toast.success(json.message ?? REQUEST_MESSAGES.signed);
    else toast.error(json.error ?? "Something went wrong");
    revalidator.revalidate();
  }

  const overlay = (page: number) =>
    data.signers.flatMap((signer) =>
      signer.fields
        .filter((f) => f.page === page)
        .map((f) => {
          const style = { left: `${f.x * 100}%`, top: `${f.y * 100}%`, width: `${f.width * 100}%`, height: `${f.height * 100}%` };
          const mineOpen = myOpen.some((m) => m.id === f.id);
          if (!mineOpen)
            return (
              <div key={f.id} className={f.filledAt ? s.fieldDone : s.fieldOther} style={style} title={`${signer.name}: ${f.kind}`}>
                {f.filledAt ? (f.kind === "date" ? "Dated" : "Signed") : signer.name}
              </div>
            );
          if (done.has(f.id))
            return (
              <div key={f.id} className={s.fieldDone} style={style} data-testid="field-done">
                {f.kind === "date" ? (
                  data.today
                ) : adopted?.method === "drawn" ? (
                  <img src={adopted.image} alt="Your signature" className={s.fieldImage} />
                ) : (
                  <span className={s.script}>{adopted?.method === "typed" ? adopted.text : ""}</span>
                )}
              </div>
            );
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
            <h1 className={s.title}>{r.formName}</h1>
            <Badge tone={requestStatusTone(r.status)}>{r.statusLabel}</Badge>
          </div>
          <p className={s.muted}>
            {r.entityName} · Tax year {r.taxYear}
          </p>
        </div>
      </header>

      {data.readOnly ? <Alert tone="warning">This account or entity is read-only. You can view this document, but signing is turned off.</Alert> : null}
      {r.status !== "sent" ? <Alert tone="success">Every signature is done. This is the signed copy.</Alert> : null}
      {r.status === "sent" && me?.signed ? <Alert tone="success">You have signed. We're waiting for the other signer(s).</Alert> : null}
      {r.status === "sent" && !me && !data.readOnly ? (
        <Alert tone="info">This document is waiting for signatures from the people asked to sign it.</Alert>
      ) : null}

      <div className={s.pages}>
        {data.pdfUrl ? <PdfPages url={data.pdfUrl} title={r.formName} overlay={overlay} /> : <Alert tone="danger">Failed to load PDF file</Alert>}
        {signing ? (
          <div className={s.stickyBar} role="group" aria-label="Sign the document">
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
                {complete ? "All your fields are done." : `${left} signature field(s) left`}
              </span>
            </div>
            <div className={s.actions}>
              <Button variant="secondary" onClick={() => setPadOpen(true)}>
                {adopted ? "Change signature" : "Adopt signature"}
              </Button>
              <Button onClick={() => void finish()} disabled={!complete || busy} loading={busy}>
                Finish
              </Button>
            </div>
          </div>
        ) : null}
      </div>

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
