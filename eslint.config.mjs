import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";
import ROUTE_METHODS from "./lib/http/shared/route-methods.json" with { type: "json" };

// lib/ layout: where code runs (scripts/restructure/split-lib.mjs).
// A module's tier is its directory, lib/<domain>/{server,client,shared}/: client/ and shared/
// never import server/ or "server-only"; shared/ never imports client/; server/ never imports
// client/. Type-only imports are allowed: they are erased.
const SERVER_DIR = {
  regex: "^(@/lib/[^/]+/|(\\.{1,2}/)+([^/]+/)?)server(/|$)",
  allowTypeImports: true,
  message: "server/ modules do not run in the browser: import a shared/ module, or move the code.",
};
const CLIENT_DIR = {
  regex: "^(@/lib/[^/]+/|(\\.{1,2}/)+([^/]+/)?)client(/|$)",
  allowTypeImports: true,
  message: "client/ modules need a browser: only client code may import them.",
};
const SERVER_ONLY = { name: "server-only", message: 'Only lib/*/server/ modules start with import "server-only".' };
const SERVER_PATH = new RegExp(SERVER_DIR.regex);

// A 'use client' module anywhere (components/, app/) ships to the browser: no value import of a
// server/ module or of "server-only". ESLint globs cannot see the directive, hence a rule.
const useClientBoundary = {
  meta: { type: "problem", schema: [], messages: { server: "A 'use client' module cannot import {{source}}." } },
  create(context) {
    const isClient = context.sourceCode.ast.body.some(
      (node) => node.type === "ExpressionStatement" && node.directive === "use client",
    );
    if (!isClient) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || node.importKind === "type" || node.exportKind === "type") return;
      if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"))
        return;
      if (source === "server-only" || SERVER_PATH.test(source))
        context.report({ node, messageId: "server", data: { source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// route-methods.json is what the HTTP front and otherMethods() know of each API route: a route
// file must export exactly its listed methods and refuse every other one through otherMethods.
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
const routeMethods = {
  meta: {
    type: "problem",
    fixable: "code",
    schema: [],
    messages: {
      unlisted: "route-methods.json has no entry for {{apiPath}}: add its methods there.",
      served: "{{apiPath}} exports {{exported}}, but route-methods.json lists {{listed}}.",
      refusal:
        'End the file with `export const { {{refused}} } = otherMethods("{{apiPath}}");` so every other method is a 405 with Allow and the error body.',
      stale: "route-methods.json lists {{apiPath}}, which has no route file: remove the entry.",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    if (file === "app/api/[...slug]/route.ts") {
      // The catch-all answers every path without a route file, so it reports the table's leftovers.
      return {
        Program(program) {
          for (const apiPath of Object.keys(ROUTE_METHODS)) {
            if (!existsSync(path.join(context.cwd, `app${apiPath}/route.ts`)))
              context.report({ node: program, messageId: "stale", data: { apiPath } });
          }
        },
      };
    }
    const apiPath = /^app(\/api\/[^[]*)\/route\.ts$/.exec(file)?.[1];
    if (!apiPath) return {};
    return {
      Program(program) {
        const listed = ROUTE_METHODS[apiPath];
        if (!listed) return context.report({ node: program, messageId: "unlisted", data: { apiPath } });
        const own = [];
        let refusal;
        for (const node of program.body) {
          if (node.type !== "ExportNamedDeclaration") continue;
          const declaration = node.declaration;
          if (declaration?.type === "FunctionDeclaration" && declaration.id) own.push(declaration.id.name);
          for (const declarator of declaration?.type === "VariableDeclaration" ? declaration.declarations : []) {
            const call = declarator.init;
            if (declarator.id.type === "Identifier") own.push(declarator.id.name);
            else if (
              call?.type === "CallExpression" &&
              call.callee.type === "Identifier" &&
              call.callee.name === "otherMethods"
            )
              refusal = { pattern: declarator.id, call };
          }
          for (const specifier of node.specifiers) own.push(specifier.exported.name);
        }
        const exported = HTTP_METHODS.filter((method) => own.includes(method));
        if (exported.join() !== HTTP_METHODS.filter((method) => listed.includes(method)).join()) {
          const data = { apiPath, exported: exported.join(", ") || "no method", listed: listed.join(", ") };
          context.report({ node: program, messageId: "served", data });
        }
        const refused = HTTP_METHODS.filter((m) => !listed.includes(m) && !(m === "HEAD" && listed.includes("GET")));
        const names =
          refusal?.pattern.type === "ObjectPattern" ? refusal.pattern.properties.map((p) => p.key?.name) : [];
        const argument = refusal?.call.arguments[0];
        if (refusal && names.join() === refused.join() && argument?.type === "Literal" && argument.value === apiPath)
          return;
        const data = { apiPath, refused: refused.join(", ") };
        context.report({
          node: refusal?.call ?? program,
          messageId: "refusal",
          data,
          fix: refusal
            ? (fixer) => [
                fixer.replaceText(refusal.pattern, `{ ${data.refused} }`),
                fixer.replaceText(refusal.call, `otherMethods("${apiPath}")`),
              ]
            : null,
        });
      },
    };
  },
};

const ERROR_BODY = {
  selector: "Property[key.name='error'][value.type='ObjectExpression']",
  message:
    "Build error bodies with errorBody()/apiErrorResponse() (lib/http/shared/api-error.ts) from the error-code table.",
};
// The operator console is where the raw status is what the reader needs; it is left out.
const STATUS_TEXT = [
  {
    selector: "TemplateLiteral Identifier[name='status']",
    message:
      "Buyers read words, not a gateway status: use describePaymentStatus() (lib/payments/shared/payment-status.ts).",
  },
  {
    selector:
      ":matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Identifier[name='status'], MemberExpression[property.name='status'])",
    message:
      "Buyers read words, not a gateway status: use describePaymentStatus() (lib/payments/shared/payment-status.ts).",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.{ts,tsx,mts}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Playwright fixtures are named `use`, which the React hooks rule mistakes for a hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  // lib/ layout: where code runs (scripts/restructure/split-lib.mjs). Type imports are erased, so a client
  // may take a request type from a server schema; everything else follows the directory.
  {
    files: ["lib/*/client/**/*.{ts,tsx,mts}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [SERVER_ONLY], patterns: [SERVER_DIR] }] },
  },
  {
    files: ["lib/*/shared/**/*.{ts,tsx,mts}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [SERVER_ONLY], patterns: [SERVER_DIR, CLIENT_DIR] },
      ],
    },
  },
  {
    files: ["lib/*/server/**/*.{ts,tsx,mts}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [CLIENT_DIR] }] },
  },
  {
    // lib/platform/server/config.ts is the one reader of the environment (README "Configuration"):
    // everything else takes validated values from getConfig(). Tooling and tests run outside the
    // app and set up or read its environment themselves.
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: ["lib/platform/server/config.ts", "scripts/**", "tests/**", "e2e/**", "**/*.config.*"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read configuration through getConfig() (lib/platform/server/config.ts), the one reader of the environment.",
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    plugins: { layout: { rules: { "use-client-boundary": useClientBoundary } } },
    rules: { "layout/use-client-boundary": "error" },
  },
  {
    files: ["app/api/**/route.ts"],
    plugins: { api: { rules: { "route-methods": routeMethods } } },
    rules: { "api/route-methods": "error" },
  },
  // Every error answer's body comes from lib/http/shared/api-error.ts and the closed table of
  // error-codes.ts; public pages show a payment's outcome in words, never a gateway status.
  {
    files: ["lib/**/*.{ts,tsx,mts,mjs}", "app/admin/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ERROR_BODY] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/admin/**"],
    rules: { "no-restricted-syntax": ["error", ERROR_BODY, ...STATUS_TEXT] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/admin/**"],
    rules: { "no-restricted-syntax": ["error", ...STATUS_TEXT] },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "lib/generated/**",
    ".data/**",
    ".test-data/**",
    "test-results/**",
    "playwright-report/**",
    "bench-results/**",
    "test-reports/**",
    "next-env.d.ts",
  ]),
]);
