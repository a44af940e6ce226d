/**
 * The staff tables' text search as SQL (Collect, Users, Entities): every condition is a column
 * ILIKE a bound pattern, read from a trigram index under the firm's row-level security (migration
 * staff_search_trigram). `search_text` is a stored column joining a row's searched fields with a
 * unit separator (U+001F), which patterns never contain, so a match never spans two fields:
 * - a client user: full name, preferred name, email, external user ID (and the phone, on its own);
 * - an entity: name, business email, external entity ID; or its primary owner's.
 */
import type { Bind } from "./visibility";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/i;

function alias(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`search: not a table alias: ${name}`);
  return name;
}

/** A contains-pattern for ILIKE: LIKE wildcards escaped, control characters (the field separator) left out. */
export function searchPattern(q: string): string {
  // eslint-disable-next-line no-control-regex
  const text = q.replace(/[\u0000-\u001f\u007f]/g, "");
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Client users (alias) matching the search: their text, or, for a search without letters that
 * has digits ('(503) 555-01'), their phone number by those digits.
 */
export function userSearchSql(users: string, q: string, bind: Bind): string {
  const u = alias(users);
  const text = `${u}.search_text ILIKE ${bind(searchPattern(q))}`;
  const digits = /\p{L}/u.test(q) ? "" : q.replace(/\D/g, "");
  return digits ? `(${text} OR ${u}.phone_number ILIKE ${bind(searchPattern(digits))})` : text;
}

/**
 * The entities matching the search (alias), by their own text or their primary owner's. The
 * owners' ids are read first (an ARRAY subquery, run once), so both halves of the OR are index
 * conditions: the planner reads them as one bitmap instead of filtering every row of the firm.
 */
export function entitySearchSql(companies: string, q: string, bind: Bind): string {
  return entityMatches(alias(companies), bind(searchPattern(q)));
}

/** `entitySearchSql` with the pattern already bound (placeholder `p`). */
function entityMatches(c: string, p: string): string {
  return `(${c}.search_text ILIKE ${p} OR ${c}.primary_owner_id = ANY(ARRAY(SELECT so.id FROM users so WHERE so.search_text ILIKE ${p})))`;
}

/** Questionnaires (alias) matching the search: by their name, or their entity's (or its owner's) text. */
export function questionnaireSearchSql(questionnaires: string, q: string, bind: Bind): string {
  const qq = alias(questionnaires);
  const p = bind(searchPattern(q));
  return `(${qq}.name ILIKE ${p} OR ${qq}.company_id = ANY(ARRAY(SELECT se.id FROM companies se WHERE ${entityMatches("se", p)})))`;
}
