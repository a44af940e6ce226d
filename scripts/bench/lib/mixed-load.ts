/**
 * The load generator of `tenant-page.ts --mixed`, in its own process so that its CPU is not the
 * app's: autocannon with a cycle of requests per connection; the result as JSON on stdout, with
 * percentiles computed from every response's time.
 *
 *   npx tsx scripts/bench/lib/mixed-load.ts '<json: { url, connections, seconds, requests }>'
 */
import autocannon from "autocannon";

interface Target {
  cookie: string;
  hash: string;
  questionnaire: string;
  question: string;
}

interface Options {
  url: string;
  connections: number;
  seconds: number;
  /** Paths, headers and bodies may hold {cookie}, {hash}, {questionnaire} and {question}: the cycle's client's. */
  requests: autocannon.Request[];
  targets: Target[];
}

const options = JSON.parse(process.argv[2] ?? "{}") as Options;
// Each connection is one client's, in turn (200 connections, 200 clients: one each): its own
// copy of the requests, filled in with that client's session and questionnaire.
let next = 0;
const fill = (text: string, t: Target) => text.replace(/\{(cookie|hash|questionnaire|question)\}/g, (_m, key: keyof Target) => t[key]);
const requestsOf = (t: Target): autocannon.Request[] =>
  options.requests.map((request) => ({
    ...request,
    path: fill(request.path ?? "/", t),
    headers: Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k, fill(String(v), t)])),
    ...(typeof request.body === "string" ? { body: fill(request.body, t) } : {}),
  }));
const times: number[] = [];
const cpuAtStart = process.cpuUsage();
/** Each connection sends the requests in turn: the nth answer on a connection is to request n mod length. */
const answered = new Map<unknown, number>();
const byRequest: number[][] = options.requests.map(() => []);
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.seconds,
      requests: requestsOf(options.targets[0]!),
      setupClient: (client) => client.setRequests(requestsOf(options.targets[next++ % options.targets.length]!)),
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  instance.on("response", (client, _status, _bytes, responseTime) => {
    times.push(responseTime);
    const n = answered.get(client) ?? 0;
    answered.set(client, n + 1);
    byRequest[n % byRequest.length]!.push(responseTime);
  });
});
const percentile = (sorted: number[], p: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
times.sort((a, b) => a - b);
const at = (p: number) => percentile(times, p);
const perRequest = byRequest.map((list, i) => {
  list.sort((a, b) => a - b);
  return { path: options.requests[i]!.path, method: options.requests[i]!.method, count: list.length, p50: percentile(list, 50), p95: percentile(list, 95) };
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: times.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: at(100),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    perRequest,
    // This process's own CPU over the run (it shares the machine with the servers it loads).
    cpuMs: (() => {
      const used = process.cpuUsage(cpuAtStart);
      return (used.user + used.system) / 1000;
    })(),
  }),
);
