/**
 * HSTS over HTTP: with APP_PROTOCOL=https every answer (the app's pages, the host's own answers,
 * static files) tells browsers to use https only; security-headers-http.test.ts checks that it is
 * absent on http. (The app sits behind a TLS-terminating proxy here, so the test speaks plain HTTP.)
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { bootApp, type TestApp } from "../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await bootApp({ name: "security-headers-hsts", env: { APP_PROTOCOL: "https" } });
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

it("every answer carries Strict-Transport-Security when the portal is served over https", async () => {
  const answers = {
    "sign-in page": await app.get("acme", "/signin"),
    // A sign-in step (not a page a shared cache may keep): its inline scripts carry a nonce.
    "sign-in step": await app.get("acme", "/signin?state=forgot-password"),
    "sign-in data": await app.get("acme", "/signin.data"),
    "unknown host": await app.get("nowhere", "/"),
    "static file": await app.get("acme", "/favicon.ico"),
  };
  for (const [what, response] of Object.entries(answers)) {
    expect(response.status, what).toBeLessThan(500);
    expect(response.headers["strict-transport-security"], what).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers["x-content-type-options"], what).toBe("nosniff");
  }
  expect(answers["sign-in step"].headers["content-security-policy"]).toMatch(/'nonce-/);
  // The public sign-in page allows its inline scripts by hash (app/public-pages.server.ts).
  expect(answers["sign-in page"].headers["content-security-policy"]).toMatch(/'sha256-/);
});
