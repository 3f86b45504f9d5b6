import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiServer = 'http://localhost:3000';
// The SPA shares the API's zod contracts (validation rules of SPEC §5) from source.
const contracts = fileURLToPath(new URL('../../libs/contracts/src', import.meta.url));
// `@/…` is apps/web/src (as in tsconfig.json paths and the jest web project).
const source = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The server's entry (`vite build --ssr`): the SPA's first render of a page, for the API to paint
 * a post into the page (src/server-paint.tsx). One CommonJS file with every package in it, so the
 * API (a webpack bundle, and jest's e2e tests) requires it as it is.
 */
const serverPaint: UserConfig = {
  plugins: [react()],
  resolve: { alias: { '@app/contracts': contracts, '@': source } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/server-paint.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    rolldownOptions: { output: { format: 'cjs', entryFileNames: 'server-paint.cjs', codeSplitting: false } },
  },
};

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12532,
 * #14753): about 30 KB of warnings and checks a reader's browser would download on every first
 * visit. The SPA's production build takes the production build that ships beside it.
 */
const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const productionReactRouter = [
  { find: /^react-router$/, replacement: join(reactRouterProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterProduction, 'dom-export.mjs') },
];

const appAliases = [
  { find: '@app/contracts', replacement: contracts },
  { find: '@', replacement: source },
];

const spa: UserConfig = {
  // .br and .gz beside every text file, served as they are by the API (apps/api/src/http/spa-fallback.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: { alias: appAliases },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/images': { target: apiServer, changeOrigin: true },
      '/ProfilePictures': { target: apiServer, changeOrigin: true },
      '/File': { target: apiServer, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/images': { target: apiServer, changeOrigin: true },
      '/ProfilePictures': { target: apiServer, changeOrigin: true },
      '/File': { target: apiServer, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page needs (test/bench/spa-initial-js.ts measures the first screen from it).
    manifest: true,
    // Every browser the site supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // libs/contracts only declares schemas and constants: a page takes the few it uses, not
        // every schema of the API (and zod's parsers with them) because the shell needs one enum.
        moduleSideEffects: [{ test: /[\\/]libs[\\/]contracts[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => {
  if (isSsrBuild) return serverPaint;
  // `vite` (the dev server) keeps React Router's warnings.
  return command === 'build' ? { ...spa, resolve: { alias: [...productionReactRouter, ...appAliases] } } : spa;
});
