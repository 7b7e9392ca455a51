import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://127.0.0.1:3000';

/** Writes .br and .gz beside every text asset so the server sends them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'envios-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The server-rendering bundle is read by Node from disk, never sent to browsers.
      if (ssr) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  // Favicon and the like belong to the browser build only.
  publicDir: isSsrBuild ? false : 'public',
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': apiTarget } },
  // `manifest`: the server reads which CSS and chunks each prerendered page needs.
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
  // The prerendering bundle (`vite build --ssr src/entry-server.tsx --outDir dist-ssr`): our
  // workspace packages are compiled in; libraries load from node_modules.
  ssr: { noExternal: ['@envios/contracts'] },
}));
