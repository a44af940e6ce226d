/**
 * The staff Import over HTTP with the built app, a real S3-protocol server and pg-boss: upload
 * (presigned POST) → confirm → the background job creates users and entities row by row, the
 * report of rejected rows downloads as CSV, duplicates and empty files are refused, other
 * import types are recorded with their fields, only partner/admin/full staff import, and
 * nothing crosses firms (another firm's import id is 404; a job only writes into its firm).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bootApp, scoped, type Browser, type TestApp } from "../support/app";
import { postToGrant } from "../support/s3";

const ACME = "firm_acme";
const SUMMIT = "firm_summit";
/** As the dialog asks for its JSON. */
const JSON_ACCEPT = { accept: "application/json" };

let app: TestApp;
const slugOf = (b: Browser) => (b === summitPartner || b === summitGroup ? "summit" : "acme");

/** Grant → upload to the store → confirm, as the dialog does. Returns the confirm answer. */
async function importFile(browser: Browser, fileName: string, content: string | Uint8Array, details: Record<string, unknown>) {
  const size = typeof content === "string" ? Buffer.byteLength(content) : content.length;
  const grant = await browser.postJson(slugOf(browser), "/api/staff/import", { intent: "grant", fileType: details.fileType, fileName, size });
  expect(grant.status, grant.text).toBe(200);
  const stored = await postToGrant(grant.body.grant, content, fileName);
  expect(stored.ok).toBe(true);
  const confirm = await browser.postJson(slugOf(browser), "/api/staff/import", { intent: "confirm", key: grant.body.grant.key, fileName, ...details });
  return { ...confirm, key: grant.body.grant.key as string };
}

/** The import once its job has finished (completed or failed), read again until then (up to a minute). */
async function waitFinished(browser: Browser, id: string) {
  return vi.waitFor(
    async () => {
      const r = await browser.get(slugOf(browser), `/api/staff/import/${id}`, JSON_ACCEPT);
      expect(r.status).toBe(200);
      expect(["completed", "failed"], `import ${id} still ${r.body.import.status}`).toContain(r.body.import.status);
      return r.body.import;
    },
    { timeout: 60_000, interval: 200 },
  );
}

const advisorId = (firmId: string, email: string) =>
  scoped(firmId, async (tx) => (await tx.user.findFirstOrThrow({ where: { email }, select: { id: true } })).id);

let acmePartner: Browser;
let acmeFull: Browser;
let summitPartner: Browser;
let summitGroup: Browser;
let acmeClient: Browser;
let acmeListId: string;
let acmeListKey: string;

