import { defineConfig } from "vite";

// One minified ES module bundle for Foundry; everything else in dist/ is assembled by tools/build.mjs.
// Not lib mode: Vite leaves lib-mode ES output unminified.
export default defineConfig({
  publicDir: false,
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
      preserveEntrySignatures: "strict",
      // keepNames: Foundry stores a roll's class name in chat messages and keys registered sheets by class name.
      output: { format: "es", entryFileNames: "genesys.mjs", chunkFileNames: "genesys-[name].mjs", codeSplitting: false, keepNames: true },
    },
  },
});
