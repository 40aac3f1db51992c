/**
 * `auth doctor` and `auth update` judge each runtime file by one rule (update/runtime-state.ts), and every fix
 * doctor prints for the runtime package works as printed: an Express 5 app after init, on a real disk, never
 * committed (so git cannot restore anything), with one runtime file deleted, one edited, then the folder gone.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeTemps, repoRoot, tempDir } from "../../support.js";
import { runOnDisk } from "../../support-disk.js";

afterAll(removeTemps);

const RUNTIME = "vendor/auth-runtime";
const DELETED = `${RUNTIME}/jwt.js`;
const EDITED = `${RUNTIME}/index.js`;

interface Finding {
  id: string;
  level: string;
  message: string;
  fix?: string;
}

async function doctor(dir: string): Promise<Finding[]> {
  const result = await runOnDisk(["doctor", "--json"], { cwd: dir });
  return (JSON.parse(result.stdout) as { findings: Finding[] }).findings.filter((f) => f.id.startsWith("runtime."));
}

/** Runs a fix as printed: `npx create-auth <args>` becomes the same command in process. */
async function runFix(dir: string, fix: string): Promise<void> {
  const command = /npx create-auth ([\w ,-]+?)(?: \(|$)/.exec(fix)?.[1];
  expect(command, fix).toBeDefined();
  const argv = [...command!.trim().split(" "), ...(command!.includes("--yes") ? [] : ["--yes"]), "--no-install"];
  const result = await runOnDisk(argv, { cwd: dir });
  expect(result.status, `${fix}\n${result.stdout}${result.stderr}`).toBe(0);
}

describe("doctor and update agree on the runtime files (express-5-ts, never committed)", () => {
  it("a deleted file is missing for both, and doctor's fix (update) writes it again, said as restored", async () => {
    const dir = tempDir("update-doctor");
    cpSync(path.join(repoRoot, "test/fixtures/express-5-ts"), dir, { recursive: true });
    expect((await runOnDisk(["init", "--providers", "github", "--yes", "--no-install"], { cwd: dir })).status).toBe(0);
    const original = readFileSync(path.join(dir, DELETED), "utf8");
    rmSync(path.join(dir, DELETED));
    writeFileSync(path.join(dir, EDITED), `${readFileSync(path.join(dir, EDITED), "utf8")}// patched\n`);

    const findings = await doctor(dir);
    const missing = findings.find((f) => f.id === "runtime.file-missing")!;
    expect(missing.message).toContain(": jwt.js.");
    expect(missing.fix).toBe("npx create-auth update (it writes it again)");
    const edited = findings.find((f) => f.id === "runtime.file-changed")!;
    expect(edited.message).toContain("index.js");

    const update = await runOnDisk(["update", "--json", "--yes", "--no-install"], { cwd: dir });
    const report = JSON.parse(update.stdout) as { files: Record<string, unknown>; attention: { file: string }[] };
    expect(report.files["restored"]).toEqual([DELETED]);
    expect(report.files["created"]).toEqual([]);
    expect(report.attention.map((item) => item.file)).toEqual([EDITED]);
    expect(readFileSync(path.join(dir, DELETED), "utf8")).toBe(original);

    // The edit: update keeps it and says so, doctor says it is edited; doctor's fix takes create-auth's back.
    const again = await runOnDisk(["update", "--yes", "--force", "--no-install"], { cwd: dir });
    expect(again.stdout).toContain(
      `Nothing to update: ${RUNTIME} is create-auth 0.1.0's runtime but for 1 file you edited, kept as it is (below).`,
    );
    const [changed] = await doctor(dir);
    expect(changed).toMatchObject({ id: "runtime.file-changed" });
    expect(changed!.fix).toBe(
      "if the edit is not deliberate, delete the file and run npx create-auth update, which writes create-auth's version again",
    );
    rmSync(path.join(dir, EDITED));
    await runFix(dir, "npx create-auth update");
    expect((await doctor(dir)).map((f) => f.id)).toEqual(["runtime.intact"]);
  });

  it("a runtime folder never committed is not sent to git: doctor's fix writes it again", async () => {
    const dir = tempDir("update-doctor-folder");
    cpSync(path.join(repoRoot, "test/fixtures/express-5-ts"), dir, { recursive: true });
    const init = ["init", "--providers", "github", "--yes", "--no-install"];
    expect((await runOnDisk(init, { cwd: dir })).status).toBe(0);
    expect((await runOnDisk(["add-provider", "google", "--yes", "--no-install"], { cwd: dir })).status).toBe(0);
    rmSync(path.join(dir, RUNTIME), { recursive: true });

    const [gone] = await doctor(dir);
    expect(gone).toMatchObject({ id: "runtime.missing", level: "error" });
    expect(gone!.fix).not.toContain("git checkout");
    expect(gone!.fix).toContain("npx create-auth init --providers github,google --yes");
    await runFix(dir, gone!.fix!);
    expect((await doctor(dir)).map((f) => f.id)).toEqual(["runtime.intact"]);
  });
});
