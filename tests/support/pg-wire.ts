import pg from "pg";

/**
 * What one `client.query` call sends, as text: a transaction's opening that travels with the
 * statement (app/db-pipeline.server.ts) comes first, its statements and the statement's own
 * joined by "; ", as one round trip.
 */
export function sentText(config: unknown): string {
  if (typeof config === "string") return config;
  const query = config as { text?: unknown; opening?: { steps: readonly { text: string }[] } } | null;
  const own = typeof query?.text === "string" ? query.text : "";
  return query?.opening ? [...query.opening.steps.map((step) => step.text), own].join("; ") : own;
}

/** The statements the app's pg clients send while `run` runs (one entry per round trip, spaces collapsed). */
export async function statementsSent<T>(run: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const original = pg.Client.prototype.query;
  const texts: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
    texts.push(sentText(params[0]).replace(/\s+/g, " ").trim());
    return (original as (...a: unknown[]) => unknown).apply(this, params);
  } as typeof original;
  try {
    return { result: await run(), texts };
  } finally {
    pg.Client.prototype.query = original;
  }
}
