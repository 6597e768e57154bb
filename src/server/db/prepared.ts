/**
 * A hot-path statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. On verify, whose write is one long statement of common
 * table expressions, parsing and planning were most of the database's time per request. The name
 * is derived from the text, so each distinct shape of a built statement is prepared once.
 */
import { createHash } from "node:crypto";
import type { QueryConfig } from "pg";

export function prepared(text: string, values: unknown[]): QueryConfig {
  return { name: `p_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`, text, values };
}
