/**
 * `npm test` on a fresh machine: npm's pretest (test/support/system-packages.mjs) checks for Debian's chromium,
 * PostgreSQL and MariaDB before the build, installs what is missing when it may (root with apt-get), and
 * otherwise stops within seconds naming the one command that installs it. The black-box run hides the
 * binaries behind a PATH holding only node, as on a machine without them (and without apt-get).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { installCommand, missingPackages, provisioningPlan, SYSTEM_PACKAGES } from "../../support/system-packages.mjs";
import { repoRoot } from "../support.js";

const CHROMIUM = { name: "chromium", purpose: "the end-to-end tests' browser" };
const POSTGRES = { name: "postgresql", purpose: "the PostgreSQL adapter's tests" };

describe("the tests' system packages", () => {
  it("stops in the first seconds, naming the command that installs chromium, when the machine lacks it", () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "create-auth-path-"));
    try {
      fs.symlinkSync(process.execPath, path.join(bin, "node"));
      const begun = performance.now();
      const run = spawnSync(process.execPath, [path.join("test", "support", "system-packages.mjs")], {
        cwd: repoRoot,
        env: { PATH: bin, HOME: os.tmpdir() },
        encoding: "utf8",
      });
      const ms = performance.now() - begun;
      expect(run.status).toBe(1);
      expect(ms).toBeLessThan(5_000);
      expect(run.stdout).toBe("");
      const lines = run.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      // PostgreSQL and MariaDB may be running here (their ports then count), chromium cannot be found.
      expect(lines[0]).toMatch(/^tests: The tests need chromium \(the end-to-end tests' browser\)/);
      expect(lines[0]).toMatch(/Install with: (sudo )?apt-get install -y chromium( [a-z-]+)*( \(on Debian|$)/);
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });

  it("finds nothing missing on this machine, where the suite runs", async () => {
    await expect(missingPackages()).resolves.toEqual([]);
  });

  it("counts a database server answering on its port as present, without its commands", async () => {
    const missing = await missingPackages({ find: () => undefined, answers: async (port) => port === 5432 });
    expect(missing.map((pkg) => pkg.name)).toEqual(["chromium", "mariadb-server", "redis-server", "hyperfine"]);
  });

  it("recognises each package by the commands the test harnesses run", async () => {
    for (const pkg of SYSTEM_PACKAGES) {
      for (const command of pkg.commands) {
        const missing = await missingPackages({
          find: (name) => (name === command ? `/usr/bin/${name}` : undefined),
          answers: async () => false,
        });
        expect(missing.map((m) => m.name)).not.toContain(pkg.name);
      }
    }
  });

  it("installs as root with apt-get, all missing packages in one run", () => {
    expect(provisioningPlan([CHROMIUM, POSTGRES], { root: true, aptGet: true })).toEqual({
      action: "install",
      names: ["chromium", "postgresql"],
    });
  });

  it("stops with the sudo command for anyone else", () => {
    const plan = provisioningPlan([CHROMIUM, POSTGRES], { root: false, aptGet: true });
    expect(plan).toEqual({
      action: "stop",
      message:
        "The tests need chromium (the end-to-end tests' browser), postgresql (the PostgreSQL adapter's tests), which this machine lacks. Install with: sudo apt-get install -y chromium postgresql",
    });
  });

  it("does nothing when nothing is missing", () => {
    expect(provisioningPlan([], { root: false, aptGet: false })).toEqual({ action: "none" });
    expect(installCommand(["mariadb-server"], { root: true })).toBe("apt-get install -y mariadb-server");
  });
});
