// Lint: TypeScript (typescript-eslint), React hooks, and accessibility (jsx-a11y). Run by `npm run lint`
// and by CI before the tests. Formatting is Prettier's job (`npm run format`), not ESLint's.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["node_modules/", "build/", "public/", "app/generated/", ".data/", ".cache/", "test-results/", "playwright-report/", "prisma/migrations/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      // The classic hooks rules. The React Compiler rules of react-hooks 7 (refs, purity,
      // set-state-in-effect…) describe code the compiler can optimise; we don't use the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Dialogs and the sign-in card move focus to their first field on purpose (spec: focus management).
      "jsx-a11y/no-autofocus": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Every JSON call from the browser goes through apiFetch (the spec's 401 rule).
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='fetch'] > Literal[value=/^\\/api\\//]",
          message: "Call the product's JSON routes through apiFetch (app/auth/api-fetch.ts), which handles 401.",
        },
        {
          selector: "CallExpression[callee.name='fetch'] > TemplateLiteral > TemplateElement[value.raw=/^\\/api\\//]",
          message: "Call the product's JSON routes through apiFetch (app/auth/api-fetch.ts), which handles 401.",
        },
        {
          // `import { z }` makes the browser bundle carry all of zod (every locale, JSON schema).
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > :matches(ImportSpecifier[imported.name='z'][importKind!='type'], ImportDefaultSpecifier)",
          message: 'Import zod as `import * as z from "zod"`: the browser bundle then keeps only the parts a page uses.',
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", __dirname: "readonly", require: "readonly", module: "writable" } },
  },
  {
    files: ["tests/**", "scripts/**", "prisma/**"],
    rules: { "no-restricted-syntax": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
);
