/**
 * A small in-process cache with time-to-live and explicit invalidation.
 * The firm cache uses it so a request needs no database round trip for the firm's settings;
 * entries are dropped at once when PostgreSQL reports a change (LISTEN firm_changed), and
 * expire anyway after `ttlMs` in case a notification was missed (e.g. during a reconnect).
 */
export class TtlCache<K, V> {
  private entries = new Map<K, { value: V; expiresAt: number }>();
  private pending = new Map<K, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined || this.entries.has(key);
  }

  set(key: K, value: V, ttlMs = this.ttlMs) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  /** Returns the cached value or loads it once, however many callers ask at the same time. */
  async getOrLoad(key: K, load: () => Promise<V>, ttlFor?: (value: V) => number): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        // A change notified while loading makes this value stale: don't keep it.
        if (generation === this.generation) this.set(key, value, ttlFor ? ttlFor(value) : this.ttlMs);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  delete(key: K) {
    this.generation++;
    this.entries.delete(key);
  }

  deleteWhere(predicate: (key: K, value: V) => boolean) {
    this.generation++;
    for (const [key, entry] of this.entries) if (predicate(key, entry.value)) this.entries.delete(key);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
