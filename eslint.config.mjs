// Lint for the whole repository: typescript-eslint's type-checked preset, Prettier owns formatting,
// and package boundaries (another package only through its index.ts).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Apps, projections and libs reach another package only through its index (`@app/<name>`). */
const packageBoundaries = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['@app/*/**'], message: 'Import another package only through its index: @app/<package>.' },
        {
          regex: '^(\\.\\./)+(apps|libs|projections)/',
          message: 'Import another package through its @app/<package> alias, never by a relative path into it.',
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', 'var/', '.tmp/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      ...packageBoundaries,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read supertest and fetch bodies, which are `any`, and pass jest's matchers around.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.browser-spec.ts', 'test/support/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  prettier,
);
