/**
 * Stripe Connect in the fake: accounts (created, retrieved) and account links, whose page a
 * person clicks to finish onboarding; then `account.updated` is sent from that account.
 */
import { fakePage, html } from "./page";
import { param } from "./form";
import type { StripeFake } from "./types";

export function account(fake: StripeFake, id: string): Record<string, unknown> {
  const known = fake.objects.get(id);
  if (known) return known;
  // An account the fake did not create (a demo firm's, or one kept across a restart): onboarded.
  return {
    id,
    object: "account",
    type: "standard",
    country: "US",
    default_currency: "usd",
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    business_profile: { name: null },
    requirements: { currently_due: [], disabled_reason: null },
    created: Math.floor(Date.now() / 1000),
  };
}

export function registerConnect(fake: StripeFake) {
  fake.route("POST", "/v1/accounts", ({ body }) => {
    const id = fake.newId("acct");
    const created = {
      ...account(fake, id),
      type: param(body, "type") ?? "standard",
      email: param(body, "email") ?? null,
      business_profile: { name: param(body, "business_profile", "name") ?? null },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: { currently_due: ["external_account"], disabled_reason: "requirements.past_due" },
      metadata: (body.metadata as Record<string, string>) ?? {},
    };
    fake.objects.set(id, created);
    return { json: created };
  });

  fake.route("GET", "/v1/accounts/:id", ({ params }) => ({ json: account(fake, params.id!) }));

  fake.route("POST", "/v1/account_links", ({ body }) => {
    const id = param(body, "account");
    if (!id) return { status: 400, json: { error: { type: "invalid_request_error", message: "Missing required param: account." } } };
    const query = new URLSearchParams({ return_url: param(body, "return_url") ?? "", refresh_url: param(body, "refresh_url") ?? "" });
    return {
      json: {
        object: "account_link",
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `${fake.url}/connect/onboarding/${id}?${query}`,
      },
    };
  });

  fake.page("/connect/onboarding/:id", ({ params, query }) => {
    const a = account(fake, params.id!);
    const name = (a.business_profile as { name: string | null }).name ?? "your business";
    return {
      html: fakePage(
        "Connect with Stripe",
        `<h1>Connect ${html(name)} to Stripe</h1><p>Account <code>${html(params.id!)}</code>.</p>
<form method="post" action="/connect/onboarding/${html(params.id!)}/complete?${html(query.toString())}"><button type="submit">Complete onboarding</button></form>
<a class="button secondary" href="${html(query.get("refresh_url") || "/")}">Not now</a>`,
      ),
    };
  });

  fake.route("POST", "/connect/onboarding/:id/complete", async ({ params, query }) => {
    const updated = {
      ...account(fake, params.id!),
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], disabled_reason: null },
    };
    fake.objects.set(params.id!, updated);
    await fake.send(params.id!, "account.updated", updated);
    return { redirect: query.get("return_url") || "/" };
  });
}
