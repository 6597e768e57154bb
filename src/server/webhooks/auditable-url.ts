/**
 * A webhook URL as the audit log keeps it, and as viewers and platform admins see it: receivers
 * often carry a token in the query string (…/hook?token=…), and the audit log is kept forever and
 * shown to admins, so query values and any user-info part are replaced. The host and path stay:
 * they say where events went.
 */
export function auditableUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "(not a URL)";
  }
  if (url.username || url.password) {
    url.username = "redacted";
    url.password = "";
  }
  const redacted = new URLSearchParams();
  for (const name of url.searchParams.keys()) if (!redacted.has(name)) redacted.set(name, "redacted");
  url.search = redacted.toString();
  url.hash = "";
  return url.toString();
}
