import { describe, expect, it } from "vitest";
import { safeRedirect, signInRedirectUrl } from "~/auth/redirect";

describe("safeRedirect", () => {
  it("keeps a path on the same site with its query", () => {
    expect(safeRedirect("/questionnaire/abc?questionnaireId=3&sectionId=4")).toBe("/questionnaire/abc?questionnaireId=3&sectionId=4");
    expect(safeRedirect("/firm#logo")).toBe("/firm#logo");
  });
  it("refuses anything that could leave the site", () => {
    for (const target of [
      "https://evil.test/",
      "//evil.test",
      "/\\evil.test",
      "\\\\evil.test",
      "javascript:alert(1)",
      "evil",
      "/\t/evil.test",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(target as string)).toBe("/");
    }
  });
});

describe("safeRedirect judges the normalised path", () => {
  it("refuses dot segments that normalise to a protocol-relative URL", () => {
    for (const target of [
      "/..//evil.example",
      "/x/..//evil.example",
      "/%2e%2e//evil.example",
      "/./..//evil.example",
      "/a/b/../..//evil.example/path?x=1",
      "/.%2e//evil.example",
    ]) {
      expect(safeRedirect(target)).toBe("/");
    }
  });
  it("keeps dot segments that stay on the site, normalised", () => {
    expect(safeRedirect("/documents/../profile")).toBe("/profile");
    expect(safeRedirect("/a/./b")).toBe("/a/b");
  });
});

describe("signInRedirectUrl", () => {
  it("sends to /?redirect=<path and query>", () => {
    expect(signInRedirectUrl("http://acme.localhost:3000/firm?tab=brand")).toBe("/?redirect=%2Ffirm%3Ftab%3Dbrand");
    expect(signInRedirectUrl("http://acme.localhost:3000/")).toBe("/");
  });
});
