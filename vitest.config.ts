import { defineConfig } from "vitest/config";

// Run by Deno (`deno task test`, `deno task test:e2e`), so tests see the real
// Deno namespace: Deno.openKv(":memory:"), Deno.serve, Deno.Command.
export default defineConfig({
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "islands",
          include: ["tests/islands/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["tests/islands/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
