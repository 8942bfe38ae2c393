# syntax=docker/dockerfile:1
# The editor backend: both services in one Node.js process on port 8082.
#   docker build -t editor-backend .
#   docker run -p 8082:8082 -v ./config.json:/config/config.json:ro -e OPENAI_API_KEY editor-backend
# NODE_IMAGE lets a build use a mirrored or pinned base (e.g. node:20-slim@sha256:…).
ARG NODE_IMAGE=node:20-slim

# --- production dependencies only, from the lock file ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# A build without registry access can install from a mounted npm cache with
# --build-arg NPM_CONFIG_OFFLINE=true; SCARF_ANALYTICS keeps an install script from phoning home.
ARG NPM_CONFIG_OFFLINE=false
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# --- runtime: sources run by tsx (a production dependency), as the unprivileged `node` user ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8082
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src ./src
COPY docker/start.sh docker/healthcheck.mjs docker/default.config.json ./docker/
# Files live in /app/data (mount a volume there); the code stays owned by root and read-only to the app.
RUN mkdir -p /app/data/files && chown -R node:node /app/data
USER node
EXPOSE 8082
VOLUME ["/app/data"]
# No curl in the slim image: node itself asks /ai/health (or /ping when only the file connector runs).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs"]
# start.sh uses /config/config.json when one is mounted, else the image's safe default; it execs node,
# so SIGTERM reaches the server and the graceful shutdown runs.
ENTRYPOINT ["/bin/sh", "docker/start.sh"]
