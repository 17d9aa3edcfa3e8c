import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000', '/get-dynamic-tabs': 'http://localhost:3000' } },
});
