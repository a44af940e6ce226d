import type Twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { env } from "~/env.server";
import { PROVIDER_TIMEOUT_MS, isRetryableStatus, type DeliveryResult } from "./delivery";
import { errorText } from "./rules";

export interface SmsToDeliver {
  outboundMessageId: string;
  /** E.164. */
  to: string;
  body: string;
}

export interface SmsProvider {
  readonly name: string;
  send(sms: SmsToDeliver): Promise<DeliveryResult>;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Send the SDK's requests here instead of https://api.twilio.com (a local fake in tests). */
  baseUrl?: string;
}

let configured: { key: string; provider: SmsProvider } | undefined;

/** The configured SMS provider (Twilio), or null when none is (the message then stays in the outbox). */
export function configuredSmsProvider(): SmsProvider | null {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER, TWILIO_BASE_URL } = env();
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM_NUMBER) return null;
  const config: TwilioConfig = { accountSid: TWILIO_ACCOUNT_SID, authToken: TWILIO_AUTH_TOKEN, fromNumber: TWILIO_FROM_NUMBER, baseUrl: TWILIO_BASE_URL };
  // One client per configuration, so its HTTP agent keeps connections alive between messages.
  const key = JSON.stringify(config);
  if (configured?.key !== key) configured = { key, provider: twilioProvider(config) };
  return configured.provider;
}

type TwilioModule = typeof Twilio;
type TwilioClient = ReturnType<TwilioModule>;

// Loaded on first use: the SDK is large, and most development runs never send a real SMS.
let twilioModule: Promise<TwilioModule> | undefined;
function loadTwilio(): Promise<TwilioModule> {
  twilioModule ??= import("twilio").then((m) => ((m as { default?: TwilioModule }).default ?? m) as TwilioModule);
  return twilioModule;
}

/**
 * The SDK's HTTP client, sending every request to `baseUrl` (same path and query) instead of
 * Twilio's hosts. The SDK's region and edge settings can only pick other twilio.com hosts.
 */
function baseUrlRequestClient(twilio: TwilioModule, baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, "");
  class BaseUrlRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const original = new URL(opts.uri);
      return super.request<TData>({ ...opts, uri: `${base}${original.pathname}${original.search}` });
    }
  }
  return new BaseUrlRequestClient({ timeout: PROVIDER_TIMEOUT_MS });
}

export function twilioProvider(config: TwilioConfig): SmsProvider {
  let client: Promise<TwilioClient> | undefined;
  const getClient = () =>
    (client ??= loadTwilio().then((twilio) =>
      twilio(config.accountSid, config.authToken, {
        httpClient: config.baseUrl ? baseUrlRequestClient(twilio, config.baseUrl) : new twilio.RequestClient({ timeout: PROVIDER_TIMEOUT_MS }),
      }),
    ));
  return {
    name: "twilio",
    async send(sms) {
      try {
        const message = await (await getClient()).messages.create({ to: sms.to, from: config.fromNumber, body: sms.body });
        return { ok: true, providerMessageId: message.sid };
      } catch (error) {
        // RestException carries the HTTP status and Twilio's error code; network errors carry neither.
        const { status, code } = (error ?? {}) as { status?: number; code?: number | string };
        const prefix = typeof status === "number" ? `Twilio ${status}${typeof code === "number" ? ` (${code})` : ""}` : "Twilio network";
        return { ok: false, error: `${prefix}: ${errorText(error)}`, retryable: isRetryableStatus(typeof status === "number" ? status : null) };
      }
    },
  };
}
