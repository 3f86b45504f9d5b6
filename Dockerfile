# syntax=docker/dockerfile:1
# One image for the api and the worker (docker-compose.yml picks the command).

FROM node:20-bookworm-slim AS build
# Toolchain for native modules (argon2, better-sqlite3) when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The npm the lockfile was written with: it honours package.json "allowScripts".
RUN npm install -g npm@11.19.1
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/web/package.json apps/web/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The SPA's server entry: the API paints posts with it (apps/api/src/site-front/page-paints.ts).
COPY --from=build /app/apps/web/dist-server ./apps/web/dist-server
# A named volume mounted on /data takes this owner, so the non-root user can write to it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "dist/apps/api/main.js"]
