// The `meilisearch` package is ESM-only and publishes its types through "exports", which this
// repository's `moduleResolution: node` does not read: point the type checker at them. At run time
// webpack (the Nest build) and jest (swc, see jest.config.js) resolve the package itself.
declare module 'meilisearch' {
  export * from 'meilisearch/dist/index';
}
