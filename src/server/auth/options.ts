/**
 * next-auth configuration: email + password (argon2id), JWT sessions. Sign-ins are audited.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { signIn } from "@/server/services/users/sign-in";
import { sessionSecret } from "@/server/crypto/secrets";
import { recordSignIn } from "@/server/services/users/record-sign-in";
import { clientAddress } from "@/server/http/client-address";
import { env } from "@/env";

export const authOptions = (): NextAuthOptions => ({
  secret: sessionSecret(),
  session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
  pages: { signIn: "/sign-in" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        const result = await signIn({
          email: credentials?.email ?? "",
          password: credentials?.password ?? "",
          clientAddress: clientAddress(req.headers ?? {}, env().TRUSTED_PROXY_HOPS),
        });
        if (!result.ok) {
          // next-auth shows this message on the sign-in page as the error code.
          throw new Error(result.reason === "throttled" ? "TooManyAttempts" : "CredentialsSignin");
        }
        await recordSignIn(result.user.id);
        return { id: result.user.id, email: result.user.email, name: result.user.name };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) token.sub = user.id;
      return token;
    },
    async session({ session, token }) {
      return { ...session, userId: token.sub };
    },
  },
});
