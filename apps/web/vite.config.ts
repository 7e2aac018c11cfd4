import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset at build time, so the server sends them as they are
 * (fastify-static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'crate-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await readFile(file);
          if (source.length < 1024) return;
          await writeFile(`${file}.br`, await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, await gz(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The modules a lazy screen imports besides those the entry already holds (its cards, grids, player
 * buttons), gathered once the module graph is known: as one chunk group they arrive in one request
 * beside the screen's own chunk, instead of a dozen small shared chunks competing for the browser's
 * six connections. Screens that share some of them load the same chunk.
 */
function screenPartsGroup(screen: RegExp): { plugin: Plugin; test: (id: string) => boolean } {
  const parts = new Set<string>();
  return {
    plugin: {
      name: 'crate-screen-parts',
      apply: 'build',
      buildEnd() {
        const closure = (from: string[]) => {
          const seen = new Set<string>();
          for (const stack = [...from]; stack.length > 0; ) {
            const id = stack.pop()!;
            if (seen.has(id)) continue;
            seen.add(id);
            stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
          return seen;
        };
        const ids = [...this.getModuleIds()];
        const initial = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
        const screenId = ids.find((id) => screen.test(id));
        if (!screenId) throw new Error(`crate-screen-parts: no module matches ${screen}`);
        for (const id of closure([screenId])) if (id !== screenId && !initial.has(id)) parts.add(id);
      },
    },
    test: (id) => parts.has(id),
  };
}

const discoverParts = screenPartsGroup(/[\\/]features[\\/]browse[\\/]routes[\\/]discover-screen\.tsx$/);

/**
 * `npm run dev` runs the API on 3001 and this dev server on 3000; /api is proxied so the browser
 * sees one origin (same cookies, same CSRF origin check as in production).
 */
const API_TARGET = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react(), precompress(), discoverParts.plugin],
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
    modulePreload: {
      // Every browser of the es2022 target supports <link rel="modulepreload">: no polyfill in the entry.
      polyfill: false,
      // A lazy screen's imports are listed in the entry only for Discover, the first screen of most visits
      // (its two chunks load side by side, not one after the other); the table of every chunk of every
      // screen was ~3 KB gz of each first load. Other screens' chunks find their imports themselves,
      // mostly shared chunks already loaded.
      resolveDependencies: (filename, deps, { hostType }) => (hostType === 'html' || /(^|\/)discover-screen-/.test(filename) ? deps : []),
    },
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no side effect: one that no chunk uses is dropped, and with it zod from a
        // chunk that needs nothing else of its module. A schema some lazy screen uses stays where its module
        // is, with zod: modules Discover loads define none (taxonomy.ts keeps its enums in taxonomy-schemas.ts).
        // (No code here calls z.config or registers schemas; the server's OpenAPI is not built by Vite.)
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          // zod on its own: otherwise it is merged into a chunk shared with small things every screen
          // needs (genre labels, error alerts), and a screen that validates nothing still downloads it.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Everything the entry imports statically is needed before anything renders: one file, instead of
            // the ~30 small chunks shared with lazy screens that rolldown made of it by default (each a request
            // of its own: ~300 ms over the six HTTP/1.1 connections of a first load, even on localhost).
            { name: 'app', tags: ['$initial'] },
            // Discover's cards, grids and play buttons: one chunk beside the screen's own (see screenPartsGroup).
            { name: 'discover-parts', test: discoverParts.test },
          ],
        },
      },
    },
  },
});
