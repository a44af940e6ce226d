/**
 * Publishing a live event: `pg_notify` on the writer's own connection, so that inside a
 * transaction it is sent when (and only if) the transaction commits, to every app server's
 * listener (listener.server.ts) at once.
 *
 *   await publishEvent(tx, { t: "message", c: conversation.id, k: "new" });   // inside withFirm
 *   await publishEvent(firmId, { t: "banner" });                             // after a write
 *
 * With a transaction the firm is the transaction's own (`app.firm_id`, set by withFirm): a writer
 * can only ever announce something to its own firm. Payloads carry ids only.
 */
import { withFirm, type FirmDb, type FirmTx } from "~/db.server";
import { LIVE_CHANNEL, chunkEvent, type PublishedEvent } from "./events";

/** Sends `event` to the firm's open streams (on commit when `target` is a transaction). */
export async function publishEvent(target: FirmTx | FirmDb | string, event: PublishedEvent): Promise<void> {
  if (typeof target === "string") {
    await withFirm(target, (tx) => publishEvent(tx, event));
    return;
  }
  for (const part of chunkEvent(event)) {
    const payload = JSON.stringify(part);
    // The firm comes from the transaction's setting, never from the caller.
    await target.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, jsonb_set(${payload}::jsonb, '{f}', to_jsonb(current_setting('app.firm_id', true)))::text)`;
  }
}
