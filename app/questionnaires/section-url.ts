/**
 * The questionnaire page's open section lives in the URL (`?sectionId=`, client spec §2), so Back
 * and Forward move between sections and a section can be linked and reloaded. Moving between
 * sections changes nothing on the server, so it does not load the questionnaire again: the page
 * already holds it (and, in an advisor's preview, the mock answers that a reload would wipe).
 */
import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

export const SECTION_PARAM = "sectionId";

/** The search of the same page with another section open (every other parameter kept). */
export function searchWithSection(search: URLSearchParams, sectionId: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(SECTION_PARAM, sectionId);
  return next;
}

/** The move from `current` to `next` opens another section of the same questionnaire and changes nothing else. */
export function onlySectionChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  if (current.searchParams.get(SECTION_PARAM) === next.searchParams.get(SECTION_PARAM)) return false;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete(SECTION_PARAM);
    params.sort();
    return params.toString();
  };
  return rest(current) === rest(next);
}

/** A questionnaire route's shouldRevalidate: no reload for a move between sections; otherwise Remix's default. */
export function revalidateUnlessSectionMove({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && onlySectionChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
