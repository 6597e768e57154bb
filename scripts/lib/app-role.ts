/**
 * Least privilege for the running app: it connects as its own role, which may read and write the
 * data but owns nothing. It cannot alter a table, disable a trigger or truncate, and on the audit
 * log it may only insert and read (and read its chain heads, which only the log's trigger moves):
 * the append-only log holds even against the app itself.
 * Migrations run as the owner. Default privileges give the role every table later migrations add.
 */
import pg from "pg";

export const APP_ROLE = "hubi_app";

function grants(role: string, database: string): string[] {
  const r = pg.escapeIdentifier(role);
  return [
    `GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(database)} TO ${r}`,
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${r}`,
    `REVOKE UPDATE, DELETE, TRUNCATE ON audit_log_entry FROM ${r}`,
    // Chain heads move only through the audit log's insert trigger (SECURITY DEFINER).
    `REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_head FROM ${r}`,
    `REVOKE ALL ON _prisma_migrations FROM ${r}`,
    // Readiness compares the applied migrations with the build's; the record itself stays the owner's.
    `GRANT SELECT ON _prisma_migrations TO ${r}`,
  ];
}

/** Creates (or updates) the app's role in the owner's database and returns the app's URL. */
export async function ensureAppRole(ownerUrl: string, password: string, role = APP_ROLE): Promise<string> {
  await asOwner(ownerUrl, async (client) => {
    const exists = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]);
    const verb = exists.rowCount ? "ALTER" : "CREATE";
    await client.query(`${verb} ROLE ${pg.escapeIdentifier(role)} WITH LOGIN PASSWORD ${client.escapeLiteral(password)}`);
  });
  return grantAppRole(ownerUrl, password, role);
}

/**
 * Gives an existing app role its rights in the owner's database and returns the app's URL. The
 * role itself is the server's, shared by its databases: two of them set up at once must not both
 * alter it (PostgreSQL refuses the second with "tuple concurrently updated").
 */
export async function grantAppRole(ownerUrl: string, password: string, role = APP_ROLE): Promise<string> {
  const url = new URL(ownerUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  await asOwner(ownerUrl, async (client) => {
    for (const statement of grants(role, database)) await client.query(statement);
  });
  url.username = role;
  url.password = password;
  return url.toString();
}

async function asOwner(ownerUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
