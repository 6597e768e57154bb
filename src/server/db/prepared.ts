/**
 * A hot-path statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. On verify, whose write is one long statement of common
 * table expressions, parsing and planning were most of the database's time per request. The name
 * is derived from the text, so each distinct shape of a built statement is prepared once; names
 * are remembered per text, so the digest is computed once per shape, not per call. Only for
 * statements whose values are all parameters (a bounded set of texts).
 */
import { createHash } from "node:crypto";
import type { QueryConfig } from "pg";

const names = new Map<string, string>();

export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
