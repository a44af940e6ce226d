/**
 * The tests' single-fetch client (tests/support/single-fetch.ts): the URLs it asks, as Remix's
 * browser client builds them, and its reading of answers encoded by Remix's own server encoder.
 */
import { UNSAFE_ErrorResponseImpl } from "@remix-run/router";
import { UNSAFE_SingleFetchRedirectSymbol } from "@remix-run/server-runtime";
// The server's encoder is internal to Remix; the tests read answers made by the real one.
import * as remixSingleFetch from "@remix-run/server-runtime/dist/single-fetch.js";
import { describe, expect, it } from "vitest";
import { actionDataPath, decodeSingleFetch, isDataPath, loaderDataPath } from "../support/single-fetch";

const encodeViaTurboStream = (
  remixSingleFetch as unknown as { encodeViaTurboStream: (data: unknown, signal: AbortSignal, timeout: number, mode: string) => ReadableStream<Uint8Array> }
).encodeViaTurboStream;

const encoded = (value: unknown) => new Response(encodeViaTurboStream(value, new AbortController().signal, 1000, "production")).text();

describe("single-fetch URLs", () => {
  it("load one route's loader data from <path>.data, the root from /_root.data", () => {
    expect(loaderDataPath("/clients?size=10", "routes/clients._index")).toBe("/clients.data?size=10&_routes=routes%2Fclients._index");
    expect(loaderDataPath("/?tab=open", "routes/_index")).toBe("/_root.data?tab=open&_routes=routes%2F_index");
    expect(loaderDataPath("/admin/abc/", "routes/admin.$companyHash._index")).toBe("/admin/abc.data?_routes=routes%2Fadmin.%24companyHash._index");
    // A bare ?index is left out of loads, as the client does.
    expect(loaderDataPath("/admin?index&q=x", "routes/admin._index")).toBe("/admin.data?q=x&_routes=routes%2Fadmin._index");
    expect(isDataPath(loaderDataPath("/", "root"))).toBe(true);
    expect(isDataPath("/clients?x=.data")).toBe(false);
  });

  it("post to <path>.data, with ?index for an index route's action", () => {
    expect(actionDataPath("/clients/usr_1", "routes/clients.$userId")).toBe("/clients/usr_1.data");
    expect(actionDataPath("/admin/abc", "routes/admin.$companyHash._index")).toBe("/admin/abc.data?index");
    expect(actionDataPath("/clients?index", "routes/clients._index")).toBe("/clients.data?index");
    expect(actionDataPath("/", "routes/_index")).toBe("/_root.data?index");
    expect(actionDataPath("/messages?q=a", "routes/messages.($conversationId)")).toBe("/messages.data?q=a");
  });
});

describe("single-fetch answers", () => {
  it("give a loader's data by route id, or the body of the Response it threw", async () => {
    const path = loaderDataPath("/clients", "routes/clients._index");
    const page = await encoded({ root: { data: { user: "x" } }, "routes/clients._index": { data: { total: 2, at: new Date(0) } } });
    expect(await decodeSingleFetch(path, "GET", 200, page)).toEqual({ status: 200, location: null, body: { total: 2, at: new Date(0) } });
    const thrown = await encoded({ "routes/clients._index": { error: new UNSAFE_ErrorResponseImpl(404, "Not Found", { message: "Not found" }) } });
    expect(await decodeSingleFetch(path, "GET", 404, thrown)).toEqual({ status: 404, location: null, body: { message: "Not found" } });
    await expect(decodeSingleFetch(path, "GET", 200, await encoded({ root: { data: {} } }))).rejects.toThrow(/routes\/clients._index/);
    // A navigation's load: every route's result by id.
    expect((await decodeSingleFetch("/clients.data", "GET", 200, page)).body).toEqual({
      root: { data: { user: "x" } },
      "routes/clients._index": { data: { total: 2, at: new Date(0) } },
    });
  });

  it("give a redirect's own status and location", async () => {
    const redirect = { redirect: "/signin", status: 302, revalidate: false, reload: false, replace: false };
    const load = await encoded({ [UNSAFE_SingleFetchRedirectSymbol]: redirect });
    expect(await decodeSingleFetch(loaderDataPath("/clients", "routes/clients._index"), "GET", 202, load)).toEqual({
      status: 302,
      location: "/signin",
      body: undefined,
    });
    expect(await decodeSingleFetch("/clients.data?index", "POST", 202, await encoded(redirect))).toEqual({ status: 302, location: "/signin", body: undefined });
  });

  it("give an action's data, the body of a thrown Response, or an error's message", async () => {
    expect(await decodeSingleFetch("/clients.data?index", "POST", 422, await encoded({ data: { errors: { email: "Taken" } } }))).toEqual({
      status: 422,
      location: null,
      body: { errors: { email: "Taken" } },
    });
    const thrown = await encoded({ error: new UNSAFE_ErrorResponseImpl(403, "Forbidden", "No") });
    expect((await decodeSingleFetch("/clients.data?index", "POST", 403, thrown)).body).toBe("No");
    const failed = await encoded({ error: new Error("secret detail") });
    expect((await decodeSingleFetch("/clients.data?index", "POST", 500, failed)).body).toEqual({ message: "Unexpected Server Error" });
  });
});
