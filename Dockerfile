# syntax=docker/dockerfile:1
# Hubi's production image: one image for every role (web, worker, migrate, cli; see
# docker/entrypoint.sh). Next's standalone output alone would lack the worker, the CLI and the
# Prisma CLI, so the image keeps the full build output with the production dependencies.

FROM node:20.20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY sdk/package.json sdk/package.json
COPY tools/typescript-5.0/package.json tools/typescript-5.0/package.json
COPY src/server-only src/server-only
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/next.config.js /app/tsconfig.json /app/prisma.config.ts ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.next ./.next
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/docker ./docker
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=6s --start-period=30s --retries=3 CMD ["node", "docker/healthcheck.js"]
ENTRYPOINT ["docker/entrypoint.sh"]
CMD ["web"]
