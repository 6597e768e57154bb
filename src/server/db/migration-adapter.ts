/**
 * A driver-adapter factory for the Prisma CLI's migration engine, working around three upstream
 * bugs of @prisma/adapter-pg 6.19 that affect migrations only:
 *  1. catalog columns of type "char" (OID 18) and name (OID 19) cannot be deserialized
 *     (prisma/orm#27403): we rewrite their type to text in query results;
 *  2. the shadow database ignores its database override and is dropped before its pool closes:
 *     we create and drop it ourselves;
 *  3. scripts are split on every ";", which breaks PL/pgSQL bodies: we send them whole.
 */
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

const TEXT_OID = 25;
const CATALOG_OIDS = new Set([18, 19]);

type QueryResultLike = { fields?: { dataTypeID: number }[] };

function retypeCatalogColumns<T>(result: T): T {
  const results = Array.isArray(result) ? result : [result];
  for (const r of results as QueryResultLike[]) {
    for (const field of r?.fields ?? []) {
      if (CATALOG_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

class CatalogSafeClient extends pg.Client {
  // pg calls query() both with a callback (from Pool.query) and as a promise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    const callback = typeof args[args.length - 1] === "function" ? args.pop() : undefined;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const promise = (super.query as any)(...args).then(retypeCatalogColumns);
    if (!callback) return promise;
    promise.then((r: unknown) => callback(null, r), (e: unknown) => callback(e));
    return undefined;
  }
}

function poolConfig(url: string, database?: string): pg.PoolConfig {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: database ?? decodeURIComponent(u.pathname.slice(1)),
    Client: CatalogSafeClient,
  };
}

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

function sendScriptsWhole(adapter: Adapter, pool: pg.Pool): Adapter {
  adapter.executeScript = async (script: string) => {
    await pool.query(script);
  };
  return adapter;
}

export function migrationAdapterFactory(url: string) {
  const factory = new PrismaPg(new pg.Pool(poolConfig(url)));
  const connect = factory.connect.bind(factory);
  return Object.assign(factory, {
    async connect() {
      const adapter = await connect();
      return sendScriptsWhole(adapter, adapter.underlyingDriver() as pg.Pool);
    },
    async connectToShadowDb() {
      const admin = new pg.Pool(poolConfig(url));
      const database = `prisma_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
      await admin.query(`CREATE DATABASE "${database}"`);
      const shadowPool = new pg.Pool(poolConfig(url, database));
      const shadow = await new PrismaPg(shadowPool, {
        disposeExternalPool: true,
      }).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
        await admin.end();
      };
      return sendScriptsWhole(shadow, shadowPool);
    },
  });
}
