/**
 * Documents against real PostgreSQL (demo seed) and the local S3 server: the upload pipeline
 * (grant → POST to the store → confirm → list → download → delete → restore), refusals by the
 * confirm step (real type, size, empty, duplicates), folder zips, STAFF ONLY and preferences, and
 * the cross-firm / cross-entity matrix (404, nothing changed, no URL issued).
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type * as DocumentsModule from "../../app/documents/documents.server";
import { PortalError } from "../../app/errors";
import type * as StorageModule from "../../app/storage.server";
import type { SessionUser } from "../../app/auth/session.server";
import type { FirmSiteContext } from "../../app/context.server";
import { listStoredKeys, postToGrant, type TestS3 } from "../support/s3";
import { firmIdOf, setupTestDb, type TestDb } from "../support/setup";

let testDb: TestDb;
let s3: TestS3;
let docs: typeof DocumentsModule;
let storage: typeof StorageModule;
let su: pg.Client;

const PDF = new TextEncoder().encode("%PDF-1.4\n% test document\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);

async function entitiesOf(email: string): Promise<{ id: string; hash: string }[]> {
  const { rows } = await su.query(
    `SELECT c.id, c.hash_id FROM companies c JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
      WHERE u.email = $1 AND c.deleted_at IS NULL AND NOT c.inactive ORDER BY c.name`,
    [email],
  );
  return rows.map((r) => ({ id: r.id, hash: r.hash_id }));
}

/** A fingerprint of every document row and tag. */
async function snapshot(): Promise<string> {
  const { rows } = await su.query(`
    SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS h FROM (
      SELECT id || name || path || coalesce(deleted_at::text, '') || coalesce(description, '') || coalesce(storage_key, '') AS x FROM documents
      UNION ALL SELECT document_id || tag_id FROM document_tag_assignments) t`);
  return rows[0].h;
}

async function objectCount(): Promise<number> {
  return (await listStoredKeys(s3.config)).length;
}

type Ctx = { portal: FirmSiteContext; user: SessionUser };

async function upload(ctx: Ctx, hash: string, fileName: string, bytes: Uint8Array, path = "/", contentType = "application/pdf") {
  const { grant } = await docs.performDocumentAction(ctx, hash, { intent: "upload_grant", path, fileName, contentType, size: bytes.length });
  const posted = await postToGrant(grant!, bytes, fileName);
  expect(posted.status).toBeLessThan(300);
  return { grant: grant!, confirm: () => docs.performDocumentAction(ctx, hash, { intent: "upload_confirm", path, fileName, contentType, key: grant!.key }) };
}

async function expectError(promise: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(PortalError);
  expect((error as PortalError).status).toBe(status);
  if (message) expect((error as Error).message).toMatch(message);
}

/** Entry names in a zip, from its central directory. */
function zipEntries(zip: Uint8Array): string[] {
  const names: string[] = [];
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (view.getUint32(i, true) === 0x02014b50) {
      const length = view.getUint16(i + 28, true);
      names.push(new TextDecoder().decode(zip.subarray(i + 46, i + 46 + length)));
    }
  }
  return names.sort();
}

let acme: FirmSiteContext;
let client: Ctx;
let staff: Ctx;
let advisor: Ctx;
let hash: string;

beforeAll(async () => {
  testDb = await setupTestDb({ seed: true, s3: "documents-test" });
  su = testDb.su;
  s3 = testDb.s3!;
  docs = await import("../../app/documents/documents.server");
  storage = await import("../../app/storage.server");
  acme = await testDb.firmSite("acme");
  client = { portal: acme, user: await testDb.sessionUser("client@acme.test", "acme") };
  // The partner, taken as staff who aren't an advisor.
  staff = { portal: acme, user: await testDb.sessionUser("partner@acme.test", "acme", { isAdvisor: false }) };
  advisor = { portal: acme, user: await testDb.sessionUser("advisor@acme.test", "acme") };
  hash = (await entitiesOf("client@acme.test"))[0].hash;
}, 120_000);

