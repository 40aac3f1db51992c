/**
 * Test harness for the CLI, two ways:
 * - black box: fresh copies of fixture projects in temp dirs, the built CLI run as a child process exactly
 *   as users run it (`node bin/create-auth.js …`), tree hashes to prove "nothing written";
 * - in memory: the same program (`run` in src/cli/main.ts, argv and all) on a fixture held in a Map, read
 *   from disk once per file: no process, no copy. Planning is pure, so this is what the users' runs do,
 *   minus the disk; each command keeps a few black-box runs for the part that is not.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Host } from "../../src/cli/commands/host.js";
import { run } from "../../src/cli/main.js";
import type { RuntimeSource } from "../../src/cli/plan/context.js";
import { contentAfter, contentBefore, type Plan } from "../../src/cli/plan/types.js";
import { listFilesRecursive, memoryReader, type ProjectReader, subReader } from "../../src/cli/project/reader.js";
import { loadRuntimeSource } from "../../src/cli/runtime-package/source.js";
import { typecheckProject } from "../support/typecheck.mjs";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
/**
 * The CLI package the black-box tests run: this repository (its `bin/` and `dist/`), or another directory
 * laid out the same way (CREATE_AUTH_CLI_PACKAGE), e.g. a build of src/cli alone next to the shared dist/.
 */
export const cliPackageDir = process.env["CREATE_AUTH_CLI_PACKAGE"] ?? repoRoot;
const temps: string[] = [];

/** The CLI under test is the build output; refuse to test a stale one (run `npm run build`). */
export function assertBuilt(): void {
  const built = path.join(cliPackageDir, "dist/cli/main.js");
  const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = listFilesRecursive(path.join(repoRoot, "src/cli")).map((f) => path.join(repoRoot, "src/cli", f));
  const newest = Math.max(...sources.map((f) => statSync(f).mtimeMs));
  if (builtAt < newest) throw new Error("dist/cli is older than src/cli: run `npm run build` before the CLI tests.");
}

/** `bin/create-auth.js` (or `bin/auth.js`) of the CLI package under test, relative to `cwd` when given. */
export function cliBin(bin: "create-auth" | "auth" = "create-auth"): string {
  return path.join(cliPackageDir, "bin", `${bin}.js`);
}

export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `create-auth-${name}-`));
  temps.push(dir);
  cpSync(path.join(repoRoot, "test/fixtures", name), dir, { recursive: true });
  return dir;
}

export function removeTemps(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI's environment in tests: this process's, without npm's user agent (the CLI reads its package manager from it). */
export function cliEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env["npm_config_user_agent"];
  return env;
}

export function runCli(args: string[], options: { cwd?: string; bin?: "create-auth" | "auth" } = {}): CliRun {
  const result = spawnSync(process.execPath, [cliBin(options.bin), ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: "utf8",
    env: cliEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** sha256 of every file path + content under dir: equal hashes mean nothing was written. */
export function hashTree(dir: string): string {
  const hash = createHash("sha256");
  for (const file of listFilesRecursive(dir)) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(dir, file)))
      .update("\0");
  }
  return hash.digest("hex");
}

export function read(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), "utf8");
}

/**
 * A plan summary's row (`  create  src/auth.ts  why`). Its columns are padded to the widest file name, often the
 * runtime's "(N files)" row, so masking only the count would still move every row when N gains a digit: the
 * padding is collapsed to two spaces there, and only there (a diff's indentation is content).
 */
const SUMMARY_ROW = /^ {2}(?:create|edit|merge|delete|update) +\S.*$/gm;

/** Output with what changes from run to run (project dir, runtime file count, summary padding) made stable. */
export function stable(text: string, dir: string): string {
  return text
    .replaceAll(dir, "<project>")
    .replace(/\(\d+ files\)/g, "(<n> files)")
    .replace(/Wrote \d+ files/g, "Wrote <n> files")
    .replace(SUMMARY_ROW, (row) => row.replace(/(\S) {2,}/g, "$1  "));
}

