/**
 * In-process signal that a firm's settings changed, so this server drops its cached copy at
 * once (other servers hear it through PostgreSQL NOTIFY, which also reaches this one a moment
 * later). Routes that change a firm call `firmChanged` after their write commits.
 */
type Listener = (firmId: string) => void;
const listeners = new Set<Listener>();

export function onFirmChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function firmChanged(firmId: string) {
  for (const listener of listeners) listener(firmId);
}
