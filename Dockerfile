# syntax=docker/dockerfile:1
# The production image (docs/deploying.md, decision 0226): built with the whole toolchain, run with
# the production dependencies only, as the unprivileged user `node`, writing only to /data (and /backups).
# Build: docker build -t vows-and-weeks .   Run: see compose.yaml.

# The web app and the compiled server (npm run build).
FROM node:24-trixie AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only. tsx is one: the maintenance commands (npm run order:create, backup,
# restore, admin:reset-password, ...) run their TypeScript with it inside the container.
FROM node:24-trixie AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-trixie-slim
# pg_dump and pg_restore for npm run backup and restore on PostgreSQL (trixie's 17, as in compose.yaml).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The workbook content the server reads, and the sources and migrations the commands run with tsx.
COPY package.json package-lock.json tsconfig.json ./
COPY db ./db
COPY src/server ./src/server
COPY src/shared ./src/shared
COPY scripts ./scripts
RUN mkdir -p /data /backups && chown node:node /data /backups
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/backups
USER node
VOLUME ["/data", "/backups"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.ts finishes the requests in flight on SIGTERM and exits within 10 s (compose.yaml waits 20).
STOPSIGNAL SIGTERM
# What npm start runs once the build is there (scripts/ensure-build.ts has nothing to do in the image).
CMD ["node", "--max-semi-space-size=2", "dist/server/main.js"]
