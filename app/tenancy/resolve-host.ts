import { RESERVED_SUBDOMAINS, subdomainProblem } from "./subdomain";

export type HostResolution =
  | { kind: "root" }
  | { kind: "firm"; slug: string; via: "subdomain" }
  | { kind: "firm"; firmId: string; via: "custom-domain"; hostname: string }
  | { kind: "unknown"; reason: "missing" | "malformed" | "wrong-port" | "reserved" | "not-a-firm-label" | "no-match" };

export interface ParsedHost {
  hostname: string;
  port: string | null;
}

/** Splits "Acme.Localhost:3000." into { hostname: "acme.localhost", port: "3000" }. */
export function parseHost(raw: string | null | undefined): ParsedHost | null {
  if (!raw) return null;
  const value = raw.trim().toLowerCase();
  if (!value || value.length > 300) return null;
  // IPv6 literals: [::1]:3000
  const ipv6 = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(value);
  if (ipv6) return { hostname: `[${ipv6[1]}]`, port: ipv6[2] ?? null };
  const match = /^([a-z0-9.-]+?)\.?(?::(\d{1,5}))?$/.exec(value);
  if (!match) return null;
  const hostname = match[1];
  if (!hostname || hostname.startsWith(".") || hostname.includes("..")) return null;
  return { hostname, port: match[2] ?? null };
}

function defaultPortless(port: string | null) {
  return port === null || port === "80" || port === "443";
}

/**
 * Maps a Host header to the part of the product it addresses.
 *
 * - `appDomain` is the root domain with an optional port (`localhost:3000`, `example.com`).
 *   When it names a port, the host must carry that port; when it does not, the host may
 *   carry none or a default one (a proxy terminating TLS).
 * - `lookupCustomDomain` maps a full hostname to a firm id (a cached table lookup).
 *
 * Pure: the same inputs always give the same answer, and nothing is read from elsewhere.
 */
export function resolveHost(
  rawHost: string | null | undefined,
  appDomain: string,
  lookupCustomDomain: (hostname: string) => string | undefined = () => undefined,
): HostResolution {
  const host = parseHost(rawHost);
  if (!host) return { kind: "unknown", reason: rawHost ? "malformed" : "missing" };
  const app = parseHost(appDomain);
  if (!app) throw new Error(`APP_DOMAIN is not a valid host: ${appDomain}`);

  const portMatches = app.port ? host.port === app.port : defaultPortless(host.port);

  if (host.hostname === app.hostname) {
    return portMatches ? { kind: "root" } : { kind: "unknown", reason: "wrong-port" };
  }

  const suffix = `.${app.hostname}`;
  if (host.hostname.endsWith(suffix)) {
    if (!portMatches) return { kind: "unknown", reason: "wrong-port" };
    const label = host.hostname.slice(0, -suffix.length);
    if (RESERVED_SUBDOMAINS.has(label)) return { kind: "unknown", reason: "reserved" };
    if (label.includes(".") || subdomainProblem(label)) return { kind: "unknown", reason: "not-a-firm-label" };
    return { kind: "firm", slug: label, via: "subdomain" };
  }

  // Custom domains are served on the default ports only (TLS ends at the load balancer).
  const firmId = defaultPortless(host.port) || host.port === app.port ? lookupCustomDomain(host.hostname) : undefined;
  if (firmId) return { kind: "firm", firmId, via: "custom-domain", hostname: host.hostname };
  return { kind: "unknown", reason: "no-match" };
}