afterAll(() => testDb?.close());

describe("the upload pipeline", () => {
  it("grant → upload → confirm → list → download → delete → restore", async () => {
    const { grant, confirm } = await upload(client, hash, "W-2 Employer.pdf", PDF, "/2025");
    expect(grant.key).toMatch(new RegExp(`^firms/${acme.firm.id}/entities/[^/]+/documents/[0-9a-f]{32}-`));
    const confirmed = await confirm();
    expect(confirmed.message).toBe("Document(s) uploaded successfully");
    expect(confirmed.item).toMatchObject({ name: "W-2 Employer.pdf", path: "/2025", sizeBytes: PDF.length, contentType: "application/pdf" });

    const home = await docs.loadDocumentBrowser(client, hash, { path: "/" });
    expect(home.tree.children.map((c) => c.name)).toContain("2025");
    const folder = await docs.loadDocumentBrowser(client, hash, { path: "/2025" });
    const item = folder.items.find((i) => i.name === "W-2 Employer.pdf")!;
    expect(item).toBeDefined();

    const { url } = await docs.performDocumentAction(client, hash, { intent: "download_url", id: item.id });
    const downloaded = await fetch(url!);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-disposition")).toContain("attachment");
    expect(downloaded.headers.get("content-disposition")).toContain("W-2 Employer.pdf");
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(PDF);
    expect(url).toMatch(/X-Amz-Expires=60\b/);

    const removed = await docs.performDocumentAction(client, hash, { intent: "delete", id: item.id });
    expect(removed.message).toBe("Document removed successfully");
    const afterDelete = await docs.loadDocumentBrowser(client, hash, { path: "/2025" });
    expect(afterDelete.items.some((i) => i.id === item.id)).toBe(false);
    await expectError(docs.performDocumentAction(client, hash, { intent: "download_url", id: item.id }), 404);

    // Among staff only advisors restore documents (staff spec); the client restores what they deleted.
    await expectError(docs.performDocumentAction(staff, hash, { intent: "restore", id: item.id }), 403);
    expect((await docs.loadDocumentBrowser(advisor, hash, { path: "/2025" })).deleted.some((i) => i.id === item.id)).toBe(true);
    expect(afterDelete.deleted.some((i) => i.id === item.id)).toBe(true);
    const back = await docs.performDocumentAction(client, hash, { intent: "restore", id: item.id });
    expect(back.message).toBe("Documents restored successfully");
    const restored = await docs.loadDocumentBrowser(client, hash, { path: "/2025" });
    expect(restored.items.some((i) => i.id === item.id)).toBe(true);
    expect((await fetch((await docs.performDocumentAction(client, hash, { intent: "download_url", id: item.id })).url!)).status).toBe(200);
  });

  it("a deleted folder comes back with its files and subfolders, and only those", async () => {
    await docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "Old Bills" });
    await docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/Old Bills", name: "Q1" });
    await (await upload(client, hash, "jan.pdf", PDF, "/Old Bills")).confirm();
    await (await upload(client, hash, "feb.png", PNG, "/Old Bills/Q1", "image/png")).confirm();
    const early = (await (await upload(client, hash, "deleted-before.pdf", PDF, "/Old Bills")).confirm()).item!;
    // Deleted on its own before the folder: it stays deleted when the folder comes back.
    await docs.performDocumentAction(client, hash, { intent: "delete", id: early.id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const folder = (await docs.loadDocumentBrowser(client, hash, {})).items.find((i) => i.name === "Old Bills")!;
    await docs.performDocumentAction(client, hash, { intent: "delete", id: folder.id });
    expect((await docs.loadDocumentBrowser(client, hash, {})).tree.children.map((c) => c.name)).not.toContain("Old Bills");

    // The deleted list names the folder once, not each file inside it.
    const deleted = (await docs.loadDocumentBrowser(advisor, hash, {})).deleted;
    expect(deleted.some((i) => i.id === folder.id && i.itemType === "folder")).toBe(true);
    expect(deleted.some((i) => i.name === "jan.pdf" || i.name === "feb.png" || i.name === "Q1")).toBe(false);
    expect(deleted.some((i) => i.id === early.id)).toBe(true);

    expect((await docs.performDocumentAction(advisor, hash, { intent: "restore", id: folder.id })).message).toBe("Documents restored successfully");
    const receipts = await docs.loadDocumentBrowser(client, hash, { path: "/Old Bills" });
    expect(receipts.items.map((i) => i.name).sort()).toEqual(["Q1", "jan.pdf"]);
    expect((await docs.loadDocumentBrowser(client, hash, { path: "/Old Bills/Q1" })).items.map((i) => i.name)).toEqual(["feb.png"]);
    const zip = await docs.createFolderZip(client, hash, "/Old Bills");
    expect(zipEntries(new Uint8Array(await new Response(zip.stream).arrayBuffer()))).toEqual(["Q1/feb.png", "jan.pdf"]);

    // Deleted again, then a new folder of the same name: the old one comes back beside it.
    await docs.performDocumentAction(client, hash, { intent: "delete", id: folder.id });
    await docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "Old Bills" });
    const again = await docs.performDocumentAction(advisor, hash, { intent: "restore", id: folder.id });
    expect(again.item?.name).toBe("Old Bills (restored)");
    expect((await docs.loadDocumentBrowser(client, hash, { path: "/Old Bills (restored)" })).items.map((i) => i.name).sort()).toEqual(["Q1", "jan.pdf"]);
    expect((await docs.loadDocumentBrowser(client, hash, { path: "/Old Bills" })).items).toEqual([]);
  });

  it("refuses a wrong type with a .pdf name by its bytes, and deletes it", async () => {
    const before = await snapshot();
    const { grant, confirm } = await upload(client, hash, "fake.pdf", PNG);
    await expectError(confirm(), 415, "File type not supported yet");
    expect(await storage.headObject({ firmId: acme.firm.id, key: grant.key })).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it("refuses an empty file at the grant and at the confirm", async () => {
    await expectError(
      docs.performDocumentAction(client, hash, { intent: "upload_grant", path: "/", fileName: "empty.pdf", contentType: "application/pdf", size: 0 }),
      400,
      "empty",
    );
    const before = await snapshot();
    const { grant } = await docs.performDocumentAction(client, hash, {
      intent: "upload_grant",
      path: "/",
      fileName: "empty.pdf",
      contentType: "application/pdf",
      size: 10,
    });
    await postToGrant(grant!, new Uint8Array(), "empty.pdf");
    await expectError(
      docs.performDocumentAction(client, hash, { intent: "upload_confirm", path: "/", fileName: "empty.pdf", contentType: "application/pdf", key: grant!.key }),
      400,
    );
    expect(await storage.headObject({ firmId: acme.firm.id, key: grant!.key })).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it("an oversize file is refused by the store itself (EntityTooLarge), and the confirm finds nothing", async () => {
    const before = await snapshot();
    const objects = await objectCount();
    const big = new Uint8Array(150 * 1024 * 1024 + 1);
    big.set(PDF.subarray(0, 16));
    // The browser says 1000 bytes; the policy still caps the file at 150 MB.
    const { grant } = await docs.performDocumentAction(client, hash, {
      intent: "upload_grant",
      path: "/",
      fileName: "big.pdf",
      contentType: "application/pdf",
      size: 1000,
    });
    const posted = await postToGrant(grant!, big, "big.pdf");
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain("<Code>EntityTooLarge</Code>");
    await expectError(
      docs.performDocumentAction(client, hash, { intent: "upload_confirm", path: "/", fileName: "big.pdf", contentType: "application/pdf", key: grant!.key }),
      400,
      "File upload failed, please try again.",
    );
    expect(await storage.headObject({ firmId: acme.firm.id, key: grant!.key })).toBeNull();
    expect(await objectCount()).toBe(objects);
    expect(await snapshot()).toBe(before);
  }, 60_000);

  it("an upload to a key the grant did not name is refused by the store (AccessDenied)", async () => {
    const objects = await objectCount();
    const { grant } = await docs.performDocumentAction(client, hash, {
      intent: "upload_grant",
      path: "/",
      fileName: "moved.pdf",
      contentType: "application/pdf",
      size: PDF.length,
    });
    const otherEntityKey = grant!.key.replace(/\/entities\/[^/]+\//, "/entities/someone-else/");
    const posted = await postToGrant({ url: grant!.url, fields: { ...grant!.fields, key: otherEntityKey } }, PDF, "moved.pdf");
    expect(posted.status).toBe(403);
    expect(await posted.text()).toContain("<Code>AccessDenied</Code>");
    expect(await objectCount()).toBe(objects);
  });

  it("rejects duplicates: '{file} was already uploaded'", async () => {
    const first = await upload(client, hash, "1099-INT.pdf", PDF);
    const second = await upload(client, hash, "1099-INT.pdf", PDF);
    await first.confirm();
    await expectError(second.confirm(), 409, "1099-INT.pdf was already uploaded");
    expect(await storage.headObject({ firmId: acme.firm.id, key: second.grant.key })).toBeNull();
    await expectError(
      docs.performDocumentAction(client, hash, { intent: "upload_grant", path: "/", fileName: "1099-INT.pdf", contentType: "application/pdf", size: 10 }),
      409,
      "1099-INT.pdf was already uploaded",
    );
    // The same key confirmed twice is also a duplicate.
    await expectError(first.confirm(), 409);
  });

  it("a confirm whose database write fails deletes the object and leaves no row", async () => {
    const before = await snapshot();
    const { grant } = await docs.performDocumentAction(client, hash, {
      intent: "upload_grant",
      path: "/",
      fileName: "orphan.pdf",
      contentType: "application/pdf",
      size: PDF.length,
    });
    await postToGrant(grant!, PDF, "orphan.pdf");
    const entityId = (await entitiesOf("client@acme.test"))[0].id;
    const failed = await docs
      .recordDocumentUpload(acme.db, {
        firmId: acme.firm.id,
        companyId: entityId,
        key: grant!.key,
        contentType: "application/pdf",
        fileName: "orphan.pdf",
        path: "/",
        uploadedById: null,
        questionnaireId: "does-not-exist",
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(failed).toBeInstanceOf(Error);
    expect(await storage.headObject({ firmId: acme.firm.id, key: grant!.key })).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it("refuses bad input with 4xx and changes nothing", async () => {
    const before = await snapshot();
    const objects = await objectCount();
    const grant = (fileName: string, path = "/") =>
      docs.performDocumentAction(client, hash, { intent: "upload_grant", path, fileName, contentType: "application/pdf", size: 10 });
    await expectError(grant("a/b.pdf"), 400);
    await expectError(grant("../b.pdf"), 400);
    await expectError(grant("b.pdf", "/../../x"), 400);
    await expectError(grant("b.exe"), 415);
    const confirm = (key: string) =>
      docs.performDocumentAction(client, hash, { intent: "upload_confirm", path: "/", fileName: "x.pdf", contentType: "application/pdf", key });
    await expectError(confirm(`firms/${firmIdOf("summit")}/entities/x/documents/${"a".repeat(32)}-x.pdf`), 404);
    await expectError(confirm("firms/../../etc/passwd"), 404);
    await expectError(confirm(`firms/${acme.firm.id}/branding/logo-x.png`), 404);
    await expectError(docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "../up" }), 400);
    await expectError(docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "" }), 400);
    await expectError(docs.loadDocumentBrowser(client, hash, { path: "/a/../b" }), 400);
    expect(await snapshot()).toBe(before);
    expect(await objectCount()).toBe(objects);
  });
});

describe("browser actions", () => {
  it("adds folders, renames keeping the extension, moves, searches by document or folder name", async () => {
    const folder = await docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "Receipts" });
    await expectError(docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "receipts" }), 409);
    const { confirm } = await upload(client, hash, "scan.pdf", PDF);
    const { item } = await confirm();
    const renamed = await docs.performDocumentAction(client, hash, { intent: "rename", id: item!.id, name: "Dentist.png" });
    expect(renamed.item!.name).toBe("Dentist.pdf");
    const moved = await docs.performDocumentAction(client, hash, { intent: "move", id: item!.id, path: "/Receipts" });
    expect(moved.item!.path).toBe("/Receipts");
    const search = await docs.loadDocumentBrowser(client, hash, { search: "dent" });
    expect(search.results!.map((r) => r.name)).toContain("Dentist.pdf");
    const byFolder = await docs.loadDocumentBrowser(client, hash, { search: "receip" });
    expect(byFolder.results!.some((r) => r.itemType === "folder" && r.name === "Receipts")).toBe(true);
    // Renaming a folder carries its contents.
    await docs.performDocumentAction(client, hash, { intent: "rename", id: folder.item!.id, name: "Medical" });
    const medical = await docs.loadDocumentBrowser(client, hash, { path: "/Medical" });
    expect(medical.items.map((i) => i.name)).toEqual(["Dentist.pdf"]);
    const empty = await docs.loadDocumentBrowser(client, hash, { path: "/Nothing Here" });
    expect(empty.items).toEqual([]);
  });

  it("zips a folder with exactly its files (subfolders included, nothing else)", async () => {
    await docs.performDocumentAction(staff, hash, { intent: "create_folder", path: "/", name: "Zip" });
    await (await upload(client, hash, "a.pdf", PDF, "/Zip")).confirm();
    await (await upload(client, hash, "b.png", PNG, "/Zip", "image/png")).confirm();
    await (await upload(client, hash, "c.pdf", PDF, "/Zip/Inner")).confirm();
    await (await upload(client, hash, "outside.pdf", PDF, "/Elsewhere")).confirm();
    const zip = await docs.createFolderZip(client, hash, "/Zip");
    const bytes = new Uint8Array(await new Response(zip.stream).arrayBuffer());
    expect(zipEntries(bytes)).toEqual(["Inner/c.pdf", "a.pdf", "b.png"]);
    expect(zip.fileName).toBe("Zip.zip");
  });

  it("answers 503 with the spec's message for a folder over 150 MB", async () => {
    const entityId = (await entitiesOf("client@acme.test"))[0].id;
    await su.query(
      `INSERT INTO documents (id, firm_id, company_id, item_type, path, name, storage_key, size_bytes, content_type, updated_at)
       VALUES ('big1', $1, $2, 'file', '/Huge', 'one.pdf', $3, 100000000, 'application/pdf', now()), ('big2', $1, $2, 'file', '/Huge', 'two.pdf', $4, 100000000, 'application/pdf', now())`,
      [
        acme.firm.id,
        entityId,
        `firms/${acme.firm.id}/entities/${entityId}/documents/${"1".repeat(32)}-one.pdf`,
        `firms/${acme.firm.id}/entities/${entityId}/documents/${"2".repeat(32)}-two.pdf`,
      ],
    );
    await expectError(docs.createFolderZip(client, hash, "/Huge"), 503, /too large to download/);
    await su.query(`DELETE FROM documents WHERE id IN ('big1', 'big2')`);
  });

  it("staff set descriptions and tags; clients cannot", async () => {
    const { item } = await (await upload(client, hash, "tagged.pdf", PDF)).confirm();
    await docs.performDocumentAction(staff, hash, { intent: "describe", id: item!.id, description: "Brokerage statement" });
    const tagged = await docs.performDocumentAction(staff, hash, { intent: "set_tags", id: item!.id, tags: ["1099", "Brokerage"] });
    expect(tagged.item).toMatchObject({ description: "Brokerage statement", tags: ["1099", "Brokerage"] });
    await expectError(docs.performDocumentAction(client, hash, { intent: "describe", id: item!.id, description: "x" }), 404);
    const seen = await docs.loadDocumentBrowser(client, hash, {});
    expect(seen.items.find((i) => i.id === item!.id)).toMatchObject({ description: null, tags: [] });
  });
});

