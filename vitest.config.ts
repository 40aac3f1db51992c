import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/runtime/**/*.test.ts", "test/cli/**/*.test.ts", "test/security/**/*.test.ts"],
          // One fixed seed for every property test (FC_SEED to choose another): CI runs are reproducible.
          setupFiles: ["test/support/fast-check-seed.ts"],
          testTimeout: 20_000,
          // A fresh process per file spent half of test/runtime's CPU loading the same modules again (59 s →
          // 30 s without it). A file that changes process state (env, globals) restores it in its own hooks.
          isolate: false,
          // Vitest's default is one worker fewer than the cores: one on the 2-core machines this runs on. The
          // files wait on tsc, Prisma, the CLI and the databases often enough for a second one to fill in.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          testTimeout: 600_000,
          hookTimeout: 600_000,
          // Two files at a time: an e2e file spends most of its time in npm install, a framework's build and its
          // server, which leave a core idle as often as not (one at a time they took 48 min of CI). Every file has
          // its own ports, temp dirs and databases; what they share is made once (global-setup.ts) or race-safe
          // (Node 24's install, the SQLite prebuild).
          maxWorkers: 2,
          globalSetup: ["test/e2e/support/global-setup.ts"],
        },
      },
    ],
  },
});
