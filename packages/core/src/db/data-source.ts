import { mkdir } from "node:fs/promises";
import { DataSource, type DataSourceOptions } from "typeorm";
import { lockDataDir } from "./data-dir-lock";
import { entities } from "./entities";
import { migrations } from "./migrations";
import { SnakeNamingStrategy } from "./naming";
import { prepareStatementsOn } from "./repository";

export interface DatabaseOptions {
  /** Postgres URL; unset = embedded PGlite in `dataDir`. */
  url?: string;
  dataDir?: string;
  poolSize?: number;
  logging?: boolean;
}

export interface Database {
  dataSource: DataSource;
  embedded: boolean;
  /** Answers when the database does (health checks). */
  ping(): Promise<void>;
  /** Queries waiting for a free connection of the pool: a saturated database shows here first. */
  waitingQueries(): number;
  close(): Promise<void>;
}

export function dataSourceOptions(url: string, poolSize = 10, logging = false): DataSourceOptions {
  return {
    type: "postgres",
    url,
    entities,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: "migrations",
    // gen_random_uuid() is built into Postgres 13+ and PGlite; no extension to install.
    uuidExtension: "pgcrypto",
    installExtensions: false,
    logging: logging ? ["error", "warn", "migration"] : ["error"],
    extra: { max: poolSize, application_name: "black-market" },
  };
}

/**
 * Opens the database and applies pending migrations. Without a URL it starts PGlite (real
 * Postgres compiled to WASM) behind a loopback socket, so the same `pg` driver and TypeORM
 * code path serve both runtimes.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const poolSize = options.poolSize ?? 10;
  let url = options.url;
  let stopEmbedded: (() => Promise<void>) | undefined;

  if (!url) {
    const dataDir = options.dataDir ?? "./.data";
    const embedded = await startEmbeddedPostgres(dataDir, poolSize);
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }

  // PGlite is one backend: its socket server multiplexes connections, but interleaved statements
  // from two connections can confuse it ("portal does not exist"). One connection serialises them,
  // which costs nothing since the single backend runs one statement at a time anyway.
  const dataSource = new DataSource(dataSourceOptions(url, stopEmbedded ? 1 : poolSize, options.logging));
  try {
    await dataSource.initialize();
    await migrate(dataSource, !stopEmbedded);
    if (!stopEmbedded) prepareStatementsOn(dataSource);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await stopEmbedded?.();
    throw error;
  }

  return {
    dataSource,
    embedded: Boolean(stopEmbedded),
    async ping() {
      await dataSource.query("SELECT 1");
    },
    waitingQueries() {
      const pool = (dataSource.driver as { master?: { waitingCount?: number } }).master;
      return pool?.waitingCount ?? 0;
    },
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await stopEmbedded?.();
    },
  };
}

/** Any fixed key: every node of this product migrating one database takes the same advisory lock. */
const MIGRATION_LOCK_KEY = 7_318_202_511;

/**
 * Applies pending migrations. Nodes started together (docker compose, a rolling deploy) would
 * race to create the same types and tables, so on a shared server one migrates at a time under a
 * Postgres advisory lock and the others then find nothing left to do. PGlite has one connection
 * and one process: no lock, and holding one on the only connection would block the migration.
 */
async function migrate(dataSource: DataSource, shared: boolean): Promise<void> {
  if (!shared) {
    await dataSource.runMigrations({ transaction: "each" });
    return;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock($1)`, [MIGRATION_LOCK_KEY]);
    try {
      await dataSource.runMigrations({ transaction: "each" });
    } finally {
      await runner.query(`SELECT pg_advisory_unlock($1)`, [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}

async function startEmbeddedPostgres(dataDir: string, poolSize: number) {
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite-socket"),
  ]);
  // PGlite takes no lock of its own: a second process (another server, a backup) opening the same
  // directory would write the same files. This one refuses, naming who holds it.
  const lock = await lockDataDir(dataDir, "server");
  try {
    const dir = `${dataDir}/pg`;
    await mkdir(dir, { recursive: true });
    const db = await PGlite.create({ dataDir: dir });
    // PGlite has one backend; the socket server multiplexes our pool onto it.
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: poolSize + 2 });
    await server.start().catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    return {
      url: `postgres://postgres@${server.getServerConn()}/postgres`,
      async stop() {
        try {
          await server.stop();
          await db.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