beforeAll(async () => {
  app = await bootApp({
    name: "import-http",
    s3: true,
    jobs: { only: ["import-client-list"], pollingIntervalSeconds: 0.5 },
  });
  expect(app.jobs?.running).toBe(true);
  acmePartner = await app.signIn("acme", "partner@acme.test");
  acmeFull = await app.signIn("acme", "advisor@acme.test");
  summitPartner = await app.signIn("summit", "partner@summit.test");
  summitGroup = await app.signIn("summit", "nina.patel@summit.test");
  acmeClient = await app.signIn("acme", "client@acme.test");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

const INDIVIDUALS_CSV = [
  "First Name,Last Name,Email,Phone,Spouse First Name,Spouse Last Name,Spouse Email,Notes",
  "Jamie,Rivera,jamie.import@example.com,(503) 555-0142,Casey,Rivera,casey.import@example.com,first",
  "Noemail,Person,,,,,,no email is fine",
  "Bad,Email,not-an-email,,,,,",
  "Already,There,client@acme.test,,,,,",
  "Twice,Listed,JAMIE.IMPORT@example.com,,,,,",
  ",Nofirst,nofirst@example.com,,,,,",
  "",
].join("\r\n");

describe("client list import", () => {
  it("uploads through S3, then the job creates valid rows and rejects the others with reasons", async () => {
    const advisor = await advisorId(ACME, "advisor@acme.test");
    const before = await scoped(ACME, (tx) => tx.user.count());
    const confirm = await importFile(acmePartner, "clients 2025.csv", INDIVIDUALS_CSV, {
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: advisor,
      comment: "Spring list",
    });
    expect(confirm.status, confirm.text).toBe(200);
    expect(confirm.body.import).toMatchObject({ fileName: "clients 2025.csv", fileType: "client_list" });
    acmeListId = confirm.body.import.id;
    acmeListKey = confirm.key;
    expect(acmeListKey.startsWith(`firms/${ACME}/imports/`)).toBe(true);

    const done = await waitFinished(acmePartner, acmeListId);
    expect(done).toMatchObject({ status: "completed", totalRows: 6, processedRows: 6, createdUsers: 3, createdEntities: 2, rejectedCount: 4 });

    expect(await scoped(ACME, (tx) => tx.user.count())).toBe(before + 3);
    const jamie = await scoped(ACME, (tx) =>
      tx.user.findFirst({ where: { email: "jamie.import@example.com" }, include: { ownerships: { include: { company: true } } } }),
    );
    expect(jamie).toMatchObject({ kind: "client", fname: "Jamie", lname: "Rivera", phoneNumber: "5035550142", assignedAdvisorId: advisor });
    expect(jamie!.ownerships).toHaveLength(1);
    expect(jamie!.ownerships[0]).toMatchObject({
      isPrimary: true,
      specialRole: "taxpayer",
      company: { name: "Jamie & Casey Rivera", entityType: "Individual", primaryOwnerId: jamie!.id },
    });
    expect(jamie!.defaultCompanyId).toBe(jamie!.ownerships[0]!.companyId);
    const casey = await scoped(ACME, (tx) => tx.companyOwner.findFirst({ where: { user: { email: "casey.import@example.com" } } }));
    expect(casey).toMatchObject({ specialRole: "spouse", companyId: jamie!.ownerships[0]!.companyId });
    const noEmail = await scoped(ACME, (tx) => tx.company.findFirst({ where: { name: "Noemail Person" }, include: { owners: true } }));
    expect(noEmail?.owners).toHaveLength(1);

    const logs = await scoped(ACME, (tx) =>
      tx.activityLog.findMany({
        where: { title: { in: ["Client imported", "Client list imported", "Client list uploaded for import"] } },
        orderBy: { createdAt: "asc" },
      }),
    );
    expect(logs.map((l) => l.title).sort()).toEqual(["Client imported", "Client imported", "Client list imported", "Client list uploaded for import"]);
    const partnerId = await advisorId(ACME, "partner@acme.test");
    expect(logs.every((l) => l.actorId === partnerId)).toBe(true);
  });

  it("downloads the rejected rows as CSV with the reasons and the file's columns", async () => {
    const report = await acmePartner.get("acme", `/api/staff/import/${acmeListId}/report`);
    expect(report.status).toBe(200);
    expect(report.headers["content-type"]).toMatch(/^text\/csv/);
    expect(report.headers["content-disposition"]).toContain("clients 2025 - rejected rows.csv");
    const lines = report.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Row,Reason,First Name,Last Name,Email,Phone,Spouse First Name,Spouse Last Name,Spouse Email,Notes");
    expect(lines.slice(1)).toEqual([
      "4,Invalid email address,Bad,Email,not-an-email,,,,,",
      "5,This email already exists,Already,There,client@acme.test,,,,,",
      "6,This email already exists,Twice,Listed,JAMIE.IMPORT@example.com,,,,,",
      "7,First name is required,,Nofirst,nofirst@example.com,,,,,",
    ]);
  });

  it("an entity list with assignee Various takes each row's advisor and the firm's custom types", async () => {
    const csv = [
      "Entity Name,Entity Type,EIN,First Name,Last Name,Email,Assigned Advisor Email",
      "Oakline Ventures LLC,Single-Member LLC,12-3456789,Rae,Oak,rae.oak@example.com,admin@acme.test",
      "Pine Partners,Partnership,,Lee,Pine,lee.pine@example.com,nobody@acme.test",
      "Jamie & Casey Rivera,Trust,,Dup,Name,dup.name@example.com,admin@acme.test",
      "Birch Corp,LLC,,Bo,Birch,bo.birch@example.com,admin@acme.test",
    ].join("\n");
    const confirm = await importFile(acmeFull, "entities.csv", csv, { fileType: "client_list", clientListType: "entities", assignedFirmUserId: "0" });
    expect(confirm.status, confirm.text).toBe(200);
    const done = await waitFinished(acmeFull, confirm.body.import.id);
    expect(done).toMatchObject({ status: "completed", createdUsers: 1, createdEntities: 1, rejectedCount: 3 });
    const company = await scoped(ACME, (tx) => tx.company.findFirst({ where: { name: "Oakline Ventures LLC" }, include: { primaryOwner: true } }));
    expect(company).toMatchObject({
      entityType: "Single-Member LLC",
      ein: "12-3456789",
      primaryOwner: { email: "rae.oak@example.com", assignedAdvisorId: await advisorId(ACME, "admin@acme.test") },
    });
    const job = await scoped(ACME, (tx) => tx.importJob.findUniqueOrThrow({ where: { id: confirm.body.import.id } }));
    expect((job.rejectedRows as { reason: string }[]).map((r) => r.reason)).toEqual([
      "No advisor of the firm has the email nobody@acme.test",
      "Entity Name already exists.",
      "Unknown entity type: LLC",
    ]);
    expect(job.assignedFirmUserId).toBe("0");
    expect(
      await scoped(ACME, (tx) => tx.user.count({ where: { email: { in: ["lee.pine@example.com", "dup.name@example.com", "bo.birch@example.com"] } } })),
    ).toBe(0);
  });

  it("a file without the name columns fails with a message and creates nothing", async () => {
    const advisor = await advisorId(ACME, "advisor@acme.test");
    const confirm = await importFile(acmePartner, "wrong.csv", "Client,Mail\nA,b@c.d\n", {
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: advisor,
    });
    const done = await waitFinished(acmePartner, confirm.body.import.id);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(/First Name and Last Name columns/);
  });

  it("requires the client list type and a real assignee of the firm", async () => {
    const missing = await importFile(acmePartner, "x.csv", "First Name,Last Name\nA,B\n", { fileType: "client_list" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ clientListType: "Please select a client list type", assignedFirmUserId: "Please select an assignee" });
    const summitAdvisor = await advisorId(SUMMIT, "partner@summit.test");
    const foreign = await importFile(acmePartner, "y.csv", "First Name,Last Name\nA,B\n", {
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: summitAdvisor,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error).toBe("Please select an assignee");
  });
});

describe("files", () => {
  it("a stored file is imported once: a second confirm of the same upload is 409", async () => {
    const again = await acmePartner.postJson("acme", "/api/staff/import", {
      intent: "confirm",
      key: acmeListKey,
      fileName: "clients 2025.csv",
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: "0",
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("clients 2025.csv was already added. It will not be uploaded again.");
    expect(await scoped(ACME, (tx) => tx.importJob.count({ where: { storageKey: acmeListKey } }))).toBe(1);
  });

  it("empty files are ignored: no grant for size 0, and an empty upload is refused and deleted", async () => {
    const grant = await acmePartner.postJson("acme", "/api/staff/import", { intent: "grant", fileType: "client_list", fileName: "empty.csv", size: 0 });
    expect(grant.status).toBe(400);
    expect(grant.body.error).toBe("empty.csv is empty and was ignored.");
    const lying = await acmePartner.postJson("acme", "/api/staff/import", { intent: "grant", fileType: "client_list", fileName: "empty.csv", size: 10 });
    await postToGrant(lying.body.grant, "", "empty.csv");
    const confirm = await acmePartner.postJson("acme", "/api/staff/import", {
      intent: "confirm",
      key: lying.body.grant.key,
      fileName: "empty.csv",
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: "0",
    });
    expect(confirm.status).toBe(400);
    expect(await app.s3!.storage.headObject({ firmId: ACME, key: lying.body.grant.key })).toBeNull();
    expect(await scoped(ACME, (tx) => tx.importJob.count({ where: { storageKey: lying.body.grant.key } }))).toBe(0);
  });

  it("refuses files of the wrong type, by name and by content", async () => {
    const byName = await acmePartner.postJson("acme", "/api/staff/import", { intent: "grant", fileType: "client_list", fileName: "clients.xlsx", size: 10 });
    expect(byName.status).toBe(415);
    const pdf = await importFile(acmePartner, "sneaky.csv", "%PDF-1.7\nnot a csv", {
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: "0",
    });
    expect(pdf.status).toBe(415);
  });

  it("other import types are recorded for the firm with their fields, and wait for the firm's team", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0, 0, 0]);
    const missing = await importFile(acmePartner, "rollover.zip", zip, { fileType: "zipped_rollover_items" });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toBe("Please select a tax software");
    const ok = await importFile(acmePartner, "rollover.zip", zip, { fileType: "zipped_rollover_items", taxSoftware: "Drake", comment: "2024 returns" });
    expect(ok.status, ok.text).toBe(200);
    const rollover = await importFile(acmePartner, "items.csv", "Item,Value\nW-2,1\n", {
      fileType: "rollover_items_import",
      taxSoftware: "Lacerte",
      year: 2024,
    });
    expect(rollover.status).toBe(200);
    const other = await importFile(acmePartner, "engagement.pdf", "%PDF-1.7\n%%EOF", {
      fileType: "other_document",
      comment: "Signed engagement letters",
      documentName: "Engagement",
    });
    expect(other.status).toBe(200);
    const rows = await scoped(ACME, (tx) =>
      tx.importJob.findMany({ where: { id: { in: [ok.body.import.id, rollover.body.import.id, other.body.import.id] } }, orderBy: { createdAt: "asc" } }),
    );
    expect(rows.map((r) => [r.fileType, r.taxSoftware, r.year, r.comment, r.documentName, r.status, r.clientListType])).toEqual([
      ["zipped_rollover_items", "Drake", null, "2024 returns", null, "pending", null],
      ["rollover_items_import", "Lacerte", 2024, null, null, "pending", null],
      ["other_document", null, null, "Signed engagement letters", "Engagement", "pending", null],
    ]);
    const logged = await scoped(ACME, (tx) => tx.activityLog.count({ where: { title: "Zipped rollover items uploaded for import" } }));
    expect(logged).toBe(1);
  });
});

describe("who may import", () => {
  it("partner, admin and full staff only: group access 403, clients 404, signed out 401", async () => {
    expect((await acmePartner.get("acme", "/api/staff/import", JSON_ACCEPT)).status).toBe(200);
    const data = await acmeFull.get("acme", "/api/staff/import", JSON_ACCEPT);
    expect(data.status).toBe(200);
    expect(data.body.advisors.map((a: { label: string }) => a.label)).toContain("Priya Natarajan");
    expect((await summitGroup.get("summit", "/api/staff/import", JSON_ACCEPT)).status).toBe(403);
    expect((await summitGroup.postJson("summit", "/api/staff/import", { intent: "grant", fileType: "client_list", fileName: "a.csv", size: 3 })).status).toBe(
      403,
    );
    expect((await acmeClient.postJson("acme", "/api/staff/import", { intent: "grant", fileType: "client_list", fileName: "a.csv", size: 3 })).status).toBe(404);
    expect((await acmeClient.get("acme", `/api/staff/import/${acmeListId}`, JSON_ACCEPT)).status).toBe(404);
    expect((await app.browser().get("acme", `/api/staff/import/${acmeListId}`, JSON_ACCEPT)).status).toBe(401);
  });
});

describe("firm isolation", () => {
  it("another firm's import id is 404 for progress and report, and its key cannot be confirmed", async () => {
    const progress = await summitPartner.get("summit", `/api/staff/import/${acmeListId}`, JSON_ACCEPT);
    expect(progress.status).toBe(404);
    expect(progress.text).not.toContain("clients 2025");
    const report = await summitPartner.get("summit", `/api/staff/import/${acmeListId}/report`);
    expect(report.status).toBe(404);
    expect(report.text).not.toContain("client@acme.test");
    const forged = await summitPartner.postJson("summit", "/api/staff/import", {
      intent: "confirm",
      key: acmeListKey,
      fileName: "x.csv",
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: "0",
    });
    expect(forged.status).toBe(404);
  });

  it("a job only writes into the importing firm, and a forged firm/import pair does nothing", async () => {
    const acmeUsers = await scoped(ACME, (tx) => tx.user.count());
    const summitUsers = await scoped(SUMMIT, (tx) => tx.user.count());
    // Emails that exist in Acme are free in Summit: the list is checked against Summit only.
    const csv = [
      "First Name,Last Name,Email,Firm Group",
      "Jamie,Rivera,jamie.import@example.com,Individual Tax",
      "Client,Acme,client@acme.test,Individual Tax",
      "No,Group,nogroup@example.com,",
    ].join("\n");
    const summitAdvisor = await advisorId(SUMMIT, "advisor@summit.test");
    const confirm = await importFile(summitPartner, "summit.csv", csv, {
      fileType: "client_list",
      clientListType: "individuals",
      assignedFirmUserId: summitAdvisor,
    });
    expect(confirm.status, confirm.text).toBe(200);
    const done = await waitFinished(summitPartner, confirm.body.import.id);
    expect(done).toMatchObject({ createdUsers: 2, createdEntities: 2, rejectedCount: 1 });
    expect(await scoped(SUMMIT, (tx) => tx.user.count())).toBe(summitUsers + 2);
    expect(await scoped(ACME, (tx) => tx.user.count())).toBe(acmeUsers);
    const imported = await scoped(SUMMIT, (tx) =>
      tx.user.findFirst({ where: { email: "jamie.import@example.com" }, select: { firmId: true, firmGroup: { select: { name: true } } } }),
    );
    expect(imported).toEqual({ firmId: SUMMIT, firmGroup: { name: "Individual Tax" } });

    // A job whose data pairs Summit with Acme's import finds nothing in Summit's scope.
    const { runClientListImport } = await import("../../app/staff/import/client-list.server");
    const acmeJobBefore = await scoped(ACME, (tx) => tx.importJob.findUniqueOrThrow({ where: { id: acmeListId } }));
    await expect(runClientListImport({ firmId: SUMMIT, importId: acmeListId })).resolves.toBeUndefined();
    expect(await scoped(SUMMIT, (tx) => tx.user.count())).toBe(summitUsers + 2);
    expect(await scoped(ACME, (tx) => tx.importJob.findUniqueOrThrow({ where: { id: acmeListId } }))).toEqual(acmeJobBefore);
  });
});
