/**
 * NUL characters (U+0000) in what people type or paste: PostgreSQL refuses them in text ('invalid
 * byte sequence'), and they mean nothing to a person. The request layer drops them once, from
 * every JSON body (`readJson`, app/http.server.ts) and every form body (server.ts, through
 * `formBodyWithoutNul`), before any schema sees the input; no field needs its own rule.
 */

const NUL = "\u0000";

/** `value` with every NUL removed from its strings (object keys too), at any depth. */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll(NUL, "") as T;
  if (Array.isArray(value)) return value.map((item) => withoutNul(item)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replaceAll(NUL, ""), withoutNul(item)])) as T;
  }
  return value;
}

/** An `application/x-www-form-urlencoded` body without NULs (`%00`; a typed "%00" arrives as `%2500`). */
export function formBodyWithoutNul(body: string): string {
  return body.replace(/%00/gi, "");
}
