# The Rozmova app as one image: the API's bundle, the built web app and the migrations, run as the `node` user.
# `docker build -t rozmova .`; compose.yaml runs two of them behind nginx. Settings come from the environment at run
# time (README, Settings); nothing secret is built in. tools/deploy-files.test.js checks this file.

FROM node:20.20.2-bookworm-slim AS base
WORKDIR /app

# Every workspace's package.json and the lock file: what `npm ci` reads, copied alone so the install layer is reused
# until they change.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# The build: every package, development ones included (Vite, esbuild), then `npm run build` (web app and API bundle).
FROM manifests AS build
# The git hooks are for a checkout; there is no .git here.
ENV SKIP_INSTALL_SIMPLE_GIT_HOOKS=1
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts scripts
COPY packages packages
COPY apps apps
RUN npm run build

# The web build without its source maps: they are for the error monitor, and the server never serves them
# (docs/monitoring.md). `docker build --target build` keeps them for an upload.
FROM build AS web
RUN find apps/web/dist -name '*.map' -delete

# The packages the API imports at run time, and only those (no scripts run: none of them needs one).
FROM manifests AS runtime-packages
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace apps/api

FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
# The code belongs to root, so the app cannot change it; the app's user owns only its data directory.
COPY --from=runtime-packages --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/apps/api/package.json apps/api/package.json
COPY --from=build --chown=root:root /app/apps/api/dist apps/api/dist
# The bundle reads these beside its sources' paths (scripts/build-api.mjs keeps each module's import.meta.url).
COPY --from=build --chown=root:root /app/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build --chown=root:root /app/apps/api/src/lib/common-passwords.txt apps/api/src/lib/common-passwords.txt
COPY --from=web --chown=root:root /app/apps/web/dist apps/web/dist
RUN install -d -o node -g node -m 700 /app/data
USER node
EXPOSE 3000
# Node's own fetch: the image has no curl. Asks the port the app listens on, on loopback (HOST=0.0.0.0 or unset).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The bundle directly: `npm start` would look for sources to rebuild, and npm would stand between the process and
# its signals (SIGTERM closes the app gracefully).
CMD ["node", "apps/api/dist/server.js"]
