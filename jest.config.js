// One jest run, five projects: unit (pure + contract suites), web (SPA logic), e2e (HTTP, embedded app), faults (the site under injected faults), browser (Playwright + Chromium).
const swc = ['@swc/jest', JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8'))];
const moduleNameMapper = {
  '^@app/(domain|contracts|event-store|read-store|queue|mail|files|config|personal-data|search-index|testing)(/.*)?$':
    '<rootDir>/libs/$1/src$2',
  '^@app/projections(/.*)?$': '<rootDir>/projections/src$1',
  '^@app/api(/.*)?$': '<rootDir>/apps/api/src$1',
};
// `meilisearch` and `feed` ship ESM only: swc turns it into CommonJS like our own code (webpack bundles it in the apps).
const esmPackages = ['meilisearch', 'feed', 'openid-client', 'oauth4webapi', 'jose'];
const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc, [`/node_modules/(${esmPackages.join('|')})/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper,
};

module.exports = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,projections,apps/api,apps/worker,apps/cli}/**/*.spec.ts', '<rootDir>/test/bench/**/*.spec.ts'],
    },
    {
      ...base,
      displayName: 'web',
      testMatch: ['<rootDir>/apps/web/src/**/*.spec.ts'],
      // `@/…` is apps/web/src (as in apps/web/tsconfig.json paths and vite.config.ts).
      moduleNameMapper: { ...moduleNameMapper, '^@/(.*)$': '<rootDir>/apps/web/src/$1' },
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      testEnvironment: '<rootDir>/test/support/watched-environment.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-timeout.ts'],
    },
    // The site on a bad day (a store or Redis away, a process killed, a backup restored): each scenario runs once, driving the real site.
    {
      ...base,
      displayName: 'faults',
      testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
      testEnvironment: '<rootDir>/test/support/watched-environment.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-timeout.ts'],
    },
    // Each browser spec sets jest.setTimeout(90_000) itself.
    { ...base, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
