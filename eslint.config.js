// Type-aware lint. no-deprecated matters most: Foundry v14 removes what v13 deprecates.
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**", "reports/**", "tools/**", "**/*.js", "**/*.mjs"] },
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-deprecated": "error",
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-extraneous-class": "off",
      // Declaration merging with Foundry's global namespaces (CONFIG.Queries) needs `declare global { namespace … }`.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
    },
  },
  {
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/unbound-method": "off",
      // Tests read JSON files into the shape they expect: readJson<Manifest>(file).
      "@typescript-eslint/no-unnecessary-type-parameters": "off",
    },
  },
);
