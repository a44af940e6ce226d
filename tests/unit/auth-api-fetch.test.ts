import { describe, expect, it, vi } from "vitest";
import { REFRESH_PATH, UNAVAILABLE_RETRIES, apiFetchWith, reconnectingTracker, unavailableRetryDelayMs } from "~/auth/api-fetch";

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

describe("apiFetch: a 503 (the portal can't reach its database) is retried quietly, never a sign-out", () => {
  function outage(answers: Record<string, number[]>, retryAfter = "2") {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: string | URL | Request) => {
      const url = String(input);
      calls.push(url);
      const status = answers[url]?.shift() ?? 500;
      return new Response("{}", { status, headers: status === 503 ? { "Retry-After": retryAfter } : {} });
    });
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    return { fetch: fetch as unknown as typeof globalThis.fetch, calls, waits, wait };
  }

  it("tries again after Retry-After, then twice as long each time, and returns the answer once the portal is back", async () => {
    const server = outage({ "/api/x": [503, 503, 503, 200] });
    const signOut = vi.fn();
    const reconnecting = vi.fn();
    const response = await apiFetchWith({ fetch: server.fetch, signOut, wait: server.wait, onReconnecting: reconnecting }, "/api/x", {
      method: "POST",
      body: '{"answer":"kept"}',
    });
    expect(response.status).toBe(200);
    expect(server.calls).toEqual(["/api/x", "/api/x", "/api/x", "/api/x"]);
    expect(server.waits).toEqual([2000, 2000, 4000]);
    expect(reconnecting.mock.calls).toEqual([[true], [false]]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("gives the 503 back after its retries, without signing out", async () => {
    const server = outage({ "/api/x": Array(UNAVAILABLE_RETRIES + 1).fill(503) });
    const signOut = vi.fn();
    const response = await apiFetchWith({ fetch: server.fetch, signOut, wait: server.wait }, "/api/x");
    expect(response.status).toBe(503);
    expect(server.calls).toHaveLength(UNAVAILABLE_RETRIES + 1);
    expect(Math.max(...server.waits)).toBeLessThanOrEqual(15_000);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("keeps the session when the refresh after a 401 meets an outage", async () => {
    const server = outage({ "/api/x": [401], [REFRESH_PATH]: Array(UNAVAILABLE_RETRIES + 1).fill(503) });
    const signOut = vi.fn();
    const response = await apiFetchWith({ fetch: server.fetch, signOut, wait: server.wait }, "/api/x");
    expect(response.status).toBe(401);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("waits at least one second, growing to at most 15 s", () => {
    expect(unavailableRetryDelayMs(0, null)).toBe(1000);
    expect(unavailableRetryDelayMs(3, "1")).toBe(8000);
    expect(unavailableRetryDelayMs(10, "2")).toBe(15_000);
  });
});

describe("the page's 'Reconnecting…' state", () => {
  it("turns on at a 503 and off at the next answer that is not one, telling each change once", () => {
    const heard: boolean[] = [];
    const tracker = reconnectingTracker((waiting) => heard.push(waiting));
    tracker.answered(200);
    expect(tracker.waiting).toBe(false);
    tracker.answered(503);
    tracker.answered(503);
    expect(tracker.waiting).toBe(true);
    // A validation refusal means the portal answered: it is back.
    tracker.answered(422);
    expect(tracker.waiting).toBe(false);
    expect(heard).toEqual([true, false]);
  });
});
