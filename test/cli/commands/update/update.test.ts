/**
 * `auth update` on a runtime written by an OLDER build of this repository (test/fixtures/update-older-next:
 * next-app after init by commit 1900fe5's CLI, see its README), with the three kinds of local edit: a file
 * left untouched (replaced), one edited away from this runtime's changes (merged three-way, the base read
 * from runtime-store/), and one edited where this runtime changed it too (left alone and reported, or written
 * with conflict markers when the user agrees on a terminal, or with --force). Then what must be refused
 * (a missing or corrupt manifest, manifest paths out of the runtime folder) and the dependencies raised.
 * In memory (support.ts), through the real argv parser. The terminal's questions are answered through a stand-in for the
 * prompt module (clack needs a real TTY; prompts.test.ts drives that one for init).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Host } from "../../../../src/cli/commands/host.js";
import { run } from "../../../../src/cli/main.js";
import { mergeThreeWay } from "../../../../src/cli/merge/three-way.js";
import { contentAfter, contentBefore, type Plan } from "../../../../src/cli/plan/types.js";
import { lowestVersion } from "../../../../src/cli/runtime-package/dependencies.js";
import { planRuntimePackage, runtimePackageFiles, sha256 } from "../../../../src/cli/runtime-package/plan.js";
import { loadRuntimeSource } from "../../../../src/cli/runtime-package/source.js";
import { loadRuntimeStore } from "../../../../src/cli/runtime-package/store.js";
import { type MemoryProject, memoryFixture, repoRoot, runInMemory, tempDir } from "../../support.js";

const answers: boolean[] = [];
const questions: string[] = [];
vi.mock("../../../../src/cli/commands/answers/prompt.js", () => ({
  confirm: async (message: string) => {
    questions.push(message);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`unexpected question: ${message}`);
    return answer;
  },
}));
beforeEach(() => {
  answers.length = 0;
  questions.length = 0;
});

const RUNTIME = "vendor/auth-runtime";
// Files of the older runtime that this one still has at the same path, changed: core/server-actions.js,
// merged here before, is now the server layer's folder (core/server/).
// Files of the older runtime that this one still has at the same path, changed. The older runtime is one file
// per module; this one joins its modules into entries and shared chunks (scripts/bundle-runtime.mjs), so most
// of the older `.js` files are gone (below) and the declarations, still one per module, are what remains.
const UNTOUCHED = "jwt.d.ts";
const MERGED = "errors.d.ts";
/** A line of this runtime's MERGED that the older one lacks: an error class added since. */
const MERGED_CHANGE = "export declare class AccountLinkRefused extends SignInError {";
const CONFLICTED = "next/types.d.ts";
const MY_NOTE = "// my note: kept through updates\n";
const OLD_IMPORT = 'import type { AuthConfig, Session, User } from "../types.js";';

const source = loadRuntimeSource(path.join(repoRoot, "dist/runtime/"));
const at = (file: string) => `${RUNTIME}/${file}`;

/** The runtime package this CLI writes for the fixture's entries, by file. */
function wantedFiles(project: MemoryProject): Map<string, string> {
  const entries = JSON.parse(project.read(at("MANIFEST.json"))).entries;
  return new Map(runtimePackageFiles(source, entries).map((file) => [file.path, file.content]));
}

/** The older app with a note added far from this runtime's changes, and an edit on a line it changed. */
function editedProject(): MemoryProject {
  const project = memoryFixture("update-older-next");
  const lines = project.read(at(MERGED)).split("\n");
  lines.splice(99, 0, MY_NOTE.trimEnd());
  project.write(at(MERGED), lines.join("\n"));
  const conflicted = project.read(at(CONFLICTED));
  expect(conflicted).toContain(OLD_IMPORT);
  project.write(at(CONFLICTED), conflicted.replace(OLD_IMPORT, `${OLD_IMPORT} // mine`));
  return project;
}

function manifestOf(project: MemoryProject): { version: string; files: Record<string, string> } {
  return JSON.parse(project.read(at("MANIFEST.json")));
}

