import { describe, expect, it, vi } from "vitest";
import { REFRESH_PATH, apiFetchWith } from "~/auth/api-fetch";

function fakeServer(answers: Record<string, number[]>) {
  const calls: { url: string; accept: string | null }[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, accept: new Headers(init?.headers).get("accept") });
    const status = answers[url]?.shift() ?? 500;
    return new Response(status === 204 ? null : "{}", { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe("apiFetch: a 401 retries once with a refreshed session, then signs out", () => {
  it("passes other answers straight through, asking for JSON", async () => {
    const server = fakeServer({ "/api/x": [200] });
    const signOut = vi.fn();
    const response = await apiFetchWith({ fetch: server.fetch, signOut }, "/api/x");
    expect(response.status).toBe(200);
    expect(server.calls).toEqual([{ url: "/api/x", accept: "application/json" }]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("refreshes and retries once after a 401; a success then is returned", async () => {
    const server = fakeServer({ "/api/x": [401, 200], [REFRESH_PATH]: [200] });
    const signOut = vi.fn();
    const response = await apiFetchWith({ fetch: server.fetch, signOut }, "/api/x", { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(server.calls.map((c) => c.url)).toEqual(["/api/x", REFRESH_PATH, "/api/x"]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("signs out when the retry is 401 again (and does not retry a third time)", async () => {
    const server = fakeServer({ "/api/x": [401, 401, 200], [REFRESH_PATH]: [200] });
    const signOut = vi.fn();
    const response = await apiFetchWith({ fetch: server.fetch, signOut }, "/api/x");
    expect(response.status).toBe(401);
    expect(server.calls.map((c) => c.url)).toEqual(["/api/x", REFRESH_PATH, "/api/x"]);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("signs out without retrying when the session can't be refreshed", async () => {
    const server = fakeServer({ "/api/x": [401], [REFRESH_PATH]: [401] });
    const signOut = vi.fn();
    await apiFetchWith({ fetch: server.fetch, signOut }, "/api/x");
    expect(server.calls.map((c) => c.url)).toEqual(["/api/x", REFRESH_PATH]);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("never retries nor signs out for code verification and token exchange calls", async () => {
    const server = fakeServer({ "/signin": [401] });
    const signOut = vi.fn();
    const response = await apiFetchWith({ fetch: server.fetch, signOut }, "/signin", { method: "POST", retryOn401: false });
    expect(response.status).toBe(401);
    expect(server.calls.map((c) => c.url)).toEqual(["/signin"]);
    expect(signOut).not.toHaveBeenCalled();
  });
});
