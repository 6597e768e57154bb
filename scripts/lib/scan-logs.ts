/**
 * Personal-data check over everything the app printed during the tests: no national ID (any run
 * of exactly 11 digits) and no API key may appear. Returns the offending lines.
 */
import fs from "node:fs";
import path from "node:path";

const NATIONAL_ID = /(?<![0-9])[0-9]{11}(?![0-9])/;
const API_KEY = /hubi_(test|live)_[0-9A-Za-z]{20,}/;

export function scanLogs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const findings: string[] = [];
  for (const file of fs.readdirSync(dir)) {
    const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (NATIONAL_ID.test(line) || API_KEY.test(line)) findings.push(`${file}:${i + 1}`);
    });
  }
  return findings;
}
