/**
 * For `npm start` without configuration: a random HUBI_SECRET generated once and kept in the
 * git-ignored .data folder, so hashed IDs and encrypted records stay readable across restarts.
 * Production sets HUBI_SECRET in the environment instead.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function localSecret(dataDir: string, name = "secret"): string {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return fs.readFileSync(file, "utf8").trim();
}
