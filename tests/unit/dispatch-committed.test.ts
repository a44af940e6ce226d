/**
 * Committed messages handed to delivery (app/outbox/dispatch.server.ts `dispatchCommitted`): each in
 * turn with the firm's id and name; one that fails is left for the outbox sweep with a warning
 * under the caller's label, and the others still go.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboundMessage } from "~/generated/prisma/client";

const delivered: { firm: unknown; id: string }[] = [];

vi.mock("~/outbox/outbox.server", () => ({
  providerConfigured: () => false,
  outcomeOf: (m: OutboundMessage) => ({ id: m.id }),
  deliverNow: async (scope: { firm: unknown }, message: OutboundMessage) => {
    if (message.id === "broken") throw new Error("provider down");
    delivered.push({ firm: scope.firm, id: message.id });
    return { id: message.id };
  },
}));

const { dispatchCommitted } = await import("~/outbox/dispatch.server");

afterEach(() => {
  delivered.length = 0;
  vi.restoreAllMocks();
});

describe("dispatchCommitted", () => {
  it("dispatches every message with the firm's id and name, leaving a failed one for the sweep with a warning under the label", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const scope = { firm: { id: "firm_acme", name: "Acme", origin: "https://acme.example" }, db: {} as never };
    const messages = [{ id: "one" }, { id: "broken" }, { id: "two" }] as OutboundMessage[];
    await dispatchCommitted(scope, messages, "tax-return-reminders");
    expect(delivered).toEqual([
      { firm: { id: "firm_acme", name: "Acme" }, id: "one" },
      { firm: { id: "firm_acme", name: "Acme" }, id: "two" },
    ]);
    expect(warn).toHaveBeenCalledExactlyOnceWith("[tax-return-reminders] message broken left for the outbox sweep: provider down");
  });
});
