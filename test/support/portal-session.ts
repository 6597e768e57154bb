/** A portal session over HTTP, for tests of portal route handlers (which read the session cookie, not a tRPC context). */
import { inject } from "vitest";

/**
 * Signs in through next-auth over HTTP, as the sign-in form does, from the client address `from`
 * (sign-ins are throttled per address). Returns the cookies to send with portal requests, or null
 * when the sign-in was refused.
 */
export async function signInOverHttp(creds: { email: string; password: string; code?: string }, from: string): Promise<string | null> {
  return (await signInAttemptOverHttp(creds, from)).cookies;
}

/** A sign-in over HTTP with what the sign-in page would see: the session cookies, or next-auth's error code. */
export async function signInAttemptOverHttp(
  creds: { email: string; password: string; code?: string },
  from: string,
): Promise<{ cookies: string | null; error: string | null }> {
  const base = inject("baseUrl");
  const headers = { "x-forwarded-for": from, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" };
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email: creds.email, password: creds.password, code: creds.code ?? "", json: "true" }),
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (session.some((c) => c.includes("session-token"))) return { cookies: [cookie, ...session].join("; "), error: null };
  const location = res.headers.get("location") ?? ((await res.json().catch(() => ({}))) as { url?: string }).url ?? "";
  return { cookies: null, error: location ? new URL(location, base).searchParams.get("error") : null };
}
