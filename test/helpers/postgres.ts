/** Administrative statements (CREATE/DROP DATABASE) on the PostgreSQL server the tests use. */

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(serverUrl: string, sql: string): Promise<Record<string, unknown>[]> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: withDatabaseName(serverUrl, "postgres") });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
