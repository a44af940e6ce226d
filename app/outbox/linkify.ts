/** A message body cut into plain text and http(s) links, so a page can make the links clickable. */
export type BodyPart = { text: string; href?: undefined } | { text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
// Punctuation that ends a sentence rather than the link ("Sign in at https://x.test/a.").
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function linkify(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const href = match[0].replace(TRAILING, "");
    if (!href.match(/^https?:\/\/[^/?#]+/)) continue;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