describe("visibility and preferences", () => {
  it("hides STAFF ONLY folders from clients, not from staff", async () => {
    await docs.performDocumentAction(staff, hash, { intent: "create_folder", path: "/", name: "Review STAFF ONLY" });
    await (await upload(staff, hash, "notes.pdf", PDF, "/Review STAFF ONLY")).confirm();
    const forClient = await docs.loadDocumentBrowser(client, hash, {});
    expect(forClient.tree.children.map((c) => c.name)).not.toContain("Review STAFF ONLY");
    expect(forClient.items.map((i) => i.name)).not.toContain("Review STAFF ONLY");
    expect((await docs.loadDocumentBrowser(client, hash, { search: "notes" })).results).toEqual([]);
    await expectError(docs.loadDocumentBrowser(client, hash, { path: "/Review STAFF ONLY" }), 404);
    await expectError(docs.createFolderZip(client, hash, "/Review STAFF ONLY"), 404);
    const forStaff = await docs.loadDocumentBrowser(staff, hash, {});
    expect(forStaff.tree.children.map((c) => c.name)).toContain("Review STAFF ONLY");
    const zip = await docs.createFolderZip(client, hash, "/");
    expect(zipEntries(new Uint8Array(await new Response(zip.stream).arrayBuffer())).some((n) => n.includes("STAFF ONLY"))).toBe(false);
  });

  it("follows the firm's preferences and read-only flags", async () => {
    const hidden = { portal: await testDb.firmSite("acme", { hideDocumentsViewFromClients: true }), user: client.user };
    await expectError(docs.loadDocumentBrowser(hidden, hash, {}), 404);
    const noFolders = { portal: await testDb.firmSite("acme", { disableFolderAction: true }), user: client.user };
    await expectError(docs.performDocumentAction(noFolders, hash, { intent: "create_folder", path: "/", name: "Nope" }), 403);
    const disabled = { portal: await testDb.firmSite("acme", { foldersWhereClientActionsDisabled: ["/{year}"] }), user: client.user };
    await expectError(
      docs.performDocumentAction(disabled, hash, { intent: "upload_grant", path: "/2025", fileName: "x.pdf", contentType: "application/pdf", size: 10 }),
      403,
      "Disabled by firm",
    );
    const readOnly = { portal: acme, user: { ...client.user, readonlyAccess: true } };
    await expectError(
      docs.performDocumentAction(readOnly, hash, { intent: "upload_grant", path: "/", fileName: "x.pdf", contentType: "application/pdf", size: 10 }),
      403,
    );
  });
});

