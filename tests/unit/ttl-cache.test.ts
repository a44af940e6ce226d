import { describe, expect, it } from "vitest";
import { TtlCache } from "~/lib/ttl-cache";

describe("TtlCache", () => {
  it("expires entries", () => {
    let now = 0;
    const cache = new TtlCache<string, number>(100, () => now);
    cache.set("a", 1);
    expect(cache.get("a")).toBe(1);
    now = 101;
    expect(cache.get("a")).toBeUndefined();
  });
  it("loads once for concurrent callers", async () => {
    const cache = new TtlCache<string, number>(1000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return 42;
    };
    const values = await Promise.all([cache.getOrLoad("k", load), cache.getOrLoad("k", load), cache.getOrLoad("k", load)]);
    expect(values).toEqual([42, 42, 42]);
    expect(loads).toBe(1);
    await cache.getOrLoad("k", load);
    expect(loads).toBe(1);
  });
  it("does not keep a value that was invalidated while it loaded", async () => {
    const cache = new TtlCache<string, string>(1000);
    let release!: () => void;
    const pending = cache.getOrLoad("k", () => new Promise<string>((r) => (release = () => r("stale"))));
    cache.delete("k");
    release();
    expect(await pending).toBe("stale");
    expect(cache.get("k")).toBeUndefined();
  });
});
