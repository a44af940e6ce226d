/**
 * Telling the other windows of this site that the user signed out (client spec §2: "A sign-out in
 * another window shows a non-auto-closing info toast; flag cleared after 10 s"). BroadcastChannel
 * where the browser has it, and a localStorage flag (whose `storage` event reaches the other
 * windows) as the fallback; the flag is removed after 10 s.
 */
export const SIGN_OUT_CHANNEL = "portal-auth";
export const SIGN_OUT_FLAG = "portal:signed-out";
export const SIGN_OUT_FLAG_MS = 10_000;
export const SIGNED_OUT_ELSEWHERE = "You signed out in another window. Sign in again to continue.";

/** This window's id: BroadcastChannel also reaches other channel objects in the same window. */
const windowId = Math.random().toString(36).slice(2);

export function announceSignOut(): void {
  if (typeof window === "undefined") return;
  try {
    if ("BroadcastChannel" in window) {
      const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
      channel.postMessage({ type: "signed-out", from: windowId, at: Date.now() });
      channel.close();
    }
  } catch {
    // Fall back to the flag alone.
  }
  try {
    window.localStorage.setItem(SIGN_OUT_FLAG, String(Date.now()));
    window.setTimeout(() => {
      try {
        window.localStorage.removeItem(SIGN_OUT_FLAG);
      } catch {
        // Storage unavailable (private mode): nothing to clear.
      }
    }, SIGN_OUT_FLAG_MS);
  } catch {
    // Storage unavailable: BroadcastChannel did the job, or nothing can.
  }
}

/** Calls `onSignedOut` when another window announces a sign-out. Returns a function that stops listening. */
export function listenForSignOut(onSignedOut: () => void): () => void {
  const stops: (() => void)[] = [];
  try {
    if ("BroadcastChannel" in window) {
      const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
      channel.onmessage = (event: MessageEvent) => {
        const message = event.data as { type?: string; from?: string } | null;
        if (message?.type === "signed-out" && message.from !== windowId) onSignedOut();
      };
      stops.push(() => channel.close());
    }
  } catch {
    // No BroadcastChannel: the storage event below still works.
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGN_OUT_FLAG && event.newValue) onSignedOut();
  };
  window.addEventListener("storage", onStorage);
  stops.push(() => window.removeEventListener("storage", onStorage));
  return () => stops.forEach((stop) => stop());
}
