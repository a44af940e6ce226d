/**
 * Which browser requests the local S3 server answers with CORS (scripts/lib/local-s3-cors.ts):
 * only uploads and presigned reads, only from the app's own origins.
 */
import { describe, expect, it } from "vitest";

import { appOriginRule, browserRequest, corsHeaders, preflight } from "../../scripts/lib/local-s3-cors";

const local = appOriginRule({ protocol: "http", domain: "localhost:3000" });
const hosted = appOriginRule({ protocol: "https", domain: "portal.example.com" });

describe("the app's origins", () => {
  it("are the root site and single-label firm subdomains, on the app's protocol and port", () => {
    expect(local("http://localhost:3000")).toBe(true);
    expect(local("http://acme.localhost:3000")).toBe(true);
    expect(hosted("https://portal.example.com")).toBe(true);
    expect(hosted("https://summit.portal.example.com")).toBe(true);
  });

  it("are nothing else", () => {
    for (const origin of [
      "http://evil.example",
      "https://acme.localhost:3000",
      "http://acme.localhost:3001",
      "http://acme.localhost",
      "http://a.b.localhost:3000",
      "http://acme.localhost:3000/",
      "http://user@acme.localhost:3000",
      "http://localhost:3000.evil.example",
      "http://evil-localhost:3000",
      "null",
      "",
    ]) {
      expect(local(origin), origin).toBe(false);
    }
    expect(hosted("http://acme.portal.example.com")).toBe(false);
    expect(hosted("https://acme.portal.example.com.evil.example")).toBe(false);
    expect(hosted("https://portal.example.com:8443")).toBe(false);
  });
});

describe("browser requests", () => {
  it("are POST uploads to a bucket and presigned GET/HEAD reads of an object", () => {
    expect(browserRequest("POST", "/portal", "")).toBe("upload");
    expect(browserRequest("POST", "/portal/", "")).toBe("upload");
    expect(browserRequest("GET", "/portal/firms/a/x.pdf", "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab")).toBe("read");
    expect(browserRequest("HEAD", "/portal/firms/a/x.pdf", "X-Amz-Algorithm=AWS4-HMAC-SHA256")).toBe("read");
  });

  it("are not listings, writes, deletes or unsigned reads", () => {
    expect(browserRequest("GET", "/portal", "list-type=2")).toBeNull();
    expect(browserRequest("GET", "/portal/firms/a/x.pdf", "")).toBeNull();
    expect(browserRequest("PUT", "/portal/firms/a/x.pdf", "X-Amz-Algorithm=AWS4-HMAC-SHA256")).toBeNull();
    expect(browserRequest("DELETE", "/portal/firms/a/x.pdf", "X-Amz-Algorithm=AWS4-HMAC-SHA256")).toBeNull();
    expect(browserRequest("POST", "/portal", "delete")).toBeNull();
    expect(browserRequest("GET", "/", "")).toBeNull();
  });

  it("get the origin echoed back only when it is the app's", () => {
    expect(corsHeaders("http://acme.localhost:3000", local)).toEqual({
      "Access-Control-Allow-Origin": "http://acme.localhost:3000",
      "Access-Control-Expose-Headers": "ETag, Content-Disposition",
      Vary: "Origin",
    });
    expect(corsHeaders("http://evil.example", local)).toEqual({ Vary: "Origin" });
    expect(corsHeaders(undefined, local)).toEqual({ Vary: "Origin" });
  });
});

describe("preflights", () => {
  const firm = "http://acme.localhost:3000";

  it("allow the upload's POST to a bucket and the reader's GET/HEAD (with Range) of an object", () => {
    const upload = preflight({ path: "/portal", origin: firm, method: "POST" }, local);
    expect(upload.status).toBe(200);
    expect(upload.headers).toMatchObject({ "Access-Control-Allow-Origin": firm, "Access-Control-Allow-Methods": "POST" });
    const read = preflight({ path: "/portal/firms/a/x.pdf", origin: firm, method: "GET", requestHeaders: "Range" }, local);
    expect(read.status).toBe(200);
    expect(read.headers).toMatchObject({
      "Access-Control-Allow-Origin": firm,
      "Access-Control-Allow-Methods": "GET, HEAD",
      "Access-Control-Allow-Headers": "range",
    });
  });

  it("refuse other origins, methods, paths and headers, without CORS headers", () => {
    const refused = [
      preflight({ path: "/portal", origin: "http://evil.example", method: "POST" }, local),
      preflight({ path: "/portal/firms/a/x.pdf", origin: "http://evil.example", method: "GET" }, local),
      preflight({ path: "/portal/firms/a/x.pdf", origin: firm, method: "PUT" }, local),
      preflight({ path: "/portal/firms/a/x.pdf", origin: firm, method: "DELETE" }, local),
      preflight({ path: "/portal", origin: firm, method: "GET" }, local),
      preflight({ path: "/", origin: firm, method: "GET" }, local),
      preflight({ path: "/portal/firms/a/x.pdf", origin: firm, method: "GET", requestHeaders: "authorization" }, local),
      preflight({ path: "/portal/firms/a/x.pdf", origin: firm, method: "GET", requestHeaders: "range, x-amz-copy-source" }, local),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.error?.code).toBe("CORSResponse");
      expect(answer.headers["Access-Control-Allow-Origin"]).toBeUndefined();
    }
    expect(preflight({ path: "/portal", method: "POST" }, local).status).toBe(400);
  });
});
