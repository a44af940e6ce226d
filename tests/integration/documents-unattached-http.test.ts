/**
 * A client's uploads on the Documents page reach the firm (built app, real PostgreSQL, S3 server
 * and job queue): they are listed in the Unattached tab of the entity's questionnaires (count and
 * names), hidden from another firm's staff and from staff of another firm group; a burst of
 * uploads makes one `notify-document-uploads` job and so one email to the entity's advisor,
 * through the outbox; a file the client deletes leaves the list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, type Browser, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";
import type { UploadGrant } from "~/storage/uploads";

const JOB = "notify-document-uploads";
const PDF = new TextEncoder().encode("%PDF-1.4\n% client upload\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const BURST = 20;

let app: TestApp;
let client: Browser;
let partner: Browser;
let otherGroup: Browser;
let acmePartner: Browser;
let entity: { id: string; hash: string };
let questionnaireId: string;

beforeAll(async () => {
  app = await bootApp({ name: "documents-unattached", s3: true, jobs: { only: [JOB, "deliver-outbound-message"], pollingIntervalSeconds: 0.5 } });
  expect(app.jobs?.running).toBe(true);
  client = await app.browser().signIn("summit", "client@summit.test");
  partner = await app.signIn("summit", "partner@summit.test");
  // Nina has group access to the Individual group; this client is in the Business group.
  otherGroup = await app.signIn("summit", "nina.patel@summit.test");
  acmePartner = await app.signIn("acme", "partner@acme.test");
  const redirect = await client.get("summit", "/documents");
  expect(redirect.status).toBe(302);
  const hash = redirect.location!.split("/").pop()!;
  const { rows } = await app.su.query(
    `SELECT c.id, q.id AS questionnaire_id FROM companies c JOIN questionnaires q ON q.company_id = c.id
      WHERE c.firm_id = 'firm_summit' AND c.hash_id = $1 AND q.deleted_at IS NULL ORDER BY q.created_at LIMIT 1`,
    [hash],
  );
  entity = { id: rows[0].id, hash };
  questionnaireId = rows[0].questionnaire_id;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

async function upload(fileName: string) {
  const api = `/api/documents/${entity.hash}`;
  const granted = await client.postJson("summit", api, { intent: "upload_grant", path: "/", fileName, contentType: "application/pdf", size: PDF.length });
  expect(granted.status, granted.text).toBe(200);
  const grant = granted.body.grant as UploadGrant;
  expect((await postToGrant(grant, PDF, fileName)).status).toBeLessThan(300);
  const confirmed = await client.postJson("summit", api, { intent: "upload_confirm", path: "/", fileName, contentType: "application/pdf", key: grant.key });
  expect(confirmed.status, confirmed.text).toBe(200);
  return confirmed.body.item as { id: string; name: string };
}

async function unattached(viewer: Browser): Promise<string[]> {
  const response = await viewer.get("summit", `/api/staff/questionnaires/${questionnaireId}`);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return (response.body.unattached as { name: string }[]).map((d) => d.name);
}

async function uploadEmails(email: string): Promise<{ subject: string; body: string }[]> {
  const { rows } = await app.su.query(
    `SELECT subject, body FROM outbound_messages WHERE firm_id = 'firm_summit' AND "to" = $1 AND subject LIKE '%uploaded%' ORDER BY created_at`,
    [email],
  );
  return rows;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}

describe("a client's uploads on the Documents page", () => {
  const names = Array.from({ length: BURST }, (_, i) => `Client upload ${String(i + 1).padStart(2, "0")}.pdf`);
  let first: { id: string; name: string };

  it("are listed in the staff Unattached tab, with the right count", async () => {
    const before = await unattached(partner);
    const items = [];
    for (const name of names) items.push(await upload(name));
    first = items[0]!;
    const after = await unattached(partner);
    expect(after.length).toBe(before.length + BURST);
    for (const name of names) expect(after).toContain(name);
  });

  it("are hidden from another firm's staff and from staff of another firm group", async () => {
    expect((await otherGroup.get("summit", `/api/staff/questionnaires/${questionnaireId}`)).status).toBe(404);
    expect((await acmePartner.get("acme", `/api/staff/questionnaires/${questionnaireId}`)).status).toBe(404);
    expect((await acmePartner.get("summit", `/api/staff/questionnaires/${questionnaireId}`)).status).not.toBe(200);
  });

  it("make one notification job for the burst, and so one email to the entity's advisor", async () => {
    const waiting = await app.su.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'`, [JOB]);
    expect(waiting.rows[0].n).toBe(1);
    expect(await uploadEmails("advisor@summit.test")).toEqual([]);
    // The job waits out the burst; let it start now.
    await app.su.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'created'`, [JOB]);
    const emails = await waitFor(
      () => uploadEmails("advisor@summit.test"),
      (list) => list.length > 0,
    );
    await waitFor(
      () => app.su.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state <> 'completed'`, [JOB]),
      (r) => r.rows[0].n === 0,
    );
    expect(await uploadEmails("advisor@summit.test")).toHaveLength(1);
    expect(emails[0]!.subject).toContain(`${BURST} documents`);
    for (const name of names) expect(emails[0]!.body).toContain(name);
    // Staff of another group hear nothing of it.
    expect(await uploadEmails("nina.patel@summit.test")).toEqual([]);
    const inApp = await app.su.query(
      `SELECT u.email FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.firm_id = 'firm_summit' AND n.company_id = $1 AND n.type_id = 2`,
      [entity.id],
    );
    expect(inApp.rows.map((r) => r.email)).toEqual(["advisor@summit.test"]);
  });

  it("leave the Unattached tab when the client deletes them", async () => {
    const before = await unattached(partner);
    const deleted = await client.postJson("summit", `/api/documents/${entity.hash}`, { intent: "delete", id: first.id });
    expect(deleted.status, deleted.text).toBe(200);
    const after = await unattached(partner);
    expect(after.length).toBe(before.length - 1);
    expect(after).not.toContain(first.name);
  });
});
