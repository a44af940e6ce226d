/**
 * Files uploaded for a message that was never sent are removed after a day, row and stored object
 * (real PostgreSQL and S3 protocol), by the job the registry runs: a sent file, a fresh upload and
 * another firm's file (when one firm is swept) stay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";
import { listStoredKeys, postToGrant } from "../support/s3";

let app: TestApp;
let jordan: string;
let summitClient: string;
let riveraHash: string;
let summitHash: string;

const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
const DAY = 86_400_000;

async function upload(slug: string, hash: string, cookie: string, fileName: string) {
  const api = `/api/messages/${hash}/attachments`;
  const grant = await app.postJson(slug, api, { intent: "upload_grant", fileName, contentType: "application/pdf", size: PDF.length }, cookie);
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  expect((await postToGrant(grant.body.grant, PDF, fileName)).status).toBeLessThan(300);
  const confirm = await app.postJson(slug, api, { intent: "upload_confirm", key: grant.body.grant.key, fileName, contentType: "application/pdf" }, cookie);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  const id = (confirm.body.attachment as { id: string }).id;
  const doc = await app.tx(slug, (t) => t.document.findFirstOrThrow({ where: { id } }));
  return { id, key: doc.storageKey!, firmId: doc.firmId };
}

const age = (slug: string, id: string, ms: number) => app.tx(slug, (t) => t.document.update({ where: { id }, data: { createdAt: new Date(Date.now() - ms) } }));
const exists = (slug: string, id: string) => app.tx(slug, async (t) => (await t.document.count({ where: { id } })) > 0);

beforeAll(async () => {
  app = await bootApp({ name: "unsent-uploads", s3: true });
  jordan = (await app.signIn("acme", "client@acme.test")).cookie;
  summitClient = (await app.signIn("summit", "client@summit.test")).cookie;
  riveraHash = (await app.tx("acme", (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" } }))).hashId;
  const summitOwner = await app.tx("summit", (t) => t.user.findFirstOrThrow({ where: { email: "client@summit.test" } }));
  summitHash = (
    await app.tx("summit", (t) =>
      t.company.findFirstOrThrow({
        where: { owners: { some: { userId: summitOwner.id } }, deletedAt: null, inactive: false, entityType: { not: "unassigned" } },
      }),
    )
  ).hashId;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe("remove-unsent-message-uploads", () => {
  it("removes a day-old upload no message carries, row and object, firm by firm", async () => {
    const unsent = await upload("acme", riveraHash, jordan, "abandoned.pdf");
    const fresh = await upload("acme", riveraHash, jordan, "just-now.pdf");
    const sent = await upload("acme", riveraHash, jordan, "sent.pdf");
    const other = await upload("summit", summitHash, summitClient, "summit-abandoned.pdf");
    const message = await app.post("acme", `/inbox/${riveraHash}.data`, { intent: "send", text: "My file.", attachmentId: sent.id }, jordan);
    expect(message.status).toBeLessThan(400);
    expect(await app.tx("acme", (t) => t.messageAttachment.count({ where: { documentId: sent.id } }))).toBe(1);
    await age("acme", unsent.id, DAY + 60_000);
    await age("acme", sent.id, 3 * DAY);
    await age("acme", fresh.id, DAY - 3_600_000);
    await age("summit", other.id, 2 * DAY);
    const storedBefore = await listStoredKeys(app.s3!.config);
    for (const f of [unsent, fresh, sent, other]) expect(storedBefore).toContain(f.key);

    // One firm's sweep touches only that firm.
    const { removeFirmUnsentUploads, removeUnsentMessageUploads, REMOVE_UNSENT_MESSAGE_UPLOADS } = await import("~/conversations/unsent-uploads.server");
    expect(await removeFirmUnsentUploads(unsent.firmId)).toBe(1);
    let stored = await listStoredKeys(app.s3!.config);
    expect(stored).not.toContain(unsent.key);
    expect(await exists("acme", unsent.id)).toBe(false);
    for (const f of [fresh, sent, other]) expect(stored).toContain(f.key);
    expect(await exists("acme", fresh.id)).toBe(true);
    expect(await exists("acme", sent.id)).toBe(true);
    expect(await exists("summit", other.id)).toBe(true);

    // The registered job, as the queue runs it (the owner's connection lists the firms).
    const { selectJobs } = await import("~/jobs/registry.server");
    const [job] = selectJobs([REMOVE_UNSENT_MESSAGE_UPLOADS]);
    expect(job!.everySeconds).toBeGreaterThan(0);
    const pg = (await import("pg")).default;
    const owner = new pg.Client({ connectionString: app.db.url });
    await owner.connect();
    try {
      const context = { sql: async <R>(text: string, values: unknown[] = []) => (await owner.query(text, values)).rows as R[] };
      const result = await removeUnsentMessageUploads(context);
      expect(result.removed).toBe(1);
    } finally {
      await owner.end();
    }
    stored = await listStoredKeys(app.s3!.config);
    expect(stored).not.toContain(other.key);
    expect(await exists("summit", other.id)).toBe(false);
    expect(stored).toContain(fresh.key);
    expect(stored).toContain(sent.key);
    // The sent file still opens from its message.
    const view = await app.postJson("acme", `/api/messages/${riveraHash}/attachments`, { intent: "view_url", id: sent.id }, jordan);
    expect(view.status).toBe(200);
  });
});
