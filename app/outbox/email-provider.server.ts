import { Resend } from "resend";
import { env } from "~/env.server";
import { PROVIDER_TIMEOUT_MS, isRetryableStatus, type DeliveryResult } from "./delivery";
import { errorText } from "./rules";

export interface EmailToDeliver {
  /** The OutboundMessage id: the idempotency key, so a retried request is never sent twice. */
  outboundMessageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface EmailProvider {
  readonly name: string;
  send(email: EmailToDeliver): Promise<DeliveryResult>;
}

/**
 * The configured email provider, or null when none is (the message then stays in the outbox).
 * Resend with RESEND_API_KEY; RESEND_BASE_URL points it elsewhere (a local fake in tests).
 */
export function configuredEmailProvider(): EmailProvider | null {
  const { RESEND_API_KEY, RESEND_BASE_URL } = env();
  if (!RESEND_API_KEY) return null;
  return resendProvider({ apiKey: RESEND_API_KEY, baseUrl: RESEND_BASE_URL });
}

export function resendProvider({ apiKey, baseUrl }: { apiKey: string; baseUrl?: string }): EmailProvider {
  // The SDK would also read RESEND_BASE_URL from process.env itself; passing it keeps env() the
  // one source of configuration. Its default is https://api.resend.com.
  const resend = new Resend(apiKey, baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, "") } : undefined);
  return {
    name: "resend",
    async send(email) {
      try {
        const { data, error } = await resend.emails.send(
          {
            from: email.from,
            to: email.to,
            subject: email.subject,
            text: email.text,
            ...(email.html ? { html: email.html } : {}),
          },
          { idempotencyKey: `outbound-message/${email.outboundMessageId}`, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) },
        );
        if (error) {
          const status = error.statusCode ?? null;
          return { ok: false, error: `Resend ${status ?? "network"} ${error.name}: ${errorText(error.message)}`, retryable: isRetryableStatus(status) };
        }
        if (!data?.id) return { ok: false, error: "Resend answered without an email id", retryable: true };
        return { ok: true, providerMessageId: data.id };
      } catch (error) {
        // The SDK reports HTTP failures as `error`; a throw is a timeout or a bug: try again later.
        return { ok: false, error: `Resend: ${errorText(error)}`, retryable: true };
      }
    },
  };
}
