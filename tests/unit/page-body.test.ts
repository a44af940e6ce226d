/**
 * A page's body as React writes it (app/page-body.server.ts): the chunks of one burst go out as
 * one, a later burst as another; the end closes the body; a reader going away says so (React must
 * stop) and later writes are dropped; a failed render fails the body.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { pageBody } from "../../app/page-body.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk);

describe("pageBody", () => {
  it("sends each burst of writes as one chunk, and closes after the end", async () => {
    const closed: boolean[] = [];
    const { body, destination } = pageBody((cancelled) => closed.push(cancelled));
    const reader = body.getReader();
    destination.write(bytes("<html>"));
    destination.write(bytes("<head>"));
    destination.write("<body>" as never);
    expect(text((await reader.read()).value!)).toBe("<html><head><body>");
    // Asked again: the next burst's chunk, once it is written.
    const next = reader.read();
    await nextTurn();
    destination.write(bytes("<p>later</p>"));
    destination.end();
    expect(text((await next).value!)).toBe("<p>later</p>");
    expect((await reader.read()).done).toBe(true);
    expect(closed).toEqual([false]);
  });

  it("joins a burst's chunks in order", async () => {
    const { body, destination } = pageBody(() => {});
    for (const part of ["a", "b", "c"]) destination.write(bytes(part));
    destination.end();
    const reader = body.getReader();
    const chunks: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(text(read.value));
    expect(chunks).toEqual(["abc"]);
  });

  it("says when the reader went away, and drops what is written after", async () => {
    const closed: boolean[] = [];
    const { body, destination } = pageBody((cancelled) => closed.push(cancelled));
    destination.write(bytes("<html>"));
    await body.cancel();
    expect(closed).toEqual([true]);
    expect(destination.write(bytes("more"))).toBe(true);
    destination.end();
    await nextTurn();
    expect(closed).toEqual([true]);
  });

  it("fails the body when the render fails", async () => {
    const closed: boolean[] = [];
    const { body, destination } = pageBody((cancelled) => closed.push(cancelled));
    const reader = body.getReader();
    (destination as unknown as { destroy(error: Error): void }).destroy(new Error("render failed"));
    await expect(reader.read()).rejects.toThrow("render failed");
    expect(closed).toEqual([false]);
  });
});
