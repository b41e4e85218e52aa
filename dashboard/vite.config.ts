import { defineConfig } from 'vite';

// Preact through the automatic JSX runtime (Vite's oxc transform); no plugin needed.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed names under assets/: the cloud caches them for a year (cloud/src/http/dashboard-static.ts).
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/auth': 'http://localhost:8080' } },
});
