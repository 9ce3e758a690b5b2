/**
 * A list's state lives in the URL (page, pageSize, sort, order and the list's own filters), read
 * through the list's shared query schema (packages/shared/src/schemas/lists.ts), so a list can be
 * linked, reloaded and gone back to as it stood.
 */

/** What the shared list schemas offer: a zod object (its keys, and a parse that may fail). */
export interface ListSchema<Q> {
  shape: Record<string, unknown>;
  safeParse(
    input: unknown,
  ): { success: true; data: Q } | { success: false; error: { issues: Array<{ path: PropertyKey[] }> } };
}

/** A value as the URL holds it: nothing (the default), or its text. */
export type ListParamValue = string | number | undefined;

/** Every key of the schema read from the URL; a value the schema refuses falls back to its default. */
export function readListParams<Q>(schema: ListSchema<Q>, params: URLSearchParams): Q {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  const second = schema.safeParse(raw);
  if (second.success) return second.data;
  const defaults = schema.safeParse({});
  if (!defaults.success) throw new Error("a list schema must accept an empty query");
  return defaults.data;
}

/** The defaults of a list, as the URL would spell them. */
function defaultsOf<Q>(schema: ListSchema<Q>): Record<string, string> {
  const parsed = schema.safeParse({});
  const out: Record<string, string> = {};
  if (parsed.success) {
    for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
      if (value !== undefined) out[key] = String(value);
    }
  }
  return out;
}

/**
 * The URL after `patch`: other keys (a tab, say) are kept; a default or empty value is dropped, so
 * a list at rest has a clean address. Any change but a page's own sends the list back to page 1.
 */
export function writeListParams<Q>(
  schema: ListSchema<Q>,
  current: URLSearchParams,
  patch: Partial<Record<keyof Q & string, ListParamValue>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const defaults = defaultsOf(schema);
  const entries = Object.entries(patch) as Array<[string, ListParamValue]>;
  if (!entries.some(([key]) => key === "page")) next.delete("page");
  for (const [key, value] of entries) {
    const text = value === undefined ? "" : String(value).trim();
    if (text === "" || defaults[key] === text) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

/** `?a=1&b=x` of the defined values (the server's query string), or "" when there are none. */
export function toQueryString(values: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
