import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  // .br and .gz beside every text file, served as they are by the API (apps/api/src/http/spa-fallback.ts).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    // The SPA shares the API's zod contracts (validation rules of SPEC §5) from source.
    alias: {
      '@app/contracts': fileURLToPath(new URL('../../libs/contracts/src', import.meta.url)),
      // `@/…` is apps/web/src (as in tsconfig.json paths and the jest web project).
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
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
});
