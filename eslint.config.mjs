import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Tests read JSON bodies loosely on purpose: the assertions are the type check.
    files: ["test/**/*.ts", "e2e/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  { ignores: [".next/**", "node_modules/**", "lib/generated/**", ".data/**", "bench/.out/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
