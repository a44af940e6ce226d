import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { judge, onlyReachedThrough, parseAuditReport, type AuditException } from "../../scripts/lib/audit-report";

/** The shape `npm audit --json` prints (report version 2): dicer's own advisory, and its dependents. */
const REPORT = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    dicer: {
      name: "dicer",
      severity: "high",
      isDirect: false,
      via: [
        {
          source: 1086676,
          name: "dicer",
          dependency: "dicer",
          title: "Crash in HeaderParser in dicer",
          url: "https://github.com/advisories/GHSA-wm7h-9275-46v2",
          severity: "high",
          range: "<=0.3.1",
        },
      ],
      effects: ["busboy"],
      range: "*",
      nodes: ["node_modules/dicer"],
      fixAvailable: false,
    },
    busboy: {
      name: "busboy",
      severity: "high",
      isDirect: false,
      via: ["dicer"],
      effects: ["s3rver"],
      range: "<=0.3.1",
      nodes: ["node_modules/busboy"],
      fixAvailable: false,
    },
    s3rver: { name: "s3rver", severity: "high", isDirect: true, via: ["busboy"], effects: [], range: "*", nodes: ["node_modules/s3rver"], fixAvailable: false },
    "left-pad": {
      name: "left-pad",
      severity: "moderate",
      isDirect: true,
      via: [
        { source: 1, name: "left-pad", title: "Pads too much", url: "https://github.com/advisories/GHSA-aaaa-bbbb-cccc", severity: "moderate", range: "<2" },
      ],
      effects: [],
      range: "<2",
      nodes: ["node_modules/left-pad"],
      fixAvailable: true,
    },
  },
  metadata: {},
});

/** A lockfile: the app depends on s3rver and express; dicer comes through s3rver → busboy. */
const LOCK = {
  packages: {
    "": { dependencies: { s3rver: "^3", express: "^4" } },
    "node_modules/s3rver": { dependencies: { busboy: "^0.3" } },
    "node_modules/busboy": { dependencies: { dicer: "0.3.0" } },
    "node_modules/dicer": {},
    "node_modules/express": { dependencies: { ms: "2" } },
    "node_modules/ms": {},
    "node_modules/vitest": { dev: true, dependencies: { dicer: "*" } },
  },
};

const EXCEPTION: AuditException = {
  advisory: "GHSA-wm7h-9275-46v2",
  package: "dicer",
  onlyThrough: "s3rver",
  reason: "local store only",
  expires: "2027-05-31",
};

describe("parseAuditReport", () => {
  it("reads each advisory once, by GHSA id, from npm's report", () => {
    const report = parseAuditReport(REPORT);
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.advisories.map((a) => `${a.package} ${a.id} ${a.severity}`).sort()).toEqual([
      "dicer GHSA-wm7h-9275-46v2 high",
      "left-pad GHSA-aaaa-bbbb-cccc moderate",
    ]);
  });

  it("says when npm could not get a report (the audit service refused or was unreachable)", () => {
    const refused = parseAuditReport(
      JSON.stringify({
        message: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk",
        statusCode: 405,
        error: { summary: "" },
      }),
    );
    expect(refused).toEqual({ ok: false, problem: expect.stringContaining("405 Method Not Allowed") });
    expect(parseAuditReport("").ok).toBe(false);
  });
});

describe("onlyReachedThrough", () => {
  it("follows the production tree up to the project", () => {
    expect(onlyReachedThrough(LOCK, "dicer", "s3rver")).toBe(true);
    expect(onlyReachedThrough(LOCK, "ms", "s3rver")).toBe(false);
    expect(onlyReachedThrough(LOCK, "not-installed", "s3rver")).toBe(false);
  });

  it("sees a second way in (a nested copy under another production package)", () => {
    const lock = { packages: { ...LOCK.packages, "node_modules/express": { dependencies: { dicer: "*" } }, "node_modules/express/node_modules/dicer": {} } };
    expect(onlyReachedThrough(lock, "dicer", "s3rver")).toBe(false);
  });

  it("finds no production copy of dicer in this project's own lockfile (the local store is a development dependency)", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    expect(lock.packages["node_modules/s3rver"].dev).toBe(true);
    expect(lock.packages["node_modules/dicer"].dev).toBe(true);
    expect(onlyReachedThrough(lock, "dicer", "s3rver")).toBe(false);
    expect(onlyReachedThrough(lock, "express", "s3rver")).toBe(false);
  });
});

describe("judge", () => {
  const report = parseAuditReport(REPORT);
  const advisories = report.ok ? report.advisories : [];

  it("blocks high and critical advisories without an exception; lower ones never block", () => {
    const verdict = judge(advisories, [], LOCK, "2026-11-23");
    expect(verdict.blocking.map((a) => a.package)).toEqual(["dicer"]);
    expect(verdict.other.map((a) => a.package)).toEqual(["left-pad"]);
  });

  it("lets a precise, current exception through", () => {
    const verdict = judge(advisories, [EXCEPTION], LOCK, "2026-11-23");
    expect(verdict.blocking).toEqual([]);
    expect(verdict.excepted.map((e) => e.advisory.id)).toEqual(["GHSA-wm7h-9275-46v2"]);
  });

  it("an exception for another advisory or package, an expired one, or one whose path changed does not apply", () => {
    expect(judge(advisories, [{ ...EXCEPTION, advisory: "GHSA-other" }], LOCK, "2026-11-23").blocking).toHaveLength(1);
    expect(judge(advisories, [{ ...EXCEPTION, package: "busboy" }], LOCK, "2026-11-23").blocking).toHaveLength(1);
    const expired = judge(advisories, [EXCEPTION], LOCK, "2027-06-01");
    expect(expired.blocking).toHaveLength(1);
    expect(expired.lapsed[0]?.why).toMatch(/expired/);
    const lock = { packages: { ...LOCK.packages, "": { dependencies: { s3rver: "^3", dicer: "*" } } } };
    const moved = judge(advisories, [EXCEPTION], lock, "2026-11-23");
    expect(moved.blocking).toHaveLength(1);
    expect(moved.lapsed[0]?.why).toMatch(/other than through s3rver/);
  });
});

describe("scripts/audit-exceptions.json", () => {
  it("every exception is precise, reasoned, dated, and still holds for this lockfile", () => {
    const exceptions = JSON.parse(readFileSync("scripts/audit-exceptions.json", "utf8")) as AuditException[];
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    for (const e of exceptions) {
      expect(e.advisory).toMatch(/^GHSA-[\w-]+$/);
      expect(e.package).toBeTruthy();
      expect(e.reason.length).toBeGreaterThan(80);
      expect(e.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (e.onlyThrough) expect(onlyReachedThrough(lock, e.package, e.onlyThrough)).toBe(true);
    }
  });
});
