import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "test/**/*.test.ts", "inngest/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default for a run is one worker fewer than the CPUs, which on a two-CPU machine (CI's) is a single
    // worker. Most test files wait on PGlite, a started server or a child process rather than compute, so two
    // workers keep both CPUs busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    env: { LOG_LEVEL: "error" },
    globalSetup: ["test/setup/global-setup.ts"],
    setupFiles: ["test/setup/per-file.ts"],
  },
});
