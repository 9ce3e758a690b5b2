import type { DataSource, EntityManager, EntitySchema } from "typeorm";
import type { Tx } from "./transactor";

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
