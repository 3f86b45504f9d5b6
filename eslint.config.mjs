// Lint for the whole repository: typescript-eslint's type-checked preset, Prettier owns formatting,
// and package boundaries (another package only through its index.ts).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Apps, projections and libs reach another package only through its index (`@app/<name>`). */
const packageBoundaryPatterns = [
  { group: ['@app/*/**'], message: 'Import another package only through its index: @app/<package>.' },
  {
    regex: '^(\\.\\./)+(apps|libs|projections)/',
    message: 'Import another package through its @app/<package> alias, never by a relative path into it.',
  },
];
const packageBoundaries = { 'no-restricted-imports': ['error', { patterns: packageBoundaryPatterns }] };

/**
 * The SPA's layers (docs/layout.md, after bulletproof-react): app/ composes features; a feature
 * imports only the shared folders, its own folder and @app/contracts; shared folders import no
 * feature and not the app. Every import inside src/ goes through `@/`, and there are no barrels.
 */
const WEB_SRC = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webCommonPatterns = [
  ...packageBoundaryPatterns,
  { regex: '^\\.\\./', message: 'Import through the @/ alias (apps/web/src), not ../.' },
  { regex: '^@/features/[^/]+/?$', message: 'No barrels: import the file itself, not a feature folder.' },
  { regex: '(^|/)index$', message: 'No barrels: import the file itself.' },
];
const webRestrictedImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...webCommonPatterns, ...patterns] }] });
const webLayers = [
  { files: [`${WEB_SRC}/**/*.{ts,tsx}`], rules: webRestrictedImports() },
  {
    files: [`${WEB_SRC}/{components,config,hooks,lib,styles,types,utils}/**/*.{ts,tsx}`],
    rules: webRestrictedImports({
      regex: '^@/(features|app)/',
      message: 'Shared folders (components, config, hooks, lib) import no feature and not the app layer.',
    }),
  },
  ...webFeatures.map((feature) => ({
    files: [`${WEB_SRC}/features/${feature}/**/*.{ts,tsx}`],
    rules: webRestrictedImports(
      {
        regex: `^@/features/(?!${feature}/)`,
        message: `The ${feature} feature imports no other feature: let the app layer (app/routes) compose them, or move the shared part to components/ or lib/.`,
      },
      { regex: '^@/app/', message: 'Features do not import the app layer.' },
    ),
  })),
  {
    // A barrel file is the folder import this forbids; there must be none.
    files: [`${WEB_SRC}/**/index.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'No barrels (index files) in the SPA.' }] },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'apps/web/dist-server/', 'var/', '.tmp/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      ...packageBoundaries,
      // Adapters implement promise-returning ports over synchronous engines (better-sqlite3): `async`
      // without `await` is how a thrown error becomes the rejection the port promises.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The domain is pure (no Nest, no I/O, no large data set): what a decision needs of the world arrives in the command.
    files: ['libs/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packageBoundaryPatterns,
            {
              regex: '^(?!@app/contracts$|node:crypto$|sanitize-html$|\\.)',
              message: 'libs/domain imports only @app/contracts, node:crypto and sanitize-html: pass what a decision needs in the command.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test doubles and HTTP bodies (supertest's `res.body`, `expect.any(...)`) are `any` by design.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.browser-spec.ts', '**/*.contract.ts', 'test/support/**/*.ts', '**/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Tests are white-box: they may reach a provider's class or an engine's adapter by its path.
      'no-restricted-imports': ['error', { patterns: packageBoundaryPatterns.filter((pattern) => !pattern.group) }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webLayers,
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  prettier,
);
