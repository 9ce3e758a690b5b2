/**
 * TypeORM's Postgres driver answers UPDATE and DELETE with `[rows, affectedCount]` and other
 * statements with the rows alone. This returns the rows either way.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number") {
    return result[0] as T[];
  }
  return result as T[];
}
