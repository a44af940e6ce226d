/**
 * The staff side of /review-signature-request/{id}: the document with the placement editor (click a
 * page to place a signature or date box for the chosen signer), the signers chosen among the
 * entity's owners, an optional message, Save and Send. Once sent, the page follows the signing:
 * who signed, and the signed copy with its audit page when everyone has.
 */
import { useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useState } from "react";
import { apiFetch } from "~/auth/api-fetch";
import { Alert, Badge, Button, Checkbox, TextArea, useToast } from "~/components/ui";
import { formatDateTime } from "~/time-zones";
import { PlacementEditor } from "../placement/placement-editor";
import type { PlacementField } from "../placement/placement";
import type { StaffReviewData } from "./page.server";
import { placementError, REQUEST_MESSAGES, requestStatusTone } from "./rules";
import * as s from "./review.css";

async function post(url: string, body: object): Promise<{ ok: boolean; message: string }> {
  const r = await apiFetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await r.json().catch(() => ({}))) as { message?: string; error?: string };
  return { ok: r.ok, message: (r.ok ? json.message : json.error) ?? "Something went wrong" };
}

export function StaffReviewPage({ data }: { data: StaffReviewData }) {
  const r = data.request;
  const toast = useToast();
  const revalidator = useRevalidator();
  const api = `/api/staff/signature-requests/${encodeURIComponent(r.id)}?companyId=${encodeURIComponent(r.companyId)}`;
  const userOfSigner = new Map(data.signers.map((x) => [x.id, x.userId ?? ""]));
  const [signers, setSigners] = useState<string[]>(
    data.signers.length ? data.signers.map((x) => x.userId ?? "").filter(Boolean) : data.candidates.slice(0, 1).map((c) => c.userId),
  );
  const [fields, setFields] = useState<PlacementField[]>(
    data.fields.map((f) => ({ signerKey: userOfSigner.get(f.signerId) ?? "", kind: f.kind, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height })),
  );
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const placement = { signers, fields: fields.filter((f) => signers.includes(f.signerKey)) };
  const sendProblem = placementError(placement, r.pageCount ?? 0, true);

  async function save(): Promise<boolean> {
    const result = await post(api, { intent: "place", placement });
    if (!result.ok) toast.error(result.message);
    return result.ok;
  }
  async function onSave() {
    setBusy(true);
    if (await save()) toast.success(REQUEST_MESSAGES.saved);
    setBusy(false);
    revalidator.revalidate();
  }
  async function onSend() {
    setBusy(true);
    if (await save()) {
      const result = await post(api, { intent: "send", message: message.trim() || null });
      if (result.ok) toast.success(result.message);
      else toast.error(result.message);
    }
    setBusy(false);
    revalidator.revalidate();
  }
  async function openSigned() {
    const res = await apiFetch(`${api}&signed=1`);
    const json = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
    if (json.url) window.open(json.url, "_blank", "noopener");
    else toast.error(json.error ?? "There was a problem downloading the document.");
  }

  const placementSigners = data.candidates.filter((c) => signers.includes(c.userId)).map((c) => ({ key: c.userId, label: c.name }));
  return (
    <div className={s.page}>
      <header className={s.header}>
        <div>
          <div className={s.titleRow}>
            <h1 className={s.title}>{r.formName}</h1>
            <Badge tone={requestStatusTone(r.status)}>{data.statusLabel}</Badge>
          </div>
          <p className={s.muted}>
            {r.companyName} · Tax year {r.taxYear}
            {r.pageCount ? ` · ${r.pageCount} page(s)` : ""}
          </p>
        </div>
        <div className={s.actions}>
          {r.signedAvailable ? (
            <Button variant="secondary" onClick={() => void openSigned()}>
              Open signed copy
            </Button>
          ) : null}
          <Button to="/signature-requests" variant="ghost">
            Back to signature requests
          </Button>
        </div>
      </header>

      {r.status === "processing" ? <Alert tone="info">{REQUEST_MESSAGES.stillProcessing}</Alert> : null}
      {r.status === "error" ? <Alert tone="danger">{r.processingError ?? REQUEST_MESSAGES.protectedPdf}</Alert> : null}

      <div className={s.layout}>
        <div>
          {data.pdfUrl ? (
            <PlacementEditor
              pdfUrl={data.pdfUrl}
              title={`${r.formName} pages`}
              signers={placementSigners}
              // The signed copy carries the signatures itself.
              fields={r.signedAvailable ? [] : placement.fields}
              onChange={setFields}
              readOnly={!r.editable}
            />
          ) : null}
        </div>
        <aside className={s.panel} aria-label="Signers and sending">
          {r.editable ? (
            <>
              <fieldset className={s.section}>
                <legend className={s.legend}>Who signs</legend>
                {data.candidates.length === 0 ? (
                  <p className={s.muted}>
                    This entity has no owners to sign. <Link to={`/admin/${r.companyHash}`}>Open the entity</Link> to add one.
                  </p>
                ) : (
                  data.candidates.map((c) => (
                    <Checkbox
                      key={c.userId}
                      label={c.name}
                      description={c.email ?? "No email"}
                      checked={signers.includes(c.userId)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setSigners((all) => (on ? [...all, c.userId] : all.filter((x) => x !== c.userId)));
                      }}
                    />
                  ))
                )}
                <p className={s.muted}>Choose a signer above the document, then click a page to place their signature or date box.</p>
              </fieldset>
              <TextArea
                label="Message to the signers"
                hint="Optional: included in the notification."
                value={message}
                maxLength={2000}
                onChange={(e) => setMessage(e.currentTarget.value)}
              />
              {sendProblem ? <p className={s.muted}>{sendProblem}</p> : null}
              <div className={s.actions}>
                <Button variant="secondary" onClick={() => void onSave()} disabled={busy}>
                  Save
                </Button>
                <Button onClick={() => void onSend()} disabled={busy || sendProblem !== null} loading={busy}>
                  Send for signature
                </Button>
              </div>
            </>
          ) : (
            <section className={s.section} aria-labelledby="signers-title">
              <h2 className={s.legend} id="signers-title">
                Signers
              </h2>
              {data.signers.length === 0 ? <p className={s.muted}>No signers yet.</p> : null}
              <ul className={s.list}>
                {data.signers.map((x) => (
                  <li key={x.id} className={s.row}>
                    <span>{x.name}</span>
                    <span className={s.muted}>{x.signedAt ? `Signed ${formatDateTime(x.signedAt, data.timeZone)}` : "Not signed yet"}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {data.activity.length ? (
            <section className={s.section} aria-labelledby="activity-title">
              <h2 className={s.legend} id="activity-title">
                Activity
              </h2>
              <ol className={s.list}>
                {data.activity.map((a) => (
                  <li key={a.id}>
                    <span>{a.title}</span>
                    {a.description ? <span className={s.muted}> · {a.description}</span> : null}
                    <p className={s.muted}>{formatDateTime(a.at, data.timeZone)}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
