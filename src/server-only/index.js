// Outside Next.js (CLI, scripts, vitest, Playwright) server modules are meant to load: nothing to guard.
