// ESLint (flat config) for the browser client in warroom/web: ES modules in the browser, the
// recommended rules plus a few that catch what review kept finding. Run by ./dev test.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["warroom/web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-script-url": "error",
      "no-shadow-restricted-names": "error",
      "no-throw-literal": "error",
      "no-unused-expressions": "error",
      // text goes in as text nodes (net.js `el`): markup from a string is how names and messages
      // from other players would become HTML
      "no-restricted-properties": ["error",
        { property: "innerHTML", message: "build nodes with el()/svg(); text as text" },
        { property: "outerHTML", message: "build nodes with el()/svg(); text as text" },
        { property: "insertAdjacentHTML", message: "build nodes with el()/svg(); text as text" },
        { object: "document", property: "write", message: "build nodes with el()/svg()" }],
    },
  },
];
