/**
 * Page titles in the firm's words: a route's `meta` has no React context, so it reads the firm's
 * vocabulary from the root route's data (root.tsx's loader) and translates its own text with it.
 * Names from the data (an entity's, a template's) are joined after translation, never translated.
 */
import { createVocabulary, type VocabularyEntry } from "~/vocabulary";

interface MetaMatch {
  id: string;
  data?: unknown;
}

export function firmTitle(matches: readonly MetaMatch[], text: string): string {
  const root = matches.find((m) => m.id === "root")?.data as { firm?: { vocabulary?: VocabularyEntry[] } | null } | undefined;
  return createVocabulary(root?.firm?.vocabulary ?? [])(text);
}
