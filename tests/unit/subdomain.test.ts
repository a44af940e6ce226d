import { describe, expect, it } from "vitest";
import { SUBDOMAIN_MESSAGES, subdomainProblem, subdomainSchema } from "~/tenancy/subdomain";

describe("subdomain rules", () => {
  it("accepts lowercase letters, digits and hyphens, 3 to 40 long", () => {
    expect(subdomainProblem("acme")).toBeNull();
    expect(subdomainProblem("smith-and-jones-cpa")).toBeNull();
    expect(subdomainProblem("abc")).toBeNull();
    expect(subdomainProblem("a".repeat(40))).toBeNull();
  });
  it("refuses bad lengths", () => {
    expect(subdomainProblem("ab")).toBe(SUBDOMAIN_MESSAGES.length);
    expect(subdomainProblem("a".repeat(41))).toBe(SUBDOMAIN_MESSAGES.length);
    expect(subdomainProblem("")).toBe(SUBDOMAIN_MESSAGES.required);
  });
  it("refuses other characters, including uppercase", () => {
    for (const value of ["Acme", "acme_tax", "acme.tax", "acmé", "acme tax"]) {
      expect(subdomainProblem(value)).toBe(SUBDOMAIN_MESSAGES.characters);
    }
  });
  it("refuses hyphens at the edges", () => {
    expect(subdomainProblem("-acme")).toBe(SUBDOMAIN_MESSAGES.hyphenEdge);
    expect(subdomainProblem("acme-")).toBe(SUBDOMAIN_MESSAGES.hyphenEdge);
  });
  it("refuses reserved names", () => {
    for (const value of ["www", "api", "admin", "static", "assets", "mail", "app"]) {
      expect(subdomainProblem(value)).toBe(SUBDOMAIN_MESSAGES.reserved);
    }
  });
  it("trims in the schema", () => {
    expect(subdomainSchema.parse("  acme ")).toBe("acme");
    expect(subdomainSchema.safeParse("www").success).toBe(false);
  });
});
