/**
 * Deleted documents and 'STAFF ONLY' folders over HTTP: a client's Deleted documents list (its
 * names, paths, sizes, dates and count) never shows what was deleted in or as a STAFF ONLY folder,
 * and restoring such an item, alone or in bulk, is "not found" with nothing changed. Staff
 * (advisors) still list and restore everything.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootApp, DEMO_PASSWORD, loaderDataPath, type TestApp } from "../support/app";

const ACME = "acme";
const FIRM = "firm_acme";
const CLIENT_PAGE = "routes/documents.$companyHash";
const STAFF_PAGE = "routes/admin.$companyHash.documents";

let app: TestApp;
let client: string;
let partner: string;
let hash: string;
let companyId: string;

/** Ids by name of the deleted items this file creates. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await bootApp({ name: "documents-deleted-http" });
  const signIn = await app.post(ACME, "/signin", { email: "client@acme.test", password: DEMO_PASSWORD });
  expect(signIn.status).toBe(302);
  client = signIn.cookie!;
  partner = (await app.signIn(ACME, "partner@acme.test")).cookie;
  const company = await app.tx(ACME, (t) => t.company.findFirstOrThrow({ where: { name: "Jordan & Casey Rivera" }, select: { id: true, hashId: true } }));
  hash = company.hashId;
  companyId = company.id;
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const rows = [
    // A live STAFF ONLY folder with a file deleted from it.
    { name: "STAFF ONLY", path: "/", itemType: "folder" as const, deletedAt: null },
    { name: "Workpapers.pdf", path: "/STAFF ONLY", itemType: "file" as const, deletedAt: at(5), sizeBytes: 4321n },
    // A deleted STAFF ONLY folder (any case, anywhere in the name) and a file deleted with it.
    { name: "Review staff only", path: "/2024", itemType: "folder" as const, deletedAt: at(4) },
    { name: "Memo.pdf", path: "/2024/Review staff only", itemType: "file" as const, deletedAt: at(4), sizeBytes: 99n },
    // A file deleted from a folder below a STAFF ONLY folder.
    { name: "Deep.pdf", path: "/Partners STAFF ONLY/Notes", itemType: "file" as const, deletedAt: at(3), sizeBytes: 12n },
    // What the client may see and restore.
    { name: "W2.pdf", path: "/2024", itemType: "file" as const, deletedAt: at(2), sizeBytes: 1000n },
  ];
  await app.tx(ACME, async (t) => {
    for (const row of rows) {
      const created = await t.document.create({ data: { firmId: FIRM, companyId, storageKey: null, ...row }, select: { id: true } });
      ids[row.name] = created.id;
    }
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

const HIDDEN = ["Workpapers.pdf", "Review staff only", "Deep.pdf"];

async function deletedRows(): Promise<string> {
  return app.tx(ACME, async (t) =>
    JSON.stringify(
      await t.document.findMany({
        where: { companyId, deletedAt: { not: null } },
        select: { id: true, name: true, path: true, deletedAt: true },
        orderBy: { id: "asc" },
      }),
    ),
  );
}

describe("a client's Deleted documents", () => {
  it("leave out everything deleted in or as a STAFF ONLY folder", async () => {
    for (const path of ["/", "/2024"]) {
      const page = await app.get(ACME, loaderDataPath(`/documents/${hash}?path=${encodeURIComponent(path)}`, CLIENT_PAGE), client);
      expect(page.status, page.text.slice(0, 200)).toBe(200);
      const { data } = page.body;
      expect(data.permissions.canRestore).toBe(true);
      const names = data.deleted.map((d: { name: string }) => d.name);
      expect(names).toContain("W2.pdf");
      for (const hidden of [...HIDDEN, "Memo.pdf"]) expect(names, path).not.toContain(hidden);
      expect(page.text).not.toMatch(/STAFF ONLY|staff only|Workpapers|Deep\.pdf|4321/i);
    }
  });

  it("won't restore them, singly or in bulk: not found, nothing changes", async () => {
    const before = await deletedRows();
    const api = (body: unknown) => app.postJson(ACME, `/api/documents/${hash}`, body, client);
    for (const name of HIDDEN) {
      const single = await api({ intent: "restore", id: ids[name] });
      expect(single.status, name).toBe(404);
    }
    const bulk = await api({ intent: "restore_many", ids: [ids["W2.pdf"], ids["Workpapers.pdf"], ids["Deep.pdf"]] });
    expect(bulk.status).toBe(404);
    expect((await api({ intent: "download_url", id: ids["Workpapers.pdf"] })).status).toBe(404);
    expect(await deletedRows()).toBe(before);
  });

  it("still show staff (advisors) everything, and let them restore it", async () => {
    const page = await app.get(ACME, loaderDataPath(`/admin/${hash}/documents`, STAFF_PAGE), partner);
    expect(page.status).toBe(200);
    const names = page.body.data.deleted.map((d: { name: string }) => d.name);
    for (const name of [...HIDDEN, "W2.pdf"]) expect(names).toContain(name);
    const restored = await app.postJson(ACME, `/api/documents/${hash}`, { intent: "restore", id: ids["Workpapers.pdf"] }, partner);
    expect(restored.status, restored.text).toBe(200);
  });
});