describe("another firm's or entity's documents", () => {
  it("every action, grant and download is 404, changes nothing and issues no URL", async () => {
    const { item } = await (await upload(client, hash, "private.pdf", PDF)).confirm();
    const folder = (await docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "Private" })).item!;
    const summit: Ctx = { portal: await testDb.firmSite("summit"), user: await testDb.sessionUser("client@summit.test", "summit") };
    const summitStaff: Ctx = { portal: summit.portal, user: await testDb.sessionUser("partner@summit.test", "summit") };
    const summitHash = (await entitiesOf("client@summit.test"))[0].hash;
    const { rows } = await su.query(
      `SELECT c.hash_id FROM companies c WHERE c.firm_id = $1 AND c.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM company_owners o JOIN users u ON u.id = o.user_id WHERE o.company_id = c.id AND u.email = 'client@acme.test') LIMIT 1`,
      [acme.firm.id],
    );
    const otherAcmeHash = rows[0].hash_id as string;
    const secondOwnHash = (await entitiesOf("client@acme.test"))[1]?.hash;

    const actions = (id: string): DocumentsModule.DocumentAction[] => [
      { intent: "rename", id, name: "stolen" },
      { intent: "move", id, path: "/x" },
      { intent: "delete", id },
      { intent: "restore", id },
      { intent: "describe", id, description: "x" },
      { intent: "set_tags", id, tags: ["x"] },
      { intent: "download_url", id },
    ];
    const attempts: [Ctx, string][] = [
      [summit, hash], // another firm's user, this entity's hash
      [summitStaff, hash],
      [summit, summitHash], // their own entity, our document id
      [summitStaff, summitHash],
      [client, otherAcmeHash], // same firm, an entity that is not theirs
    ];
    if (secondOwnHash) attempts.push([client, secondOwnHash]); // their other entity: the document is not in it
    // Deleted ones too, for restore.
    const { item: gone } = await (await upload(client, hash, "gone.pdf", PDF)).confirm();
    const goneFolder = (await docs.performDocumentAction(client, hash, { intent: "create_folder", path: "/", name: "Gone" })).item!;
    await docs.performDocumentAction(client, hash, { intent: "delete", id: gone!.id });
    await docs.performDocumentAction(client, hash, { intent: "delete", id: goneFolder.id });
    attempts.push(
      [{ portal: summit.portal, user: { ...summitStaff.user, isAdvisor: true } }, hash],
      [{ portal: summit.portal, user: { ...summitStaff.user, isAdvisor: true } }, summitHash],
    );
    const before = await snapshot();
    const objects = await objectCount();
    for (const [ctx, h] of attempts) {
      for (const id of [item!.id, folder.id, gone!.id, goneFolder.id]) {
        for (const action of actions(id)) {
          const result = await docs.performDocumentAction(ctx, h, action).then(
            (r) => r,
            (e: unknown) => e,
          );
          expect(result, `${action.intent} on ${h}`).toBeInstanceOf(PortalError);
          expect((result as PortalError).status, `${action.intent} on ${h}`).toBe(404);
        }
      }
      if (h === hash || h === otherAcmeHash) {
        await expectError(
          docs.performDocumentAction(ctx, h, { intent: "upload_grant", path: "/", fileName: "x.pdf", contentType: "application/pdf", size: 10 }),
          404,
        );
        await expectError(docs.loadDocumentBrowser(ctx, h, {}), 404);
        await expectError(docs.createFolderZip(ctx, h, "/"), 404);
      }
    }
    // A key of this entity confirmed through another entity or firm.
    const { grant } = await upload(client, hash, "mine.pdf", PDF);
    for (const [ctx, h] of attempts.filter(([, h]) => h !== hash)) {
      const result = await docs
        .performDocumentAction(ctx, h, { intent: "upload_confirm", path: "/", fileName: "mine.pdf", contentType: "application/pdf", key: grant.key })
        .then(
          (r) => r,
          (e: unknown) => e,
        );
      expect((result as PortalError).status).toBe(404);
    }
    expect(await snapshot()).toBe(before);
    expect(await objectCount()).toBe(objects + 1); // only the pending upload above
  });
});

