import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The API and the realtime channel live on the server; the same origin keeps the session
    // cookie first-party, so the browser code never needs a base URL.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
