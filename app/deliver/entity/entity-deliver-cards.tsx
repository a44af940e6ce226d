/**
 * The entity page's Deliver cards (staff /admin/{companyHash}): the entity's tax returns and its
 * signature requests, each with the status badge the Deliver and signature request tables show
 * (same labels, same tones), the updated day, and a link that opens the row as those tables do.
 * An upload for this entity starts from here (the tables' own dialogs, the entity chosen), and
 * 'View all' leads to the table searched by the entity's name when the page does not list them all.
 */
import { useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useState } from "react";
import { formatDay } from "~/collect/overview/format";
import { Badge, Button, Card, EmptyState, useToast } from "~/components/ui";
import * as staff from "~/staff/staff.css";
import { useVocabulary } from "~/vocabulary";
import { TAX_RETURN_STATUS_LABELS } from "../rules";
import { openRequest, requestStatusTone, SIGNATURE_REQUEST_STATUS_LABELS } from "../requests/rules";
import { SignatureRequestUploadDialog } from "../requests/upload-dialog";
import { statusTone } from "../table/table";
import * as deliver from "../table/deliver.css";
import { TaxReturnUploadDialog } from "../upload/upload-dialog";
import { openTaxReturn, viewAllUrl } from "./entity-deliver";
import type { EntityDeliverList, EntitySignatureRequest, EntityTaxReturn } from "./entity-deliver.server";
import * as s from "./entity-deliver.css";

type Entity = { id: string; name: string };

/** The row's title: a link to its page, or (still processing) a button that says so. */
function OpenLink({ open, label, children }: { open: { toast: string } | { href: string }; label: string; children: string }) {
  const toast = useToast();
  if ("href" in open)
    return (
      <Link className={deliver.link} to={open.href} aria-label={label}>
        {children}
      </Link>
    );
  return (
    <button type="button" className={deliver.linkButton} onClick={() => toast.info(open.toast)} aria-label={label}>
      {children}
    </button>
  );
}

function CardHead({ title, viewAll }: { title: string; viewAll: string | null }) {
  return (
    <div className={staff.cardHead}>
      <h2 className={staff.sectionTitle}>{title}</h2>
      {viewAll ? (
        <Link className={deliver.link} to={viewAll}>
          View all
        </Link>
      ) : null}
    </div>
  );
}

const facts = (taxYear: number, updatedAt: string) => `${taxYear} · Updated ${formatDay(updatedAt)}`;

export function EntityTaxReturnsCard({ entity, list }: { entity: Entity; list: EntityDeliverList<EntityTaxReturn> }) {
  const tr = useVocabulary();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const upload = (
    <Button size="sm" variant="secondary" onClick={() => setUploading(true)}>
      Send Tax Return
    </Button>
  );
  return (
    <Card>
      <CardHead title="Tax returns" viewAll={list.more ? viewAllUrl("/tax-returns", entity.name) : null} />
      {list.rows.length === 0 ? (
        <EmptyState
          compact
          titleAs="p"
          title="No tax returns yet."
          description={tr("Send this entity its return to review, sign and pay in the portal.")}
          action={list.canUpload ? upload : null}
        />
      ) : (
        <>
          <ul className={staff.list} aria-label="Tax returns">
            {list.rows.map((r) => (
              <li key={r.id} className={s.row}>
                <div className={staff.ownerMain}>
                  <span className={s.name}>
                    <OpenLink open={openTaxReturn(r)} label={`Open ${r.taxReturnName} (${r.taxYear})`}>
                      {r.taxReturnName}
                    </OpenLink>
                  </span>
                  <span className={staff.muted}>{facts(r.taxYear, r.updatedAt)}</span>
                </div>
                <Badge tone={statusTone(r.status)}>{TAX_RETURN_STATUS_LABELS[r.status]}</Badge>
              </li>
            ))}
          </ul>
          {list.canUpload ? <div className={staff.cardFoot}>{upload}</div> : null}
        </>
      )}
      {list.canUpload ? (
        <TaxReturnUploadDialog open={uploading} onClose={() => setUploading(false)} entity={entity} onUploaded={() => revalidator.revalidate()} />
      ) : null}
    </Card>
  );
}

export function EntitySignatureRequestsCard({ entity, list }: { entity: Entity; list: EntityDeliverList<EntitySignatureRequest> }) {
  const tr = useVocabulary();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const upload = (
    <Button size="sm" variant="secondary" onClick={() => setUploading(true)}>
      Upload signature request
    </Button>
  );
  return (
    <Card>
      <CardHead title="Signature requests" viewAll={list.more ? viewAllUrl("/signature-requests", entity.name) : null} />
      {list.rows.length === 0 ? (
        <EmptyState
          compact
          titleAs="p"
          title="No signature requests yet."
          description={tr("Upload a document, place the signature boxes and send it to this entity's owners to sign.")}
          action={list.canUpload ? upload : null}
        />
      ) : (
        <>
          <ul className={staff.list} aria-label="Signature requests">
            {list.rows.map((r) => (
              <li key={r.id} className={s.row}>
                <div className={staff.ownerMain}>
                  <span className={s.name}>
                    <OpenLink open={openRequest(r)} label={`Open ${r.formName} (${r.taxYear})`}>
                      {r.formName}
                    </OpenLink>
                  </span>
                  <span className={staff.muted}>{facts(r.taxYear, r.updatedAt)}</span>
                </div>
                <Badge tone={requestStatusTone(r.status)}>{SIGNATURE_REQUEST_STATUS_LABELS[r.status]}</Badge>
              </li>
            ))}
          </ul>
          {list.canUpload ? <div className={staff.cardFoot}>{upload}</div> : null}
        </>
      )}
      {list.canUpload ? (
        <SignatureRequestUploadDialog open={uploading} onClose={() => setUploading(false)} entity={entity} onUploaded={() => revalidator.revalidate()} />
      ) : null}
    </Card>
  );
}