// ---------------------------------------------------------------------------------------------------
// In memory

const fixtureCache = new Map<string, ReadonlyMap<string, string>>();

/** A fixture's files (path → text), read from test/fixtures once per test file. */
function fixtureFiles(name: string): ReadonlyMap<string, string> {
  let files = fixtureCache.get(name);
  if (!files) {
    const dir = path.join(repoRoot, "test/fixtures", name);
    files = new Map(listFilesRecursive(dir).map((file) => [file, readFileSync(path.join(dir, file), "utf8")]));
    fixtureCache.set(name, files);
  }
  return files;
}

let projects = 0;

/** A project held in memory: a fixture's files, edited by tests and by the plans applied to it. */
export class MemoryProject {
  /** An absolute path no disk has: where the CLI is told the project is. */
  readonly root: string;
  readonly files: Map<string, string>;

  constructor(fixture: string) {
    this.root = path.join(os.tmpdir(), "create-auth-in-memory", `${fixture}-${++projects}`);
    this.files = new Map(fixtureFiles(fixture));
  }

  read(file: string): string {
    const text = this.files.get(file);
    if (text === undefined) throw new Error(`${file} does not exist in ${this.root}`);
    return text;
  }

  /** A file or a directory. */
  has(file: string): boolean {
    return this.reader().exists(file);
  }

  /** What detection and planning read: this project, live. */
  reader(): ProjectReader {
    return memoryReader(this.root, this.files);
  }

  write(file: string, content: string): void {
    this.files.set(file, content);
  }

  remove(file: string): void {
    this.files.delete(file);
  }

  /** Moves a file or a whole directory. */
  rename(from: string, to: string): void {
    for (const [file, content] of [...this.files]) {
      if (file !== from && !file.startsWith(`${from}/`)) continue;
      this.files.delete(file);
      this.files.set(to + file.slice(from.length), content);
    }
  }

  /** sha256 of every path and content: equal hashes mean nothing was written. */
  hash(): string {
    const hash = createHash("sha256");
    for (const file of [...this.files.keys()].sort()) hash.update(file).update("\0").update(this.files.get(file)!);
    return hash.digest("hex");
  }
}

/**
 * The file of the runtime package in `runtimeDir` that holds `module` (`core/password/actions.js`), or
 * undefined: the build joins modules into one file per entry plus shared chunks and marks where each
 * module's code begins with `// module: <path>` (scripts/bundle-runtime.mjs).
 */
export function runtimeModuleHolder(project: MemoryProject, runtimeDir: string, module: string): string | undefined {
  const mark = `\n// module: ${module}\n`;
  for (const [file, text] of project.files) {
    if (file.startsWith(`${runtimeDir}/`) && file.endsWith(".js") && `\n${text}`.includes(mark)) return file;
  }
  return undefined;
}

export function memoryFixture(name: string): MemoryProject {
  return new MemoryProject(name);
}

/** A fresh temp dir, removed by removeTemps. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `create-auth-${prefix}-`));
  temps.push(dir);
  return dir;
}

/**
 * Writes a project held in memory to a fresh temp dir (or to `dir`), for what must run on a disk (node,
 * tsc, a database).
 */
