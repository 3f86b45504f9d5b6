import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '@app/config';

/** Static checks of the production stack: docker is not run, the files are read as compose would read them. */
const root = join(__dirname, '..', '..');

interface ComposeService {
  image?: string;
  build?: string | { context: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { type?: string; source?: string; target: string })[];
  healthcheck?: { test: string | string[] };
  ports?: (string | number)[];
  deploy?: { replicas?: number };
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
const { services } = compose;
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** What compose does to `${NAME:-default}` and `${NAME:?error}` given these variables. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, argument?: string) => {
    const set = variables[name];
    if (set) return set;
    if (kind === '-') return argument ?? '';
    throw new Error(`${name} is required: ${argument}`);
  });
}

const dependencies = (service: ComposeService) =>
  Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});

const commandOf = (service: ComposeService) => (Array.isArray(service.command) ? service.command.join(' ') : service.command);

const volumeSources = (service: ComposeService) =>
  (service.volumes ?? []).map((volume) => (typeof volume === 'string' ? volume.split(':')[0] : (volume.source ?? '')));

describe('docker-compose.yml', () => {
  const engines = ['kurrentdb', 'mongo', 'meilisearch', 'redis', 'mailpit'];
  const apps = ['api', 'projector', 'worker'];

  it('runs every engine and both processes', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining([...engines, ...apps]));
  });

  it('pins every image to a tag other than latest', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.image) continue;
      const tag = service.image.split('/').pop()!.split(':')[1];
      expect({ name, tag }).toEqual({ name, tag: expect.stringMatching(/^(?!latest$)[\w.-]+$/) });
    }
    for (const engine of engines) expect(services[engine].image).toBeDefined();
  });

  it('builds the api, the projector and the worker from this repository and starts the built entries in their roles', () => {
    for (const name of apps) {
      const build = services[name].build;
      expect(typeof build === 'string' ? build : build?.context).toBe('.');
    }
    expect(commandOf(services.api)).toBe('node dist/apps/api/main.js');
    expect(services.api.environment?.SITE_ROLE).toBe('api');
    expect(commandOf(services.projector)).toBe('node dist/apps/api/main.js');
    expect(services.projector.environment?.SITE_ROLE).toBe('projector');
    // The projector has no public port: compose checks it on its own health port.
    const healthPort = String(services.projector.environment?.HEALTH_PORT);
    expect(JSON.stringify(services.projector.healthcheck?.test)).toContain(`localhost:${healthPort}/health`);
    expect(commandOf(services.worker)).toBe('node dist/apps/worker/main.js');
    expect(packageJson.scripts.start).toContain('node dist/apps/api/main.js');
    expect(packageJson.scripts['start:api']).toContain('SITE_ROLE=api');
    expect(packageJson.scripts['start:projector']).toContain('SITE_ROLE=projector');
    expect(packageJson.scripts['start:worker']).toContain('node dist/apps/worker/main.js');
  });

  it('runs two api replicas', () => {
    expect(services.api.deploy?.replicas).toBe(2);
  });

  it('points every engine URL of both processes at a compose service', () => {
    const engineUrls = {
      EVENTSTORE_URL: 'kurrentdb',
      MONGODB_URL: 'mongo',
      MEILISEARCH_URL: 'meilisearch',
      REDIS_URL: 'redis',
      SMTP_URL: 'mailpit',
    };
    for (const name of apps) {
      const environment = services[name].environment ?? {};
      for (const [variable, host] of Object.entries(engineUrls)) {
        const url = new URL(String(environment[variable]));
        expect({ name, variable, host: url.hostname }).toEqual({ name, variable, host });
        expect(services[host]).toBeDefined();
      }
      expect(new URL(String(environment.MONGODB_URL)).searchParams.get('replicaSet')).toBe('rs0');
      expect(new URL(String(environment.EVENTSTORE_URL)).searchParams.get('tls')).toBe('false');
      expect(environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      expect(environment.MEILISEARCH_KEY).toBe(services.meilisearch.environment?.MEILI_MASTER_KEY);
      expect(environment.DATA_DIR).toBe('/data');
      // Issue 27: the compose site holds writes for a confirmed e-mail unless told otherwise.
      expect(environment.REQUIRE_CONFIRMED_EMAIL).toBe('${REQUIRE_CONFIRMED_EMAIL:-on}');
    }
  });

  it('gives the processes an environment the app config accepts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compose-config-'));
    try {
      const variables = { JWT_SECRET: 'x'.repeat(32), MEILI_MASTER_KEY: 'y'.repeat(16) };
      for (const name of apps) {
        const environment = Object.fromEntries(
          Object.entries(services[name].environment ?? {}).map(([key, value]) => [key, interpolate(String(value), variables)]),
        );
        const config = loadConfig({ ...environment, DATA_DIR: dataDir });
        expect(config).toMatchObject({
          eventStoreUrl: expect.any(String),
          mongodbUrl: expect.any(String),
          redisUrl: expect.any(String),
          smtpUrl: expect.any(String),
        });
      }
      expect(() => interpolate(String(services.api.environment?.JWT_SECRET), {})).toThrow(/JWT_SECRET is required/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('shares one files volume at DATA_DIR between the api, the projector and the worker', () => {
    for (const name of apps) expect(services[name].volumes).toContain('files:/data');
  });

  it('starts the processes only after healthy engines, and every dependency exists', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of dependencies(service))
        expect({ name, dependency, exists: dependency in services }).toEqual({ name, dependency, exists: true });
    }
    for (const name of apps) {
      const dependsOn = services[name].depends_on as Record<string, { condition?: string }>;
      expect(Object.keys(dependsOn).sort()).toEqual([...engines].sort());
      for (const engine of engines) {
        expect(dependsOn[engine].condition).toBe('service_healthy');
        expect(services[engine].healthcheck?.test).toBeDefined();
      }
    }
  });

  it('initiates the mongo replica set its URL names', () => {
    expect(commandOf(services.mongo)).toContain('--replSet rs0');
    expect(JSON.stringify(services.mongo.healthcheck?.test)).toContain(
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })",
    );
  });

  it('declares every named volume it mounts', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of Object.entries(services)) {
      for (const source of volumeSources(service)) {
        if (source.startsWith('.') || source.startsWith('/')) continue;
        expect({ name, source, declared: declared.includes(source) }).toEqual({ name, source, declared: true });
      }
    }
  });

  it('publishes the site and the mail UI', () => {
    expect(services.api.ports).toContain('3000-3001:3000');
    expect(services.mailpit.ports).toContain('8025:8025');
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

  it('exists beside a .dockerignore that keeps local builds and data out', () => {
    expect(existsSync(join(root, '.dockerignore'))).toBe(true);
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', 'dist', 'var']));
  });

  it('builds on Node 20 and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM\s+(\S+)/gm)?.every((line) => line.includes('node:20-bookworm-slim'))).toBe(true);
    // Installs the lockfile's versions (see docs/decisions.md on why not `npm ci`).
    expect(dockerfile).toMatch(/^COPY package\.json package-lock\.json \.\/\n[\s\S]*^RUN npm install\b/m);
    expect(dockerfile).toMatch(/^RUN npm run build\b/m);
    const users = dockerfile.match(/^USER\s+(\S+)/gm) ?? [];
    expect(users.at(-1)).not.toMatch(/root/);
    expect(users.length).toBeGreaterThan(0);
  });

  it('starts the built api by default on the port it exposes', () => {
    const cmd = dockerfile.match(/^CMD\s+(.+)$/m)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', 'dist/apps/api/main.js']);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
  });
});
