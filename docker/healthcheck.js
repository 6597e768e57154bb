// The container's health check: the process is ready to serve (docs/operations.md, "Health").
const port = process.env.PORT || "3000";
fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(5000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
