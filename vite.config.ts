import { defineConfig, type Plugin } from "vite";

/**
 * Every module the entry imports statically, found once the module graph is complete: they go into one chunk, so a
 * browser fetches the entry and that chunk at load, whatever the bundler would make of modules the lazily loaded
 * chunks share with them (each would otherwise become a chunk of its own, a dozen small fetches at load). The entry
 * module itself stays out of it: the lazily loaded chunks import what they share from that chunk, never from
 * genesys.mjs, so however Foundry writes the entry's URL, no module is ever instantiated twice.
 */
const loadedAtStart = new Set<string>();
const entryModules = new Set<string>();
const staticClosure: Plugin = {
  name: "genesys-static-closure",
  buildEnd() {
    const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry === true);
    for (const id of entries) entryModules.add(id);
    const stack = [...entries];
    while (stack.length > 0) {
      const id = stack.pop();
      if (id === undefined || loadedAtStart.has(id)) continue;
      loadedAtStart.add(id);
      stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

// A minified ES module entry for Foundry and its lazily loaded chunks; everything else in dist/ is assembled by tools/build.mjs.
// Not lib mode: Vite leaves lib-mode ES output unminified.
export default defineConfig({
  // Chunks are found beside the entry, wherever Foundry serves the system from (as pf2e builds).
  base: "./",
  publicDir: false,
  plugins: [staticClosure],
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    target: "es2022",
    reportCompressedSize: false,
    modulePreload: false,
    rolldownOptions: {
      input: "src/genesys.ts",
      preserveEntrySignatures: "allow-extension",
      // What only the Narrator or the self-test runs is a chunk of its own, loaded with import() on first use, from
      // the system's folder beside the entry (pf2e ships vendor.mjs beside pf2e.mjs the same way). The hash names a
      // chunk by its content, so a browser never pairs a new entry with an old chunk from its cache.
      output: {
        format: "es",
        entryFileNames: "genesys.mjs",
        chunkFileNames: "chunks/[name]-[hash].mjs",
        codeSplitting: { groups: [{ name: "genesys-core", test: (id) => loadedAtStart.has(id) && !entryModules.has(id) }] },
        // Class names only: Foundry stores a roll's class name in chat messages, keys registered sheets by class name and
        // names an application's render hooks after its classes. Keeping every function's name too cost 9 KB gzip.
        minify: { compress: { keepNames: { class: true, function: false } }, mangle: { keepNames: { class: true, function: false } } },
      },
    },
  },
});
