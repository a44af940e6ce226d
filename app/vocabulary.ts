/**
 * A firm's vocabulary: its own words for product terms ("Questionnaire" → "Organizer").
 * Every screen passes user-facing product words through `t()` (or <Vocab>), which replaces
 * whole words only, singular and plural, keeping the case of the original:
 *
 *   const t = createVocabulary([{ keyWord: "Questionnaire", replacement: "Organizer" }]);
 *   t("Your questionnaires")  // "Your organizers"
 *   t("QUESTIONNAIRE")        // "ORGANIZER"
 *
 * Longer keys win over shorter ones ("Tax Return" before "Return"), and each piece of text is
 * replaced once, so one entry's replacement is never replaced again by another entry.
 */
import { createContext, createElement, Fragment, useContext, useMemo, type ReactNode } from "react";

export interface VocabularyEntry {
  keyWord: string;
  replacement: string;
}

export type Translate = (text: string) => string;

/** English plural of a word or phrase (its last word): organizer → organizers, entity → entities. */
export function pluralize(phrase: string): string {
  const match = /^(.*?)([\p{L}\p{N}]+)$/u.exec(phrase);
  if (!match) return phrase;
  const [, head, word] = match;
  const upper = word === word.toUpperCase() && /\p{Lu}/u.test(word) && word.length > 1;
  const suffix = (s: string) => (upper ? s.toUpperCase() : s);
  let plural: string;
  if (/[^aeiou]y$/i.test(word)) plural = word.slice(0, -1) + suffix("ies");
  else if (/(s|x|z|ch|sh)$/i.test(word)) plural = word + suffix("es");
  else plural = word + suffix("s");
  return head + plural;
}

type CaseStyle = "upper" | "title" | "sentence" | "lower" | "mixed";

function caseOf(text: string): CaseStyle {
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (!letters) return "mixed";
  const hasUpper = /\p{Lu}/u.test(letters);
  const hasLower = /\p{Ll}/u.test(letters);
  if (hasUpper && !hasLower) return letters.length > 1 ? "upper" : "sentence";
  if (!hasUpper) return "lower";
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const capitalised = (w: string) => /^\P{L}*\p{Lu}[^\p{Lu}]*$/u.test(w);
  if (words.length > 1 && words.every(capitalised)) return "title";
  if (capitalised(words[0]) && words.slice(1).every((w) => !/\p{Lu}/u.test(w))) return "sentence";
  return "mixed";
}

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** Keeps acronyms such as "IRS" when lower-casing a replacement. */
const lowerWord = (word: string) => (word.length > 1 && word === word.toUpperCase() && /\p{Lu}/u.test(word) ? word : word.toLowerCase());

/** The replacement written in the case of the text it replaces. */
function applyCase(replacement: string, matched: string): string {
  switch (caseOf(matched)) {
    case "upper":
      return replacement.toUpperCase();
    case "lower":
      return replacement.replace(/\S+/g, lowerWord);
    case "title":
      return replacement.replace(/\S+/g, upperFirst);
    case "sentence":
      return upperFirst(replacement);
    default:
      return replacement;
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Any run of whitespace in a key matches any run of whitespace in the text. */
const keyPattern = (key: string) => key.trim().split(/\s+/).map(escape).join("\\s+");
const normalise = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

const identity: Translate = (text) => text;

export function createVocabulary(entries: readonly VocabularyEntry[] | null | undefined): Translate {
  const forms = new Map<string, { replacement: string; plural: boolean }>();
  for (const entry of entries ?? []) {
    const key = entry.keyWord?.trim();
    const replacement = entry.replacement?.trim();
    if (!key || !replacement || normalise(key) === normalise(replacement)) continue;
    // Earlier entries win if two share a key; the plural never overrides a singular key.
    const singular = normalise(key);
    if (!forms.has(singular) || forms.get(singular)!.plural) forms.set(singular, { replacement, plural: false });
    const plural = normalise(pluralize(key));
    if (!forms.has(plural)) forms.set(plural, { replacement, plural: true });
  }
  if (forms.size === 0) return identity;

  const alternatives = [...forms.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b)).map(keyPattern);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "giu");

  return (text) => {
    if (!text) return text;
    return text.replace(pattern, (matched) => {
      const form = forms.get(normalise(matched));
      if (!form) return matched;
      const word = form.plural ? pluralize(form.replacement) : form.replacement;
      return applyCase(word, matched);
    });
  };
}

const VocabularyContext = createContext<Translate>(identity);

/**
 * Translators made from the same entries are the same function: kept by their entries' content (a
 * page render makes its provider anew, on the server for every request). Bounded.
 */
const madeVocabularies = new Map<string, Translate>();

function vocabularyOf(key: string, entries: readonly VocabularyEntry[] | null | undefined): Translate {
  let t = madeVocabularies.get(key);
  if (!t) {
    if (madeVocabularies.size >= 500) madeVocabularies.clear();
    t = createVocabulary(entries);
    madeVocabularies.set(key, t);
  }
  return t;
}

/** Provides the firm's vocabulary to everything below (root wraps the whole app). */
export function VocabularyProvider({ entries, children }: { entries: readonly VocabularyEntry[] | null | undefined; children: ReactNode }) {
  const key = JSON.stringify((entries ?? []).map((e) => [e.keyWord, e.replacement]));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => vocabularyOf(key, entries), [key]);
  return createElement(VocabularyContext.Provider, { value: t }, children);
}

/** `t(text)` for the current firm; without a provider it returns the text unchanged. */
export function useVocabulary(): Translate {
  return useContext(VocabularyContext);
}

/** `<Vocab>Send questionnaire</Vocab>` renders the text in the firm's vocabulary. */
export function Vocab({ children }: { children: string }) {
  const t = useVocabulary();
  return createElement(Fragment, null, t(children));
}

const translators = new WeakMap<readonly VocabularyEntry[], Translate>();

/**
 * `t(text)` for a firm outside React (emails, texts, the activity log): the firm's settings carry
 * its vocabulary, kept in the firm cache, so the translator is built once per cache entry.
 */
export function firmVocabulary(firm: { vocabulary?: readonly VocabularyEntry[] | null }): Translate {
  const entries = firm.vocabulary;
  if (!entries?.length) return identity;
  let t = translators.get(entries);
  if (!t) {
    t = createVocabulary(entries);
    translators.set(entries, t);
  }
  return t;
}
