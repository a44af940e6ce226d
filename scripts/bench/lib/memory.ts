/**
 * The memory benchmarks' sampler (return-memory, export-zip, documents): this process's RSS,
 * heap and buffers, idle after a collection (run with `npx tsx --expose-gc` for a steady idle
 * level), and at their peak while `run` works, sampled every few milliseconds; with the run's time
 * and CPU.
 *
 *   const { result, idle, peak, ms, cpuMs } = await measureMemory(() => work());
 *   console.log(`RSS +${mib(peak.rss - idle.rss)}`);
 */
import { performance } from "node:perf_hooks";

export const MB = 1024 * 1024;

export interface MemoryReading {
  rss: number;
  heap: number;
  /** Off-heap memory: external plus array buffers. */
  external: number;
}

export function memory(): MemoryReading {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers };
}

/** Runs a garbage collection when the process was started with --expose-gc. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export function gcAvailable(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === "function";
}

export const mib = (bytes: number) => `${(bytes / MB).toFixed(1)} MiB`;

export interface MemoryRun<T> {
  result: T;
  ms: number;
  cpuMs: number;
  idle: MemoryReading;
  peak: MemoryReading;
  after: MemoryReading;
}

export async function measureMemory<T>(run: () => Promise<T>, options: { sampleMs?: number; settleMs?: number } = {}): Promise<MemoryRun<T>> {
  collectGarbage();
  await new Promise((r) => setTimeout(r, options.settleMs ?? 200));
  collectGarbage();
  const idle = memory();
  const peak = { ...idle };
  const sample = () => {
    const m = memory();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heap);
    peak.external = Math.max(peak.external, m.external);
    return m;
  };
  const sampler = setInterval(sample, options.sampleMs ?? 20);
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const result = await run();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { result, ms, cpuMs: (used.user + used.system) / 1000, idle, peak, after: sample() };
  } finally {
    clearInterval(sampler);
  }
}
