/**
 * Stripe Identity in the fake: VerificationSessions on a connected account (created, retrieved,
 * cancelled, redacted) and the page a person clicks instead of showing a photo ID. "Verify"
 * verifies the session; "Needs input" sends it back to requires_input; "Fail" does the same with
 * an error (last_error.code document_unverified_other); "Cancel" cancels it. Each sends its
 * `identity.verification_session.*` webhook from the account after the redirect to `return_url`.
 */
import { fakePage, html } from "./page";
import { param } from "./form";
import type { StripeFake } from "./types";

type Session = Record<string, unknown> & { id: string; account: string | undefined; status: string; return_url: string | null };

const error = (status: number, message: string) => ({ status, json: { error: { type: "invalid_request_error", message } } });

const OUTCOMES = {
  verify: { status: "verified", last_error: null, event: "identity.verification_session.verified" },
  input: { status: "requires_input", last_error: null, event: "identity.verification_session.requires_input" },
  fail: {
    status: "requires_input",
    last_error: { code: "document_unverified_other", reason: "The document was not verified." },
    event: "identity.verification_session.requires_input",
  },
  cancel: { status: "canceled", last_error: null, event: "identity.verification_session.canceled" },
} as const;

export function registerIdentity(fake: StripeFake) {
  const session = (id: string) => fake.objects.get(id) as Session | undefined;
  const owned = (id: string, account: string | undefined) => {
    const s = session(id);
    return s && s.object === "identity.verification_session" && s.account === account ? s : undefined;
  };

  fake.route("POST", "/v1/identity/verification_sessions", ({ body, account }) => {
    const id = fake.newId("vs_test");
    const created: Session = {
      id,
      object: "identity.verification_session",
      account,
      type: param(body, "type") ?? "document",
      status: "requires_input",
      last_error: null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      return_url: param(body, "return_url") ?? null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      client_secret: `${id}_secret_${fake.newId("x")}`,
      url: `${fake.url}/identity/${id}`,
    };
    fake.objects.set(id, created);
    return { json: publicSession(created) };
  });

  fake.route("GET", "/v1/identity/verification_sessions/:id", ({ params, account }) => {
    const s = owned(params.id!, account);
    if (!s) return error(404, `No such verification session: '${params.id}'`);
    return { json: publicSession(s) };
  });

  fake.route("POST", "/v1/identity/verification_sessions/:id/cancel", ({ params, account }) => {
    const s = owned(params.id!, account);
    if (!s) return error(404, `No such verification session: '${params.id}'`);
    if (s.status !== "requires_input") return error(400, `Only VerificationSessions with a status of 'requires_input' can be canceled.`);
    Object.assign(s, { status: "canceled", url: null });
    if (s.account) fake.sendLater(s.account, "identity.verification_session.canceled", publicSession(s), 0);
    return { json: publicSession(s) };
  });

  fake.route("POST", "/v1/identity/verification_sessions/:id/redact", ({ params, account }) => {
    const s = owned(params.id!, account);
    if (!s) return error(404, `No such verification session: '${params.id}'`);
    Object.assign(s, { redaction: { status: "redacted" } });
    return { json: publicSession(s) };
  });

  fake.page("/identity/:id", ({ params }) => {
    const s = session(params.id!);
    if (!s || s.object !== "identity.verification_session")
      return { status: 404, html: fakePage("Identity", "<h1>This verification page was not found.</h1>") };
    const back = s.return_url ? `<a class="button secondary" href="${html(s.return_url)}">Back</a>` : "";
    if (s.status !== "requires_input") return { html: fakePage("Identity", `<h1>This verification is ${html(s.status)}.</h1>${back}`) };
    const button = (outcome: keyof typeof OUTCOMES, label: string, secondary = false) =>
      `<form method="post" action="/identity/${html(s.id)}/${outcome}"><button type="submit"${secondary ? ' class="secondary"' : ""}>${label}</button></form>`;
    return {
      html: fakePage(
        "Verify your identity",
        `<h1>Verify your identity</h1><p>Stripe would ask for a photo ID and a selfie here.</p>
${button("verify", "Verify")}${button("input", "Needs input", true)}${button("fail", "Fail", true)}${button("cancel", "Cancel", true)}`,
      ),
    };
  });

  fake.route("POST", "/identity/:id/:outcome", ({ params }) => {
    const s = session(params.id!);
    const outcome = OUTCOMES[params.outcome as keyof typeof OUTCOMES];
    if (!s || !outcome || s.status !== "requires_input") return { status: 409, html: fakePage("Identity", "<h1>This verification can no longer change.</h1>") };
    Object.assign(s, { status: outcome.status, last_error: outcome.last_error, url: outcome.status === "requires_input" ? s.url : null });
    if (s.account) fake.sendLater(s.account, outcome.event, publicSession(s));
    return { redirect: s.return_url ?? `${fake.url}/identity/${s.id}` };
  });
}

function publicSession(s: Session): Record<string, unknown> {
  const { account: _account, ...rest } = s;
  return rest;
}
