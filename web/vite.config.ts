/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves web/dist under /nine/ with an SPA fallback, so assets must resolve from there.
const apiTarget = `http://127.0.0.1:${process.env.NINE_SERVER_PORT ?? '3000'}`;

export default defineConfig({
  base: '/nine/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chakra + React land in one vendor chunk; the app itself is small.
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://localhost/nine/' } },
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
