/**
 * Where to go after signing in: a path on this site, never another origin. The value is decoded
 * before it is judged, because a path such as /%5Cevil.com or /%09/evil.com becomes //evil.com
 * (another site) once something along the way decodes it or a browser drops the tab.
 */
const BASE = "https://hubi.invalid";
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

function fullyDecoded(value: string): string | null {
  let current = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

export function safeCallback(value: string | null, fallback = "/overview"): string {
  if (!value) return fallback;
  const decoded = fullyDecoded(value);
  if (decoded === null || !decoded.startsWith("/") || decoded.startsWith("//") || UNSAFE.test(decoded)) return fallback;
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
