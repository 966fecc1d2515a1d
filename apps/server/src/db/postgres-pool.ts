// The node-postgres pool every PostgreSQL connection of the server comes from, made to live through
// the server going away (restart, failover, a network cut): no uncaught 'error' event, and no
// connection lost for good to the pool when it dies while checked out.
import pg from 'pg';

export interface PostgresPoolOptions {
  url: string;
  max: number;
  /** Startup options (`-c name=value …`), sent with every new connection. */
  options: string;
  /** A query fails after waiting this long for a connection (new or free); absent: waits forever. */
  connectTimeoutMs?: number | undefined;
}

export function createPostgresPool({ url, max, options, connectTimeoutMs }: PostgresPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options,
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    // A server that vanished without closing the socket is noticed by the kernel's probes instead
    // of a connection waiting on it for hours.
    keepAlive: true,
  });
  // An idle connection that the server drops must not crash the process; the pool replaces it on
  // the next query.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL idle connection error: ${err.message}`);
  });

  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    // pg-pool listens only to idle clients. A checked-out one whose connection dies (between two
    // statements of a transaction, say) emits 'error' to nobody: an uncaught exception, which took
    // down the ingest worker on every restart of PostgreSQL. Whoever holds it learns of it from its
    // next statement. And it goes back to the pool now, as broken, because its holder may never
    // give it back: Drizzle's transaction() does not release a client whose `begin` failed, and
    // each one lost so shrank the pool for good (and made closing it wait forever).
    client.on('error', (err) => {
      if (!checkedOut.has(client)) return;
      // pg-pool's release closes over the client; it is not a method that needs `this`.
      const release = client.release.bind(client);
      // The holder's own release later must not throw "released twice".
      client.release = () => undefined;
      release(err);
    });
  });
  return pool;
}
