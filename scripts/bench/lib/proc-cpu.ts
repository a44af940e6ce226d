/**
 * CPU time of other processes, for the benchmarks: user and system milliseconds from Linux's
 * /proc/<pid>/stat (clock ticks of 10 ms), of one process or of it and its live children (the
 * PostgreSQL server and its backends). Elsewhere, zeros.
 *
 *   const before = processTreeCpuMs(pid, true); … ; const after = processTreeCpuMs(pid, true);
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

export interface CpuReading {
  user: number;
  system: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** [ppid, utime, stime] of a process, or null once it is gone. */
function stat(pid: number): [number, number, number] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: the fields after it start at the last ')'.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return [Number(fields[1]), Number(fields[11]), Number(fields[12])];
  } catch {
    return null;
  }
}

export function processTreeCpuMs(pid: number, withChildren: boolean): CpuReading {
  const pids = [pid];
  if (withChildren) {
    let entries: string[] = [];
    try {
      entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    } catch {
      return { user: 0, system: 0 };
    }
    for (const name of entries) if (stat(Number(name))?.[0] === pid) pids.push(Number(name));
  }
  let user = 0;
  let system = 0;
  for (const p of pids) {
    const s = stat(p);
    if (s) {
      user += s[1] * TICK_MS;
      system += s[2] * TICK_MS;
    }
  }
  return { user, system };
}

/**
 * How many established TCP connections to local `port` each of `pids` holds (Linux: its socket
 * descriptors matched with /proc/net/tcp and tcp6). Elsewhere, zeros.
 */
export function connectionsHeld(pids: number[], port: number): number[] {
  const established = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address (hex ip:port), state 01 = ESTABLISHED, inode in field 9
      if (fields.length > 9 && fields[3] === "01" && parseInt(fields[1]!.split(":")[1]!, 16) === port) established.add(fields[9]!);
    }
  }
  return pids.map((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
          return target.startsWith("socket:[") && established.has(target.slice(8, -1));
        } catch {
          return false;
        }
      }).length;
    } catch {
      return 0;
    }
  });
}