/**
 * The in-memory project on a host this file controls: on a terminal (the prompt module above answers), and
 * an installer that records what it was asked to run.
 */
async function runOn(project: MemoryProject, args: string[], options: { terminal: boolean }) {
  const output = { stdout: "", stderr: "", installs: [] as string[] };
  const host: Host = {
    cwd: project.root,
    env: {},
    terminal: options.terminal,
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    reader: () => project.reader(),
    apply(plan: Plan) {
      for (const change of plan.changes) expect(project.files.get(change.path) ?? null).toBe(contentBefore(change));
      for (const change of plan.changes) {
        const after = contentAfter(change);
        if (after === null) project.remove(change.path);
        else project.write(change.path, after);
      }
      return { written: plan.changes.length };
    },
    async install(_root, step) {
      output.installs.push(step.command.join(" "));
    },
    runtime: () => source,
  };
  const status = await run(["update", project.root, ...args], "create-auth", host);
  return { status, ...output };
}

describe("update on an older build's runtime", () => {
  it("the older runtime differs from this CLI's, and the store holds the base of each of its files", () => {
    const project = memoryFixture("update-older-next");
    const wanted = wantedFiles(project);
    const differing = [...wanted].filter(
      ([file, text]) => file !== "MANIFEST.json" && project.files.get(at(file)) !== text,
    );
    expect(differing.length).toBeGreaterThanOrEqual(3);
    const store = loadRuntimeStore();
    for (const [file, hash] of Object.entries(manifestOf(project).files)) {
      expect(store.get(hash), file).toBe(project.read(at(file)));
    }
  });

  it("replaces untouched files, merges an edit, leaves a conflicting edit alone and says so (no terminal)", async () => {
    const project = editedProject();
    const before = { merged: project.read(at(MERGED)), conflicted: project.read(at(CONFLICTED)) };
    const oldManifest = manifestOf(project);
    const result = await runInMemory(project, ["update", project.root, "--yes"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const wanted = wantedFiles(project);

    expect(project.read(at(UNTOUCHED))).toBe(wanted.get(UNTOUCHED));
    // Merged: the user's note and this runtime's change, and nothing else differs from this runtime's file.
    const merged = project.read(at(MERGED));
    expect(merged).toContain(MY_NOTE);
    expect(merged).toContain(MERGED_CHANGE);
    expect(merged.replace(MY_NOTE, "")).toBe(wanted.get(MERGED));
    expect(merged).toBe(
      mergeThreeWay(loadRuntimeStore().get(oldManifest.files[MERGED]!)!, before.merged, wanted.get(MERGED)!, {
        yours: "yours",
        base: "base",
        theirs: "theirs",
      }).text,
    );
    // The conflict: the file is as the user left it, and reported.
    expect(project.read(at(CONFLICTED))).toBe(before.conflicted);
    expect(result.stdout).toContain("1 file needs your attention:");
    expect(result.stdout).toContain(
      `${at(CONFLICTED)}: your edits and this runtime's changes overlap (1 conflicting region): left as it is, not updated.`,
    );
    // Every other file is this runtime's.
    for (const [file, text] of wanted) {
      if (file !== MERGED && file !== CONFLICTED && file !== "MANIFEST.json")
        expect(project.read(at(file)), file).toBe(text);
    }
    // The manifest: this runtime's hashes, except the file left alone keeps its base for the next run.
    const manifest = manifestOf(project);
    expect(manifest.version).toBe(source.version);
    expect(manifest.files[MERGED]).toBe(sha256(wanted.get(MERGED)!));
    expect(manifest.files[CONFLICTED]).toBe(oldManifest.files[CONFLICTED]);
    expect(manifest.files[UNTOUCHED]).toBe(sha256(wanted.get(UNTOUCHED)!));

    // Right after: nothing else to do; the conflict is still reported, and so is the merged file's edit, kept.
    const hash = project.hash();
    const again = await runInMemory(project, ["update", project.root, "--yes"]);
    expect(again.status).toBe(0);
    expect(project.hash()).toBe(hash);
    expect(again.stdout).toContain("Nothing else to do; 2 files need your attention (below).");
    expect(again.stdout).toContain(
      `${at(MERGED)}: you edited it, and this runtime has the version create-auth wrote there: your edit stays (to take create-auth's back, delete the file and run npx create-auth update).`,
    );
  });

  it("--force writes the conflict markers, records this runtime as the base, and says to resolve them", async () => {
    const project = editedProject();
    const result = await runInMemory(project, ["update", project.root, "--yes", "--force"]);
    expect(result.status).toBe(0);
    const text = project.read(at(CONFLICTED));
    // The conflicting region: the imports, which the user's edit and this runtime's both changed.
    expect(text).toContain(`<<<<<<< yours\n${OLD_IMPORT} // mine\n`);
    expect(text).toContain(`||||||| base (create-auth 0.1.0)\n${OLD_IMPORT}\n`);
    expect(text).toContain('=======\nimport type { IntegrationConfig } from "../core/server/config.js";\n');
    expect(text).toContain(`>>>>>>> create-auth ${source.version}\n`);
    expect(manifestOf(project).files[CONFLICTED]).toBe(sha256(wantedFiles(project).get(CONFLICTED)!));
    expect(result.stdout).toContain(`Resolve the conflict markers in ${at(CONFLICTED)}`);
    // Once resolved (here: keeping both imports), the next update has nothing to update, and says the
    // resolved file is an edit it keeps (doctor reports it as edited too), even under --force.
    project.write(at(CONFLICTED), wantedFiles(project).get(CONFLICTED)!.replace("\n", "\n// resolved\n"));
    const hash = project.hash();
    const again = await runInMemory(project, ["update", project.root, "--yes", "--force"]);
    expect(again.stdout).toContain(
      `Nothing to update: ${RUNTIME} is create-auth ${source.version}'s runtime but for 2 files you edited, kept as they are (below).`,
    );
    expect(again.stdout).toContain(`Edited by you, kept (2 files):\n  ${at(MERGED)}: you edited it`);
    expect(project.hash()).toBe(hash);
  });

  it("on a terminal asks per conflicted file, default no: yes writes the markers", async () => {
    const project = editedProject();
    answers.push(true, true);
    const result = await runOn(project, [], { terminal: true });
    expect(result.status).toBe(0);
    expect(questions[0]).toBe(
      `${at(CONFLICTED)}: your edits and this runtime's changes overlap (1 conflicting region). Write it with conflict markers for you to resolve? (no leaves it as it is)`,
    );
    expect(questions[1]).toMatch(/^Apply \d+ changes\?$/);
    expect(project.read(at(CONFLICTED))).toContain("<<<<<<< yours\n");
    expect(result.stdout).toContain("+++ b/vendor/auth-runtime/next/types.d.ts");
  });

  it("on a terminal, no leaves the file as it is and reports it; --yes asks nothing", async () => {
    const project = editedProject();
    const conflicted = project.read(at(CONFLICTED));
    answers.push(false, true);
    const result = await runOn(project, [], { terminal: true });
    expect(result.status).toBe(0);
    expect(questions).toHaveLength(2);
    expect(project.read(at(CONFLICTED))).toBe(conflicted);
    expect(result.stdout).toContain("1 file needs your attention:");

    const other = editedProject();
    const quiet = await runOn(other, ["--yes"], { terminal: true });
    expect(quiet.status).toBe(0);
    expect(questions).toHaveLength(2);
    expect(other.read(at(CONFLICTED))).toBe(conflicted);
  });

  it("--dry-run shows every file's diff and the conflict, and writes nothing", async () => {
    const project = editedProject();
    const hash = project.hash();
    const result = await runInMemory(project, ["update", project.root, "--dry-run"]);
    expect(result.status).toBe(0);
    expect(project.hash()).toBe(hash);
    expect(result.stdout).toMatch(/edit +vendor\/auth-runtime\/errors\.d\.ts +your edits merged with create-auth/);
    expect(result.stdout).toContain(`+++ b/${at(UNTOUCHED)}`);
    // The merged file's diff is from the user's file: this runtime's change comes in, the note is not touched.
    expect(result.stdout).toContain(`+${MERGED_CHANGE}`);
    expect(result.stdout).not.toContain(`-${MY_NOTE}`.trimEnd());
    expect(result.stdout).toContain("Dry run: nothing was written.");
    expect(result.stdout).toContain("1 file needs your attention:");
  });

  it("--json: one object with each file's fate and what needs attention", async () => {
    const project = editedProject();
    const wanted = wantedFiles(project);
    const gone = Object.keys(manifestOf(project).files)
      .filter((file) => !wanted.has(file))
      .map(at)
      .sort();
    // The per-module files whose code is now in chunks, and the renamed ones (core/session/jwe.js is
    // core/crypto/jwe.ts's now), among them.
    expect(gone).toEqual(
      expect.arrayContaining([at("core/csrf.js"), at("core/session/jwt.js"), at("core/session/jwe.js")]),
    );
    const result = await runInMemory(project, ["update", project.root, "--json"]);
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      ok: true,
      command: "update",
      dryRun: false,
      runtime: { from: "0.1.0", to: source.version },
      files: {
        merged: [at(MERGED)],
        conflicted: [{ file: at(CONFLICTED), regions: 1, base: true, markers: false }],
        // Gone from this runtime, none of them edited: every file of the older one this one no longer has.
        deleted: gone,
      },
      attention: [{ file: at(CONFLICTED), state: "kept" }],
      outcome: { applied: true },
    });
    expect(json.files.replaced).toContain(at(UNTOUCHED));
  });
});

