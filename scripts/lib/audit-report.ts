/**
 * What `npm audit --omit=dev --json` reports, and which of its findings block CI: every high or
 * critical advisory in the production dependencies, unless an exception in
 * scripts/audit-exceptions.json names that exact advisory and package, has not expired, and — when
 * it says `onlyThrough` — the package really reaches the production tree only through that
 * dependency (checked in package-lock.json, so a new path in makes the exception stop applying).
 * Pure: the caller runs npm and reads the files.
 */
export type Severity = "info" | "low" | "moderate" | "high" | "critical";

export interface Advisory {
  /** GHSA id (from the advisory's URL), or npm's numeric source id when there is no GHSA URL. */
  id: string;
  package: string;
  severity: Severity;
  title: string;
  url: string;
  range: string;
}

export interface AuditException {
  advisory: string;
  package: string;
  /** The exception holds only while every path from the project to `package` goes through this dependency. */
  onlyThrough?: string;
  reason: string;
  /** YYYY-MM-DD: look again by then (an expired exception no longer applies). */
  expires: string;
}

export type AuditReport = { ok: true; advisories: Advisory[] } | { ok: false; problem: string };

const BLOCKING: readonly Severity[] = ["high", "critical"];

interface ViaAdvisory {
  source?: number;
  name?: string;
  title?: string;
  url?: string;
  severity?: Severity;
  range?: string;
}

/** Reads npm's JSON (audit report version 2). A report npm could not make is `{ ok: false }`. */
export function parseAuditReport(stdout: string): AuditReport {
  let json: { auditReportVersion?: number; vulnerabilities?: Record<string, { via?: (string | ViaAdvisory)[] }>; error?: unknown; message?: string };
  try {
    json = JSON.parse(stdout);
  } catch {
    return { ok: false, problem: `npm audit printed no JSON: ${stdout.slice(0, 200) || "(nothing)"}` };
  }
  if (json.auditReportVersion !== 2 || !json.vulnerabilities) {
    const message = typeof json.message === "string" ? json.message : JSON.stringify(json.error ?? json).slice(0, 300);
    return { ok: false, problem: message };
  }
  const seen = new Map<string, Advisory>();
  for (const [name, entry] of Object.entries(json.vulnerabilities)) {
    for (const via of entry.via ?? []) {
      if (typeof via === "string") continue; // "depends on a vulnerable <via>": that package's own entry has the advisory
      const id = /GHSA-[\w-]+/.exec(via.url ?? "")?.[0] ?? String(via.source ?? "unknown");
      const pkg = via.name ?? name;
      seen.set(`${id} ${pkg}`, { id, package: pkg, severity: via.severity ?? "info", title: via.title ?? "", url: via.url ?? "", range: via.range ?? "" });
    }
  }
  return { ok: true, advisories: [...seen.values()] };
}

interface LockPackage {
  dev?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Where `name` resolves from the package at `from` (Node's lookup through parent node_modules). */
function resolveIn(packages: Record<string, LockPackage>, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

/**
 * Whether every path from the project (the lockfile's root) to an installed copy of `pkg` in the
 * production tree passes through a package named `through`. False when `pkg` is not installed.
 */
export function onlyReachedThrough(lock: { packages: Record<string, LockPackage> }, pkg: string, through: string): boolean {
  const { packages } = lock;
  const dependents = new Map<string, string[]>();
  for (const [location, entry] of Object.entries(packages)) {
    if (entry.dev) continue;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      const target = resolveIn(packages, location, name);
      if (target) dependents.set(target, [...(dependents.get(target) ?? []), location]);
    }
  }
  const nameOf = (location: string) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
  const targets = Object.keys(packages).filter((l) => l !== "" && nameOf(l) === pkg && !packages[l]!.dev);
  if (targets.length === 0) return false;
  // Walk up from each copy, never past a `through` package: reaching the root means another way in.
  const seen = new Set<string>();
  const queue = [...targets];
  while (queue.length > 0) {
    const location = queue.pop()!;
    if (seen.has(location)) continue;
    seen.add(location);
    if (location !== "" && nameOf(location) === through) continue;
    if (location === "") return false;
    queue.push(...(dependents.get(location) ?? []));
  }
  return true;
}

export interface Verdict {
  /** High or critical, with no exception that applies: CI fails. */
  blocking: Advisory[];
  /** High or critical, covered by an exception (printed with its reason). */
  excepted: { advisory: Advisory; exception: AuditException }[];
  /** Below high: printed, never blocking. */
  other: Advisory[];
  /** Exceptions that matched a finding but no longer apply (expired, or another path in). */
  lapsed: { exception: AuditException; why: string }[];
}

export function judge(advisories: Advisory[], exceptions: AuditException[], lock: { packages: Record<string, LockPackage> }, today: string): Verdict {
  const verdict: Verdict = { blocking: [], excepted: [], other: [], lapsed: [] };
  for (const advisory of advisories) {
    if (!BLOCKING.includes(advisory.severity)) {
      verdict.other.push(advisory);
      continue;
    }
    const exception = exceptions.find((e) => e.advisory === advisory.id && e.package === advisory.package);
    const why = !exception
      ? null
      : exception.expires < today
        ? `expired on ${exception.expires}`
        : exception.onlyThrough && !onlyReachedThrough(lock, advisory.package, exception.onlyThrough)
          ? `${advisory.package} now reaches the project other than through ${exception.onlyThrough}`
          : null;
    if (exception && !why) verdict.excepted.push({ advisory, exception });
    else {
      verdict.blocking.push(advisory);
      if (exception && why) verdict.lapsed.push({ exception, why });
    }
  }
  return verdict;
}
