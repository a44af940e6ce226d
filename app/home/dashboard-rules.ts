/**
 * Client dashboard rules (spec §2): the entity selector shows only with more than one entity,
 * lists 5 with 'Show All', and offers a filter above 5; a questionnaire card shows 3 sections
 * until expanded, and the expanded cards are remembered in a cookie for a year.
 */
import { cookieValue } from "~/cookie-header";
export const ENTITY_LIST_LIMIT = 5;
export const CARD_SECTION_LIMIT = 3;
export const EXPANDED_CARDS_COOKIE = "dashboard_expanded";
export const COOKIE_MAX_AGE = 31_536_000;

export function showEntitySelector(entityCount: number) {
  return entityCount > 1;
}

export function showEntityFilter(entityCount: number) {
  return entityCount > ENTITY_LIST_LIMIT;
}

/** The entities to list: filtered by name (case-insensitive), then 5 unless showing all. */
export function visibleEntities<T extends { name: string }>(entities: T[], filter: string, showAll: boolean): T[] {
  const term = filter.trim().toLowerCase();
  const matching = term ? entities.filter((e) => e.name.toLowerCase().includes(term)) : entities;
  return showAll || term ? matching : matching.slice(0, ENTITY_LIST_LIMIT);
}

/** The expanded card ids from the cookie header (ids are opaque; at most 200 kept). */
export function readExpandedCards(cookieHeader: string | null): Set<string> {
  const raw = cookieValue(cookieHeader, EXPANDED_CARDS_COOKIE);
  if (raw === null) return new Set();
  const value = decodeURIComponent(raw);
  return new Set(
    value
      .split(",")
      .filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))
      .slice(0, 200),
  );
}

export function writeExpandedCards(ids: Set<string>): string {
  const value = [...ids].slice(-200).join(",");
  return `${EXPANDED_CARDS_COOKIE}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}
