import pg from "pg";
import { readFileSync, readdirSync } from "node:fs";
const port = Number(readFileSync("/tmp/devdata/postgres/postmaster.pid", "utf8").split("\n")[3]);
const pm = Number(readFileSync("/tmp/devdata/postgres/postmaster.pid", "utf8").split("\n")[0]);
function pgCpu(): number {
  let t = 0;
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, "utf8"); const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      if (Number(f[1]) === pm || Number(d) === pm) t += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return t * 10;
}
const self = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const conns = 20, perQuery = Number(process.argv[2] ?? 1), seconds = 5;
const clients = await Promise.all(Array.from({ length: conns }, async () => { const c = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "postgres", database: "portal", pipeline: perQuery > 1 } as any); await c.connect(); return c; }));
let n = 0; const end = Date.now() + seconds * 1000;
const p0 = pgCpu(), s0 = self();
await Promise.all(clients.map(async (c) => { while (Date.now() < end) { await Promise.all(Array.from({ length: perQuery }, (_, i) => c.query({ name: "s" + i, text: "SELECT $1::int AS x", values: [i] }))); n += perQuery; } }));
const p1 = pgCpu(), s1 = self();
console.log(`${perQuery} per write: ${n} queries, PG CPU ${(((p1 - p0) / n) * 1000).toFixed(1)} µs/query, node CPU ${(((s1 - s0) / n) * 1000).toFixed(1)} µs/query, ${(n / seconds).toFixed(0)}/s`);
await Promise.all(clients.map((c) => c.end()));
