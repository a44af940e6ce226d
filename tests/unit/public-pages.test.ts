import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL, publicPage } from "~/public-pages.server";
import { contentSecurityPolicy, inlineScriptHashes } from "~/security-headers.server";

const visitor = { method: "GET", search: "", cookie: null };

describe("publicPage", () => {
  it("the root domain's home page varies on Host only", () => {
    expect(publicPage({ ...visitor, site: "root", path: "/" })).toEqual({ cacheControl: PUBLIC_CACHE_CONTROL, vary: "Host" });
    expect(publicPage({ ...visitor, site: "root", path: "/create-firm" })).toBeNull();
  });

  it("a firm's sign-in page, for a browser without a session, varies on Host and Cookie", () => {
    for (const path of ["/", "/signin"])
      expect(publicPage({ ...visitor, site: "firm", path })).toEqual({ cacheControl: PUBLIC_CACHE_CONTROL, vary: "Host, Cookie" });
    expect(publicPage({ ...visitor, site: "firm", path: "/signin", search: "?redirect=%2Fdocuments", cookie: "table_clients=x" })).not.toBeNull();
  });

  it("never with the session cookie, another method, another page or a sign-in step", () => {
    expect(publicPage({ ...visitor, site: "firm", path: "/", cookie: "portal_session=abcdefabcdefabcdefabcdef" })).toBeNull();
    expect(publicPage({ ...visitor, site: "firm", path: "/", cookie: "__Host-portal_session=abcdefabcdefabcdefabcdef" })).toBeNull();
    expect(publicPage({ ...visitor, site: "firm", path: "/signin", method: "POST" })).toBeNull();
    expect(publicPage({ ...visitor, site: "firm", path: "/documents" })).toBeNull();
    expect(publicPage({ ...visitor, site: "firm", path: "/signin.data" })).toBeNull();
    expect(publicPage({ ...visitor, site: "firm", path: "/signin", search: "?state=sent-email" })).toBeNull();
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, as the browser does, and skips scripts loaded by URL", () => {
    const html = `<script>a()</script><script type="module">import "/x.js";</script><script src="/y.js"></script><script>a()</script><script async src="/z.js"></script>`;
    const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
    expect(inlineScriptHashes(html).hashes).toEqual([sha("a()"), sha('import "/x.js";')]);
  });

  it("makes a CSP that names the hashes instead of a nonce", () => {
    const csp = contentSecurityPolicy(inlineScriptHashes("<script>a()</script>"), []);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]{43}=' 'strict-dynamic' 'self'/);
    expect(csp).not.toMatch(/nonce/);
    expect(() => contentSecurityPolicy({ hashes: ["sha256-x'; script-src *"] }, [])).toThrow(/hash/);
  });
});
