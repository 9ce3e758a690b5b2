import type { QueryRunner } from "typeorm";

/**
 * A database function declared once, as current source (DESIGN.md section 4). Each lives beside
 * the domain whose rule it is (`lots/sql/place-lot-bid.sql.ts`); the migrations create it from
 * that module, never from a copy of its text, and `functions.test.ts` proves that a migrated
 * database (Postgres and PGlite) runs exactly these texts and no other function.
 *
 * Changing one: edit its module, then add a migration that calls `createFunctions` with it (a
 * fresh database gets the new text from the migration that first created it; a running one from
 * the new migration). A changed argument list is another function to Postgres: that migration
 * drops the old signature first (`DROP FUNCTION IF EXISTS name(old types)`).
 */
export interface SqlFunction {
  name: string;
  /** The argument list as declared, names and types: `p_user uuid, p_now timestamptz`. */
  args: string;
  /** What it returns, as declared: `boolean`, `trigger`, `TABLE (...)`. */
  returns: string;
  language: "sql" | "plpgsql";
  volatility: "IMMUTABLE" | "STABLE" | "VOLATILE";
  /** The text between the dollar quotes, exactly as Postgres keeps it (`pg_proc.prosrc`). */
  body: string;
}

export function defineFunction(fn: SqlFunction): SqlFunction {
  if (fn.body.includes("$$")) throw new Error(`${fn.name}: its body may not contain $$`);
  return fn;
}

/** `name(type, type)`: the signature that names the function to Postgres (DROP, to_regprocedure). */
export function signatureOf(fn: SqlFunction): string {
  const types = splitArgs(fn.args).map((arg) => arg.replace(/^\s*\w+\s+/, "").trim());
  return `${fn.name}(${types.join(", ")})`;
}

export function createFunctionSql(fn: SqlFunction): string {
  return `CREATE OR REPLACE FUNCTION ${fn.name}(${fn.args}) RETURNS ${fn.returns}
  LANGUAGE ${fn.language} ${fn.volatility} AS $$${fn.body}$$`;
}

export function dropFunctionSql(fn: SqlFunction): string {
  return `DROP FUNCTION IF EXISTS ${signatureOf(fn)}`;
}

/** For a migration's `up`: creates (or replaces) each function from its current source, in order. */
export async function createFunctions(runner: QueryRunner, fns: SqlFunction[]): Promise<void> {
  for (const fn of fns) await runner.query(createFunctionSql(fn));
}

/** For a migration's `down`: drops each function, in order (the dependents first). */
export async function dropFunctions(runner: QueryRunner, fns: SqlFunction[]): Promise<void> {
  for (const fn of fns) await runner.query(dropFunctionSql(fn));
}

/** Splits an argument list on its top-level commas (a type may hold some: `numeric(10, 2)`). */
function splitArgs(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of args) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  if (current.trim()) parts.push(current);
  return parts;
}
