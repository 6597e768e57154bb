/**
 * next-auth configuration: email + password (argon2id) and, when turned on, a second factor; JWT
 * cookies that name a server-side session row (checked on every request, so it can be ended).
 * Sign-ins are audited.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { signIn } from "@/server/accounts/sign-in";
import { sessionSecret } from "@/server/crypto/secrets";
import { recordSignIn } from "@/server/accounts/record-sign-in";
import { clientAddress } from "@/server/http/client-address";
import { env } from "@/env";
import { db } from "@/server/db/client";
import { createSession, SESSION_HOURS } from "@/server/accounts/sessions";

/** The error codes the sign-in page understands. */
const SIGN_IN_ERRORS = {
  invalid: "CredentialsSignin",
  throttled: "TooManyAttempts",
  two_factor_required: "TwoFactorRequired",
  invalid_code: "InvalidCode",
  delayed: "AccountDelayed",
  unconfirmed: "EmailNotConfirmed",
} as const;

export const authOptions = (): NextAuthOptions => ({
  secret: sessionSecret(),
  session: { strategy: "jwt", maxAge: SESSION_HOURS * 60 * 60 },
  pages: { signIn: "/sign-in" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        code: { label: "Authentication code", type: "text" },
      },
      async authorize(credentials, req) {
        const address = clientAddress(req.headers ?? {}, env().TRUSTED_PROXY_HOPS);
        const result = await signIn({ email: credentials?.email ?? "", password: credentials?.password ?? "", code: credentials?.code, clientAddress: address });
        // next-auth shows the thrown message on the sign-in page as the error code; a delay carries
        // its seconds, so that the page can say how long to wait.
        if (!result.ok) throw new Error(result.reason === "delayed" ? `${SIGN_IN_ERRORS.delayed}:${result.retryAfterSeconds}` : SIGN_IN_ERRORS[result.reason]);
        await recordSignIn(result.user.id);
        const userAgent = (req.headers as Record<string, string | undefined> | undefined)?.["user-agent"];
        const sessionId = await createSession(result.user, { clientAddress: address, userAgent });
        return { id: result.user.id, email: result.user.email, name: result.user.name, sessionId };
      },
    }),
  ],
  events: {
    // Signing out ends the session row too, so it leaves the account's list of sessions.
    async signOut({ token }) {
      const sid = (token as { sid?: string } | null)?.sid;
      if (sid) await db().userSession.updateMany({ where: { id: sid, revokedAt: null }, data: { revokedAt: new Date() } });
    },
  },
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.sid = (user as { sessionId?: string }).sessionId;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, userId: token.sub, sessionId: token.sid };
    },
  },
});
