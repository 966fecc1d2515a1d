// Statements a test runs on the PostgreSQL server itself (create, drop, terminate), each on a
// connection of its own: a database cannot be created from, or dropped with, a connection to it.
import pg from 'pg';

/** Runs one statement on a connection of its own to `url`, closed afterwards whatever happens. */
export async function runOnServer(url: string, text: string, params?: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server `adminUrl` names. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
