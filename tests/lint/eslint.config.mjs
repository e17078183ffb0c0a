// ESLint for the browser's scripts (scorekeeper/static/*.js), run from the repository's root (make lint):
// classic scripts in the page's global scope, written to run in any phone's browser a club member carries.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["scorekeeper/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2017,
      sourceType: "script",
      globals: {
        ...globals.browser, ...globals.serviceworker,
        module: "readonly",  // a script that the Node parity tests also load exports itself
        // What one page's scripts give the next: the words (languages.script), then each module's one name.
        ...Object.fromEntries(["_", "ngettext", "Dom", "BidState", "BidsAll", "CountDraft", "countsForm", "Live",
          "OfflineHand", "OfflineSheet", "QueueEngine", "QueueForms", "QueuePages", "QueueStatus", "TapConflict",
          "TapStore"].map((name) => [name, "readonly"])),
      },
    },
    rules: {
      // A script's top-level names are for the page's other scripts; a caught error is often not read.
      "no-unused-vars": ["error", { vars: "local", caughtErrors: "none" }],
      "no-redeclare": ["error", { builtinGlobals: false }],  // the script that gives a name defines it
      // Each script one job, short enough to read whole (issue 26: the offline queue split by job).
      "max-lines": ["error", { max: 300 }],
    },
  },
  {
    files: ["scorekeeper/static/**/*.js"],
    ignores: ["scorekeeper/static/dom.js"],
    rules: {
      // The DOM helper is written once, in dom.js (Dom.el); no script makes its own.
      "no-restricted-syntax": ["error", {
        selector: "FunctionDeclaration[id.name='el'], VariableDeclarator[id.name='el'][init.type=/Function/]",
        message: "use Dom.el from dom.js",
      }],
    },
  },
];