describe("questionnaire uploads", () => {
  it("go through the same pipeline and show in the document browser; removing the upload removes the document", async () => {
    const questionnaires = await import("../../app/questionnaires/questionnaire.server");
    const { rows } = await su.query(
      `SELECT q.id, q.tax_year, c.hash_id, qu.id AS question_id FROM questionnaires q JOIN companies c ON c.id = q.company_id
         JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
         JOIN questions qu ON qu.questionnaire_id = q.id AND qu.question_type = 'upload' AND cardinality(qu.options) = 0 AND qu.deleted_at IS NULL
        WHERE u.email = 'client@acme.test' AND NOT q.is_draft AND q.sent_at IS NOT NULL AND q.deleted_at IS NULL ORDER BY q.tax_year DESC LIMIT 1`,
    );
    const { id: questionnaireId, tax_year: taxYear, hash_id: qHash, question_id: questionId } = rows[0];
    await su.query(`UPDATE questionnaires SET completed = false, locked = false, due_date = current_date + 30 WHERE id = $1`, [questionnaireId]);
    const ctx = { portal: acme, user: client.user, companyHash: qHash };
    const uploadOne = async () => {
      const grant = await questionnaires.performQuestionnaireAction(ctx, {
        intent: "upload_grant",
        questionnaireId,
        questionId,
        fileName: "brokerage.pdf",
        contentType: "application/pdf",
      });
      await postToGrant(grant.upload!.grant, PDF, "brokerage.pdf");
      return {
        key: grant.upload!.key,
        confirm: () =>
          questionnaires.performQuestionnaireAction(ctx, {
            intent: "upload_confirm",
            questionnaireId,
            questionId,
            key: grant.upload!.key,
            contentType: "application/pdf",
            fileName: "brokerage.pdf",
          }),
      };
    };
    const first = await uploadOne();
    await first.confirm();
    const { rows: paths } = await su.query(`SELECT path FROM documents WHERE storage_key = $1`, [first.key]);
    const browser = await docs.loadDocumentBrowser(client, qHash, { path: paths[0].path });
    expect(browser.items.find((i) => i.name === "brokerage.pdf")).toMatchObject({ questionnaireId });
    expect(paths[0].path).toContain(String(taxYear));

    const second = await uploadOne();
    const refused = await second.confirm().then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).toBe("brokerage.pdf was already uploaded");
    expect(await storage.headObject({ firmId: acme.firm.id, key: second.key })).toBeNull();

    await questionnaires.performQuestionnaireAction(ctx, { intent: "upload_remove", questionnaireId, questionId, key: first.key });
    expect((await su.query(`SELECT 1 FROM documents WHERE storage_key = $1`, [first.key])).rowCount).toBe(0);
  });

  it("refuse a name twice for the same question only: two W2.pdf from two employers (two questions) both go in", async () => {
    const questionnaires = await import("../../app/questionnaires/questionnaire.server");
    const { rows } = await su.query(
      `SELECT q.id, c.hash_id, array_agg(qu.id ORDER BY qu."order", qu.id) AS question_ids FROM questionnaires q JOIN companies c ON c.id = q.company_id
         JOIN company_owners o ON o.company_id = c.id JOIN users u ON u.id = o.user_id
         JOIN questions qu ON qu.questionnaire_id = q.id AND qu.question_type = 'upload' AND cardinality(qu.options) = 0 AND qu.deleted_at IS NULL
        WHERE u.email = 'client@acme.test' AND NOT q.is_draft AND q.sent_at IS NOT NULL AND q.deleted_at IS NULL
        GROUP BY q.id, c.hash_id HAVING count(qu.id) >= 2 ORDER BY q.tax_year DESC LIMIT 1`,
    );
    const { id: questionnaireId, hash_id: qHash, question_ids: questionIds } = rows[0];
    await su.query(`UPDATE questionnaires SET completed = false, locked = false, due_date = current_date + 30 WHERE id = $1`, [questionnaireId]);
    const ctx = { portal: acme, user: client.user, companyHash: qHash };
    const upload = async (questionId: string) => {
      const grant = await questionnaires.performQuestionnaireAction(ctx, {
        intent: "upload_grant",
        questionnaireId,
        questionId,
        fileName: "W2.pdf",
        contentType: "application/pdf",
      });
      await postToGrant(grant.upload!.grant, PDF, "W2.pdf");
      return questionnaires
        .performQuestionnaireAction(ctx, {
          intent: "upload_confirm",
          questionnaireId,
          questionId,
          key: grant.upload!.key,
          contentType: "application/pdf",
          fileName: "W2.pdf",
        })
        .then(
          () => null,
          (e: Error) => e.message,
        );
    };
    expect(await upload(questionIds[0])).toBeNull();
    expect(await upload(questionIds[1])).toBeNull();
    expect(await upload(questionIds[0])).toBe("W2.pdf was already uploaded");
    const { rows: stored } = await su.query(`SELECT question_id FROM documents WHERE questionnaire_id = $1 AND name = 'W2.pdf' AND deleted_at IS NULL`, [
      questionnaireId,
    ]);
    expect(stored.map((r) => r.question_id).sort()).toEqual([questionIds[0], questionIds[1]].sort());
  });
});