export function materialize(project: MemoryProject, dir = tempDir("materialized")): string {
  for (const [file, content] of project.files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

let runtime: RuntimeSource | undefined;

/** The host the in-memory runs see: no terminal, no package-manager user agent, the shared dist/runtime. */
function memoryHost(project: MemoryProject, output: { stdout: string; stderr: string }): Host {
  return {
    cwd: project.root,
    env: {},
    terminal: false,
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    reader(root) {
      const relative = path.relative(project.root, root);
      const whole = project.reader();
      if (relative === "") return whole;
      if (relative.startsWith("..") || path.isAbsolute(relative)) throw new Error(`${root} is not in ${project.root}`);
      return subReader(whole, relative.split(path.sep).join("/"));
    },
    apply(plan: Plan) {
      const prefix = path.relative(project.root, plan.projectDir).split(path.sep).join("/");
      const at = (file: string) => (prefix ? `${prefix}/${file}` : file);
      for (const change of plan.changes) {
        if ((project.files.get(at(change.path)) ?? null) !== contentBefore(change)) {
          throw new Error(`${change.path} changed while planning`);
        }
      }
      for (const change of plan.changes) {
        const after = contentAfter(change);
        if (after === null) project.files.delete(at(change.path));
        else project.files.set(at(change.path), after);
      }
      return { written: plan.changes.length };
    },
    install() {
      throw new Error("An in-memory project cannot install dependencies: pass --no-install.");
    },
    runtime() {
      runtime ??= loadRuntimeSource(path.join(repoRoot, "dist/runtime/"));
      return runtime;
    },
  };
}

/** The CLI's program run in this process on a project in memory; `args` as a user types them. */
export async function runInMemory(
  project: MemoryProject,
  args: string[],
  options: { bin?: "create-auth" | "auth" } = {},
): Promise<CliRun> {
  const output = { stdout: "", stderr: "" };
  const status = await run(args, options.bin ?? "create-auth", memoryHost(project, output));
  return { status, ...output };
}

/** `create-auth init <project> …args` in memory. */
export function initInMemory(project: MemoryProject, args: string[]): Promise<CliRun> {
  return runInMemory(project, ["init", project.root, ...args]);
}

/** A fresh in-memory copy of a fixture with `create-auth init` run on it. */
export async function initFixture(fixture: string, args: string[]): Promise<{ project: MemoryProject; run: CliRun }> {
  const project = memoryFixture(fixture);
  return { project, run: await initInMemory(project, args) };
}

/** The lines of the generated credentials `authorize` between its opening line and its closing brace. */
export function authorizeBody(source: string): string[] {
  const lines = source.split("\n");
  const start = lines.findIndex((line) => line.trim() === "async authorize(credentials) {");
  if (start === -1) throw new Error("no `async authorize(credentials) {` line");
  const indent = lines[start]!.length - lines[start]!.trimStart().length;
  const end = lines.findIndex((line, i) => i > start && line === `${" ".repeat(indent)}},`);
  return lines.slice(start + 1, end);
}

/** What a typecheck needs of a project set: the files to check, and the compiler options that differ. */
export interface TypecheckSet {
  files: string[];
  include?: string[];
  compilerOptions?: Record<string, unknown>;
  /**
   * Reports only what tsc says about the files outside node_modules (and the project), leaving the third-party
   * declarations unchecked: for a check that reads nothing else (typecheckProject's ownFilesOnly, test/support/typecheck.mjs).
   */
  ownFilesOnly?: boolean;
}

/**
 * Typechecks generated apps laid out under `root` in one tsc run (one compiler start for all of them), with
 * SvelteKit's `$env/dynamic/private` declared as its build would. Returns tsc's exit status and output.
 */
export function typecheckApps(root: string, set: TypecheckSet): { status: number | null; output: string } {
  writeFileSync(
    path.join(root, "sveltekit-env.d.ts"),
    'declare module "$env/dynamic/private" { export const env: Record<string, string | undefined>; }\n',
  );
  const tsconfig = {
    compilerOptions: {
      target: "ES2022",
      module: "esnext",
      moduleResolution: "bundler",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
      ...set.compilerOptions,
    },
    files: [...set.files, "sveltekit-env.d.ts"],
    ...(set.include ? { include: set.include } : {}),
  };
  writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify(tsconfig));
  // tsc -p tsconfig.json in this worker, sharing the declaration files every check parses (test/support/typecheck.mjs).
  return typecheckProject(root, {}, { ownFilesOnly: set.ownFilesOnly ?? false });
}
