/**
 * Import cycles fail `npm run lint` (docs/layout.md): no file imports itself through others anywhere
 * in the server code, and no feature folder of apps/api reaches back to itself through other folders.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'A file must not import itself through other files: move what both need into a file of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'apps/api feature folders must not import each other in a circle: move the shared helper into shared/ (or http/, auth/), or let app.module.ts / create-app.ts compose them.',
      scope: 'folder',
      from: { path: '^apps/api/src/[^/]+$' },
      to: { path: '^apps/api/src/[^/]+$', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Specs may reach across folders (a test composes like the app does); nothing imports a spec, so no cycle runs through one.
    exclude: { path: ['(^|/)(node_modules|dist)/', '\\.spec\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
