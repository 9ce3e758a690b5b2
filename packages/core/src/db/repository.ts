import type { Pool } from "pg";
import { type DataSource, type EntityManager, type EntitySchema, QueryFailedError } from "typeorm";
import type { Tx } from "./transactor";

/**
 * The data sources on a Postgres server, whose hot statements run as named prepared statements
 * (`Repository.prepared`). Not embedded PGlite: its one backend is shared through a socket server
 * that does not keep a statement per client, so there they run as any other.
 */
const preparing = new WeakSet<DataSource>();

/** The `pg` pool behind TypeORM's Postgres driver (its `master`), for what TypeORM cannot send. */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/** Lets `Repository.prepared` prepare statements on `dataSource` (a Postgres server). */
export function prepareStatementsOn(dataSource: DataSource): void {
  preparing.add(dataSource);
}

/**
 * What every repository shares: the connection, or the caller's transaction when one is given
 * (the optional last argument of every method), and raw statements answered as rows.
 */
export abstract class Repository {
  constructor(protected readonly db: DataSource) {}

  protected manager(tx?: Tx): EntityManager {
    return tx ?? this.db.manager;
  }

  /**
   * Runs one statement and answers its rows. TypeORM's Postgres driver answers UPDATE and DELETE
   * with `[rows, affectedCount]` and other statements with the rows alone: both come back as rows.
   */
  protected async rows<T>(sql: string, params: unknown[], tx?: Tx): Promise<T[]> {
    const result: unknown = await this.manager(tx).query(sql, params);
    if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number") {
      return result[0] as T[];
    }
    return result as T[];
  }

  /**
   * A hot statement outside any transaction (the session of every request, a bid's decision, the
   * credits after it): on a Postgres server it is parsed and planned once per pooled connection
   * and then sent as its name and values (pg's named statements), which saves the server the
   * parse and plan and the wire the SQL text on each call. `name` is the statement's own, unique
   * in the codebase; `sql` never varies for a name.
   */
  protected async prepared<T>(name: string, sql: string, params: unknown[]): Promise<T[]> {
    if (!preparing.has(this.db)) return this.rows<T>(sql, params);
    try {
      const result = await poolOf(this.db).query({ name, text: sql, values: params });
      return result.rows as T[];
    } catch (error) {
      // Failures look as they do through TypeORM (the driver's error as `driverError`: a deadlock's code).
      throw new QueryFailedError(sql, params, error as Error);
    }
  }

  protected async first<T>(sql: string, params: unknown[], tx?: Tx): Promise<T | null> {
    return (await this.rows<T>(sql, params, tx))[0] ?? null;
  }

  /**
   * An entity from the columns of its table in a row answered by a raw statement (the types as the
   * driver reads them), for statements the query builder cannot write; null when the row has none
   * (its primary key is null: an outer join that found nothing).
   */
  protected entityFrom<T>(entity: EntitySchema<T>, row: Record<string, unknown>): T | null {
    const metadata = this.db.getMetadata(entity);
    if (metadata.primaryColumns.some((column) => row[column.databaseName] == null)) return null;
    const value: Record<string, unknown> = {};
    for (const column of metadata.columns) value[column.propertyName] = row[column.databaseName];
    return value as T;
  }
}