describe("update: files and dependencies", () => {
  it("an edited file whose base the store lacks is a conflict (two-way), never overwritten", async () => {
    const project = memoryFixture("update-older-next");
    const manifest = manifestOf(project);
    // As a build whose files were never stored would have written it.
    manifest.files[MERGED] = sha256("a version of the file this CLI never released\n");
    project.write(at("MANIFEST.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const edited = `${MY_NOTE}${project.read(at(MERGED))}`;
    project.write(at(MERGED), edited);
    const result = await runInMemory(project, ["update", project.root, "--yes"]);
    expect(result.status).toBe(0);
    expect(project.read(at(MERGED))).toBe(edited);
    expect(result.stdout).toContain("is not in this CLI's runtime store");
    const forced = await runInMemory(project, ["update", project.root, "--yes", "--force"]);
    expect(forced.status).toBe(0);
    const text = project.read(at(MERGED));
    expect(text).toContain("<<<<<<< yours\n");
    expect(text).not.toContain("|||||||");
  });

  it("files the runtime no longer has: deleted when untouched, kept and reported when edited", async () => {
    const project = memoryFixture("update-older-next");
    const manifest = manifestOf(project);
    project.write(at("core/legacy.js"), "export const legacy = 1;\n");
    manifest.files["core/legacy.js"] = sha256("export const legacy = 1;\n");
    project.write(at("core/legacy-edited.js"), "export const legacy = 2; // mine\n");
    manifest.files["core/legacy-edited.js"] = sha256("export const legacy = 2;\n");
    project.write(at("MANIFEST.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const result = await runInMemory(project, ["update", project.root, "--yes"]);
    expect(result.status).toBe(0);
    expect(project.has(at("core/legacy.js"))).toBe(false);
    expect(project.read(at("core/legacy-edited.js"))).toBe("export const legacy = 2; // mine\n");
    expect(result.stdout).toContain(
      `${at("core/legacy-edited.js")}: no longer part of the runtime, and you edited it: left in place.`,
    );
    expect(Object.keys(manifestOf(project).files)).toContain("core/legacy-edited.js");
    expect(Object.keys(manifestOf(project).files)).not.toContain("core/legacy.js");
  });

  it("raises the runtime's dependencies below its ranges, adds missing ones, keeps newer ones", async () => {
    const project = memoryFixture("update-older-next");
    const pkg = JSON.parse(project.read("package.json"));
    pkg.dependencies.oauth4webapi = "^2.0.0";
    project.write("package.json", `${JSON.stringify(pkg, null, 2)}\n`);
    const result = await runOn(project, ["--yes"], { terminal: false });
    expect(result.status).toBe(0);
    expect(result.installs).toEqual(["npm install --no-audit --no-fund"]);
    expect(JSON.parse(project.read("package.json")).dependencies.oauth4webapi).toBe(
      source.peerDependencies["oauth4webapi"],
    );
    expect(result.stdout).toContain(`oauth4webapi ^2.0.0 → ${source.peerDependencies["oauth4webapi"]}`);

    const missing = memoryFixture("update-older-next");
    const missingPkg = JSON.parse(missing.read("package.json"));
    delete missingPkg.dependencies.oauth4webapi;
    missing.write("package.json", `${JSON.stringify(missingPkg, null, 2)}\n`);
    const added = await runOn(missing, ["--yes"], { terminal: false });
    expect(added.status, added.stderr).toBe(0);
    expect(JSON.parse(missing.read("package.json")).dependencies.oauth4webapi).toBe(
      source.peerDependencies["oauth4webapi"],
    );

    const newer = memoryFixture("update-older-next");
    const newerPkg = newer.read("package.json").replace(/"oauth4webapi": "[^"]*"/, '"oauth4webapi": "^99.0.0"');
    newer.write("package.json", newerPkg);
    await runInMemory(newer, ["update", newer.root, "--yes"]);
    expect(newer.read("package.json")).toBe(newerPkg);
  });

  it("leaves jose, which the older runtime needed and this one does not, to the app: kept as it was", async () => {
    const project = memoryFixture("update-older-next");
    const before = JSON.parse(project.read("package.json"));
    expect(before.dependencies.jose).toBe("^6.2.17");
    expect(source.peerDependencies).not.toHaveProperty("jose");
    const result = await runOn(project, ["--yes"], { terminal: false });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(project.read("package.json")).dependencies.jose).toBe("^6.2.17");
    expect(result.stdout).not.toContain("jose");
  });

  it("a manifest from before it listed entries: the package's exports say what to keep", async () => {
    const project = memoryFixture("update-older-next");
    const { entries, ...manifest } = JSON.parse(project.read(at("MANIFEST.json")));
    project.write(at("MANIFEST.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const result = await runInMemory(project, ["update", project.root, "--yes"]);
    expect(result.status).toBe(0);
    expect(JSON.parse(project.read(at("MANIFEST.json"))).entries).toEqual(entries);
    for (const [file, text] of wantedFiles(project)) expect(project.read(at(file)), file).toBe(text);
  });

  it("lowestVersion reads the ranges package.json holds", () => {
    expect(lowestVersion("^6.2.17")).toEqual([6, 2, 17]);
    expect(lowestVersion("~3.8")).toEqual([3, 8, 0]);
    expect(lowestVersion(">=5.0.0-beta.1")).toEqual([5, 0, 0]);
    expect(lowestVersion("6.x")).toEqual([6, 0, 0]);
    expect(lowestVersion("latest")).toBeNull();
    expect(lowestVersion("github:panva/jose")).toBeNull();
  });
});

describe("update refuses, in one line, writing nothing", () => {
  async function refused(project: MemoryProject, message: string | RegExp) {
    const hash = project.hash();
    const result = await runInMemory(project, ["update", project.root, "--yes", "--force"]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(message);
    expect(project.hash()).toBe(hash);
  }

  it("a missing manifest, naming how to get it back", async () => {
    const project = memoryFixture("update-older-next");
    project.remove(at("MANIFEST.json"));
    await refused(
      project,
      `${at("MANIFEST.json")} is missing, so update cannot tell your edits from create-auth's files: ${at("MANIFEST.json")} was never committed, so git cannot restore it: move ${RUNTIME} out of the app`,
    );
  });

  it("a corrupt manifest: not JSON, no files, a hash that is not one", async () => {
    const project = memoryFixture("update-older-next");
    project.write(at("MANIFEST.json"), "{ not json");
    await refused(project, `${at("MANIFEST.json")} is not valid JSON: ${at("MANIFEST.json")} was never committed`);
    project.write(at("MANIFEST.json"), '{ "files": [] }');
    await refused(project, 'has no "files" object of paths and hashes');
    project.write(at("MANIFEST.json"), '{ "entries": ["."], "files": { "index.js": "abc" } }');
    await refused(project, "records no sha256 for index.js");
  });

  it.each([["../../outside.js"], ["/etc/passwd"], ["core/../../../x.js"], ["C:\\x.js"], ["./index.js"]])(
    "a manifest path %s outside the runtime folder",
    async (file) => {
      const project = memoryFixture("update-older-next");
      const manifest = manifestOf(project);
      manifest.files[file] = sha256("x");
      project.write(at("MANIFEST.json"), JSON.stringify(manifest));
      await refused(
        project,
        `lists ${JSON.stringify(file)}, which is not a file inside ${RUNTIME}; update refuses to write through it`,
      );
    },
  );

  it("a manifest entry climbing out, and a runtime linked from outside the app", async () => {
    const project = memoryFixture("update-older-next");
    const manifest = manifestOf(project);
    project.write(at("MANIFEST.json"), JSON.stringify({ ...manifest, entries: [".", "./../../x"] }));
    await refused(project, 'an "entries" list that is not the package\'s exports');
    const outside = memoryFixture("update-older-next");
    outside.write(
      "package.json",
      outside.read("package.json").replace("file:./vendor/auth-runtime", "file:../shared/runtime"),
    );
    await refused(outside, "links @create-auth/runtime from file:../shared/runtime, outside the app");
  });

  it("an app init never set up", async () => {
    await refused(memoryFixture("next-app"), "has no create-auth setup");
  });
});

describe("a manifest path out of the runtime folder, for the commands that share the runtime's planning", () => {
  it("init, add-provider and remove-provider never delete through it (planRuntimePackage)", () => {
    const project = memoryFixture("update-older-next");
    const manifest = manifestOf(project);
    // The app's own auth module, named through the manifest with the hash it has: "dropped and untouched".
    manifest.files["../../auth.ts"] = sha256(project.read("auth.ts"));
    project.write(at("MANIFEST.json"), JSON.stringify(manifest));
    const { changes } = planRuntimePackage(project.reader(), RUNTIME, source, []);
    // Files this runtime no longer ships (next/middleware.d.ts, its types now in next/types.d.ts) may go; the
    // path out of the runtime folder never does, nor does anything else outside it.
    expect(changes.map((change) => change.path).every((file) => file.startsWith(`${RUNTIME}/`))).toBe(true);
    expect(project.read("auth.ts")).toBeDefined();
    expect(changes.some((change) => change.path.endsWith("auth.ts"))).toBe(false);
  });
});

describe("the runtime store", () => {
  it("answers only a sha256 whose object hashes to it", () => {
    const dir = tempDir("store");
    const text = "export const x = 1;\n";
    const hash = sha256(text);
    mkdirSync(path.join(dir, hash.slice(0, 2)));
    writeFileSync(path.join(dir, hash.slice(0, 2), hash.slice(2)), text);
    const damaged = sha256("other");
    mkdirSync(path.join(dir, damaged.slice(0, 2)), { recursive: true });
    writeFileSync(path.join(dir, damaged.slice(0, 2), damaged.slice(2)), "not what the hash says\n");
    const store = loadRuntimeStore(dir);
    expect(store.get(hash)).toBe(text);
    expect(store.get(damaged)).toBeNull();
    expect(store.get(sha256("absent"))).toBeNull();
    expect(store.get(`../${hash.slice(3)}`)).toBeNull();
    expect(store.get(hash.toUpperCase())).toBeNull();
  });
});
