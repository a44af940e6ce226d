/** What a provider reports for one message; providers never throw for a failed delivery. */
export type DeliveryResult =
  | { ok: true; providerMessageId: string }
  | {
      ok: false;
      /** Safe to store and show to staff: the provider's message, never the message body. */
      error: string;
      /** Worth another try later (network error, rate limit, provider outage). */
      retryable: boolean;
    };

/** Network failures, rate limits and provider errors (5xx) may pass; anything else won't. */
export function isRetryableStatus(status: number | null | undefined): boolean {
  return status == null || status === 408 || status === 429 || status >= 500;
}

/** How long a provider call may take before it counts as a (retryable) failure. */
export const PROVIDER_TIMEOUT_MS = 15_000;
