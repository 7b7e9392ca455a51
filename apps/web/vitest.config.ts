import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // A guard against a hang, not a speed check: in CI these run beside the browser journeys on two
    // cores, where a wizard test that takes 3 s alone took more than 15 s.
    testTimeout: 45_000,
  },
});
