/**
 * Personal-data check over everything the app printed during the tests: no national ID (a run of
 * exactly 11 digits) and no API key may appear, in a plain line or in any key or value of a JSON
 * log line. Returns the offending lines.
 *
 * Identifiers we log on purpose can hold 11 digits in a row by chance (a UUID's last group is 12
 * hex characters, ~4 % of them all digits plus one edge), so each known identifier format is masked
 * before the line is searched; a national ID anywhere else on the line is still found.
 */
import fs from "node:fs";
import path from "node:path";

const NATIONAL_ID = /(?<![0-9])[0-9]{11}(?![0-9])/;
const API_KEY = /hubi_(test|live)_[0-9A-Za-z]{20,}/;

/** The identifier formats Hubi writes to its logs: never personal data, whatever digits they hold. */
const LOGGED_IDENTIFIERS: RegExp[] = [
  // UUIDs: records, events, request ids with a prefix (sys_, req_verify_…): no word boundary after a "_".
  /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f])/gi,
  /\breq_[0-9A-Z]{20}\b/g, // request ids
  /\bHV-[0-9]{8}-[0-9A-Z]{8}\b/g, // certificate references
];

export function maskLoggedIdentifiers(line: string): string {
  return LOGGED_IDENTIFIERS.reduce((masked, pattern) => masked.replace(pattern, "<id>"), line);
}

export function lineHasPersonalData(line: string): boolean {
  return textsOf(line).some((text) => API_KEY.test(text) || NATIONAL_ID.test(maskLoggedIdentifiers(text)));
}

/**
 * What a line says: the line itself and, for a JSON log line (the app's logs are pino's JSON
 * lines), every key and value in it as decoded text, each on its own. JSON may escape characters
 * (`\u0031` is "1") or nest objects, so a national ID can be invisible in the raw line and plain
 * in a value.
 */
function textsOf(line: string): string[] {
  if (!line.startsWith("{")) return [line];
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return [line];
  }
  const texts = [line];
  const walk = (value: unknown): void => {
    if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        texts.push(key);
        walk(inner);
      }
    } else if (value !== null && value !== undefined) {
      texts.push(String(value));
    }
  };
  walk(parsed);
  return texts;
}

export function scanLogs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const findings: string[] = [];
  for (const file of fs.readdirSync(dir)) {
    const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (lineHasPersonalData(line)) findings.push(`${file}:${i + 1}`);
    });
  }
  return findings;
}
