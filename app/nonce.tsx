import { createContext, useContext, type ReactNode } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (server.ts makes one
 * per request; entry.server provides it). Every inline <script> the app renders must carry it:
 * root.tsx passes it to <Scripts> and <ScrollRestoration>. In the browser it is empty: scripts
 * rendered after hydration are not inline.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
