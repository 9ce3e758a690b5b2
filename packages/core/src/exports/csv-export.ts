import { randomUUID } from "node:crypto";
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import QueryStream from "pg-query-stream";
import type { Database } from "../db/data-source";
import { poolOf } from "../db/repository";

/**
 * CSV exports of the admin area (issue 17 item 7): rows come from a database cursor a batch at a
 * time and leave as CSV as they come, so memory stays flat whatever the row count (no cap); the
 * quoting is csv-stringify's, never ours.
 *
 * Cells: times as ISO 8601 in UTC; a text cell that a spreadsheet would run as a formula (starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'` (OWASP's CSV injection
 * advice). Numeric columns stay numbers, so a negative amount (`-40.00`) is left as it is: those
 * cells come from numeric database columns and are checked to be plain numbers, or neutralised too.
 */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | boolean | null;
  /** A number column: written as it is when it is a plain number. */
  numeric?: boolean;
}

/** One statement and its parameters, ordered as the export must be. */
export interface CsvQuery {
  sql: string;
  params: unknown[];
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text cell a spreadsheet would not run: OWASP's single-quote prefix on a formula's first character. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cell<R>(column: CsvColumn<R>, row: R): string {
  const value = column.value(row);
  if (value === null || value === undefined) return "";
  const text = String(value);
  if (column.numeric && (typeof value === "number" || PLAIN_NUMBER.test(text))) return text;
  return neutralise(text);
}

/** Rows read this many at a time from the cursor. */
const BATCH = 500;

/**
 * The rows of `query`, a batch at a time from a database cursor.
 *
 * On a Postgres server: a dedicated pooled connection streams them (pg-query-stream, a portal read
 * BATCH rows at a time), released when the export ends or the download is abandoned.
 *
 * On embedded PGlite (one backend, one pooled connection the whole app shares, which must not be
 * held for a whole download): a `WITH HOLD` SQL cursor, declared once (Postgres keeps its rows on
 * the server side, spilling to disk past work_mem) and read with one short FETCH per batch, so other
 * requests run between batches; closed at the end or when abandoned.
 */
export async function* cursorRows(db: Database, query: CsvQuery): AsyncGenerator<Record<string, unknown>> {
  if (db.embedded) {
    yield* heldCursorRows(db, query);
    return;
  }
  // TypeORM's pool (the `pg` Pool behind the data source): the export borrows one of its connections.
  const pool = poolOf(db.dataSource);
  const client = await pool.connect();
  const stream = client.query(new QueryStream(query.sql, query.params, { batchSize: BATCH }));
  let failed: Error | undefined;
  try {
    for await (const row of stream) yield row as Record<string, unknown>;
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // An abandoned download leaves the portal open: that connection is not given back to the pool.
    const unfinished = !stream.readableEnded;
    stream.destroy();
    client.release(failed ?? (unfinished ? new Error("export abandoned") : undefined));
  }
}

async function* heldCursorRows(db: Database, query: CsvQuery): AsyncGenerator<Record<string, unknown>> {
  const name = `export_${randomUUID().replaceAll("-", "")}`;
  await db.dataSource.query(`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${query.sql}`, query.params);
  try {
    while (true) {
      const rows = (await db.dataSource.query(`FETCH FORWARD ${BATCH} FROM ${name}`)) as Record<string, unknown>[];
      for (const row of rows) yield row;
      if (rows.length < BATCH) return;
    }
  } finally {
    await db.dataSource.query(`CLOSE ${name}`).catch(() => undefined);
  }
}

/**
 * The CSV of `rows` (a repository's cursor, see `cursorRows`): a header row, then one line a row,
 * each raw row read through `map` (the same function the paged list answers with) and then
 * `columns`. A readable stream to send as the response body; destroying it (a closed download)
 * ends the cursor.
 */
export function csvExport<R>(
  rows: AsyncIterable<Record<string, unknown>>,
  map: (raw: Record<string, unknown>) => R,
  columns: readonly CsvColumn<R>[],
  onError?: (error: Error) => void,
): Readable {
  async function* records() {
    for await (const raw of rows) {
      const row = map(raw);
      yield columns.map((column) => cell(column, row));
    }
  }
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), record_delimiter: "unix" });
  // A failure mid-way (the database, a closed download) destroys the stream: the download ends cut.
  return pipeline(Readable.from(records()), csv, (error) => {
    if (error && onError) onError(error);
  });
}
