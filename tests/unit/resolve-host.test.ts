import { describe, expect, it } from "vitest";
import { parseHost, resolveHost } from "~/tenancy/resolve-host";

const domains: Record<string, string> = { "portal.acmetax.com": "firm_acme" };
const lookup = (hostname: string) => domains[hostname];

describe("resolveHost", () => {
  it("maps the root domain with its port", () => {
    expect(resolveHost("localhost:3000", "localhost:3000")).toEqual({ kind: "root" });
    expect(resolveHost("LOCALHOST:3000", "localhost:3000")).toEqual({ kind: "root" });
  });

  it("maps a firm subdomain, case-insensitively", () => {
    expect(resolveHost("acme.localhost:3000", "localhost:3000")).toEqual({ kind: "firm", slug: "acme", via: "subdomain" });
    expect(resolveHost("Summit.LocalHost:3000", "localhost:3000")).toEqual({ kind: "firm", slug: "summit", via: "subdomain" });
    expect(resolveHost("acme.localhost:3000.", "localhost:3000")).toMatchObject({ kind: "unknown" });
    expect(resolveHost("acme.localhost.:3000", "localhost:3000")).toEqual({ kind: "firm", slug: "acme", via: "subdomain" });
  });

  it("is port-aware", () => {
    expect(resolveHost("acme.localhost:4000", "localhost:3000")).toEqual({ kind: "unknown", reason: "wrong-port" });
    expect(resolveHost("acme.localhost", "localhost:3000")).toEqual({ kind: "unknown", reason: "wrong-port" });
    expect(resolveHost("localhost:4000", "localhost:3000")).toEqual({ kind: "unknown", reason: "wrong-port" });
    // A root domain without a port accepts none or the default ports (TLS ends at a proxy).
    expect(resolveHost("acme.example.com", "example.com")).toMatchObject({ kind: "firm", slug: "acme" });
    expect(resolveHost("acme.example.com:443", "example.com")).toMatchObject({ kind: "firm", slug: "acme" });
    expect(resolveHost("acme.example.com:8443", "example.com")).toEqual({ kind: "unknown", reason: "wrong-port" });
  });

  it("refuses reserved names", () => {
    for (const name of ["www", "app", "api", "admin", "static", "assets", "mail"]) {
      expect(resolveHost(`${name}.localhost:3000`, "localhost:3000")).toEqual({ kind: "unknown", reason: "reserved" });
    }
  });

  it("refuses labels that cannot be a firm", () => {
    expect(resolveHost("a.b.localhost:3000", "localhost:3000")).toMatchObject({ kind: "unknown", reason: "not-a-firm-label" });
    expect(resolveHost("ab.localhost:3000", "localhost:3000")).toMatchObject({ kind: "unknown", reason: "not-a-firm-label" });
    expect(resolveHost("-acme.localhost:3000", "localhost:3000")).toMatchObject({ kind: "unknown" });
    expect(resolveHost("ac_me.localhost:3000", "localhost:3000")).toMatchObject({ kind: "unknown" });
  });

  it("answers unknown for other hosts, empty and malformed headers", () => {
    expect(resolveHost("evil.com", "localhost:3000", lookup)).toEqual({ kind: "unknown", reason: "no-match" });
    expect(resolveHost("acme.localhost.evil.com:3000", "localhost:3000", lookup)).toMatchObject({ kind: "unknown" });
    expect(resolveHost("", "localhost:3000")).toEqual({ kind: "unknown", reason: "missing" });
    expect(resolveHost(undefined, "localhost:3000")).toEqual({ kind: "unknown", reason: "missing" });
    expect(resolveHost("acme localhost", "localhost:3000")).toEqual({ kind: "unknown", reason: "malformed" });
    expect(resolveHost("acme.localhost:3000/x", "localhost:3000")).toEqual({ kind: "unknown", reason: "malformed" });
  });

  it("looks up custom domains", () => {
    expect(resolveHost("portal.acmetax.com", "localhost:3000", lookup)).toEqual({
      kind: "firm",
      firmId: "firm_acme",
      via: "custom-domain",
      hostname: "portal.acmetax.com",
    });
    expect(resolveHost("PORTAL.AcmeTax.com:443", "example.com", lookup)).toMatchObject({ firmId: "firm_acme" });
    expect(resolveHost("other.acmetax.com", "localhost:3000", lookup)).toEqual({ kind: "unknown", reason: "no-match" });
  });

  it("parses hosts", () => {
    expect(parseHost("[::1]:3000")).toEqual({ hostname: "[::1]", port: "3000" });
    expect(parseHost("Example.COM")).toEqual({ hostname: "example.com", port: null });
    expect(parseHost("..")).toBeNull();
  });
});
