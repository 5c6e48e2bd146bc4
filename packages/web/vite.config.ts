import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset beside it; the server sends the best one the
    // browser accepts (@fastify/static preCompressed), so serving costs no compression at all.
    compression({
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    // The API and the realtime channel live on the server; the same origin keeps the session
    // cookie first-party, so the browser code never needs a base URL.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
