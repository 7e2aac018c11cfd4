import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * `npm run dev` runs the API on 3001 and this dev server on 3000; /api is proxied so the browser
 * sees one origin (same cookies, same CSRF origin check as in production).
 */
const API_TARGET = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    strictPort: true,
    proxy: {
      // changeOrigin stays false: the API's CSRF check compares Origin with Host, both localhost:3000.
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
