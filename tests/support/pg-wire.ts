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
