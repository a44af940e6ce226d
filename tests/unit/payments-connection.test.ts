import { describe, expect, it } from "vitest";
import { CONNECTION_LABELS, CONNECTION_MESSAGES, connectionActionSchema, connectionStatus } from "~/payments/connection";

describe("the firm's Stripe connection status", () => {
  it("is read from the account: none, charges disabled, charges enabled; off when the portal takes no payments", () => {
    expect(connectionStatus(null, "fake")).toBe("not_connected");
    expect(connectionStatus({ charges_enabled: false, details_submitted: true }, "stripe")).toBe("incomplete");
    expect(connectionStatus({ charges_enabled: true }, "fake")).toBe("connected");
    expect(connectionStatus({ charges_enabled: true }, "off")).toBe("off");
    expect(CONNECTION_LABELS.connected).toBe("Connected (charges enabled)");
    expect(CONNECTION_LABELS.off).toBe("Online payments are not configured on this portal.");
  });

  it("accepts only connect or disconnect", () => {
    expect(connectionActionSchema.safeParse({ intent: "connect" }).success).toBe(true);
    const bad = connectionActionSchema.safeParse({ intent: "delete" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(CONNECTION_MESSAGES.invalidIntent);
  });
});
