/**
 * Stripe's request encoding (form fields with bracketed keys: `line_items[0][price_data][unit_amount]=500`,
 * `metadata[questionnaireId]=q1`) into nested objects and arrays, as the API reads it.
 */
export type StripeParams = { [key: string]: StripeValue };
export type StripeValue = string | StripeParams | StripeValue[];

export function parseStripeForm(text: string): StripeParams {
  const root: StripeParams = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: StripeParams | StripeValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const key: string | number = Array.isArray(node) ? (part === "" ? node.length : Number(part)) : part;
      const holder = node as Record<string | number, StripeValue>;
      if (last) holder[key] = value;
      else {
        holder[key] ??= nextIsIndex ? [] : {};
        node = holder[key] as StripeParams | StripeValue[];
      }
    });
  }
  return root;
}

/** A value at a path of the parsed form, as a string (or undefined). */
export function param(params: StripeValue | undefined, ...path: (string | number)[]): string | undefined {
  let node: StripeValue | undefined = params;
  for (const key of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = (node as Record<string | number, StripeValue>)[key];
  }
  return typeof node === "string" ? node : undefined;
}
