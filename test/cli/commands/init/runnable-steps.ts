/**
 * Walks init's printed next steps in order as a person would run them, on the app as init left it, and
 * lists what would not work: a script the app's package.json does not have (`npm run <script>`, `npm start`,
 * `pnpm <script>`, `yarn workspace <name> <script>`, …), a file a command or a step names that does not exist
 * (`node dist/server.js`, "in src/auth.ts"), or an `npx` tool the app does not depend on. A script is
 * followed into its own command (`start` → `node dist/server.js`). A file the app's build makes counts once
 * the steps (or the script itself: `tsc && node dist/server.js`) have run a build before it: its top folder
 * must be one the app's .gitignore ignores (build output), so a typo is still caught.
 */

/** What a step may read of the app after init. */
export interface AppView {
  /** The app's package.json scripts. */
  scripts: Record<string, string>;
  /** Every dependency and devDependency the app has after init. */
  dependencies: Record<string, string>;
  /** A file or folder of the app, relative to it. */
  exists(file: string): boolean;
  /** The app's .gitignore, or "". */
  gitignore: string;
}

/** `npx <bin>`: the package that must provide it, or null when npx fetches it by itself (a one-off runner). */
const NPX_BINS: Record<string, readonly string[] | null> = {
  "create-auth": null,
  prisma: ["prisma"],
  "drizzle-kit": ["drizzle-kit"],
  qwik: ["@builder.io/qwik", "@qwik.dev/core"],
  tsx: null,
  vite: ["vite"],
};

/** Tools whose run is the build (a script's own `tsc && node dist/…`). */
const BUILD_TOOLS = /^(tsc|vite build|next build|qwik build|vinxi build)(\s|$)/;

/** A token of prose naming a file of the app: `src/auth.ts`, `proxy.ts`, `.env.local` (not "Node.js"). */
const FILE_TOKEN =
  /(?<=^|[\s(])((?:[\w@+.[\]-]+\/)*[a-z_.@+[\]-][\w@+.[\]-]*\.(?:[cm]?[jt]sx?|json|prisma|sql)|\.env[\w.-]*?)(?=[\s,;:)]|\.(?:\s|$)|$)/g;

/** Package-manager and node invocations, in the order the text has them (a colon inside a script name: `build:ts`). */
const COMMAND =
  /(?<![\w-])(npm|pnpm|yarn|bun|npx|node)((?: (?!then\b|and\b|or\b|to\b|with\b)(?:[^\s(),;:&]|:(?=\w))+(?![^\s(),;:&]|:\w))+)(?!:)|\bcd (\S+) &&/g;

const INSTALL = Symbol("install");

/**
 * The script a package-manager command runs (`npm run dev -w web` → dev, `pnpm --filter web dev` → dev,
 * `yarn workspace api start` → start), INSTALL for an install, null for a command these steps never print.
 */
function scriptOf(tool: string, args: string[]): string | typeof INSTALL | null {
  const [first = "", second = "", third = "", fourth = ""] = args;
  if (["install", "i", "ci"].includes(first)) return INSTALL;
  switch (tool) {
    case "npm":
      return first === "start" ? "start" : first === "run" ? second : null;
    case "pnpm":
      return first === "--filter" ? third : first === "run" ? second : first;
    case "yarn":
      return first === "workspace" ? third : first === "run" ? second : first;
    case "bun":
      return first !== "run" ? null : second === "--filter" ? fourth : second;
    default:
      return null;
  }
}

class Walk {
  readonly problems: string[] = [];
  /** The app's build has run (its build script, or a build tool inside the script being run). */
  built = false;

  constructor(readonly app: AppView) {}

  private buildOutput(file: string): boolean {
    const top = file.replace(/^\.\//, "").split("/")[0]!;
    const ignored = this.app.gitignore
      .split("\n")
      .map((line) => line.trim().replace(/^\//, "").replace(/\/$/, ""))
      .includes(top);
    return this.built && ignored;
  }

  file(file: string, where: string): void {
    const relative = file.replace(/^\.\//, "");
    if (this.app.exists(relative) || this.buildOutput(relative)) return;
    this.problems.push(`${where}: ${file} does not exist${this.built ? "" : " (nothing has been built yet)"}`);
  }

  script(name: string, where: string, depth = 0): void {
    const command = this.app.scripts[name];
    if (command === undefined) {
      this.problems.push(`${where}: the app has no "${name}" script`);
      return;
    }
    if (depth < 4) this.shell(command, `${where} → "${name}": ${command}`, depth + 1);
    if (name === "build") this.built = true;
  }

  /** A script's command: its `&&` parts in order. */
  shell(command: string, where: string, depth: number): void {
    for (const part of command.split("&&").map((p) => p.trim())) {
      if (BUILD_TOOLS.test(part)) this.built = true;
      this.commands(part, where, depth);
    }
  }

  /** Every invocation in a text (a step, or a part of a script), in order. */
  commands(text: string, where: string, depth = 0): void {
    for (const match of text.matchAll(COMMAND)) {
      if (match[3] !== undefined) continue; // `cd apps/api && yarn …`: the folder is the app itself
      const tool = match[1]!;
      const args = match[2]!.trim().split(" ");
      this.invocation(tool, args, where, depth);
    }
  }

  private invocation(tool: string, args: string[], where: string, depth: number): void {
    if (tool === "node") {
      for (const arg of args) {
        const envFile = /^--env-file=(.+)$/.exec(arg)?.[1];
        if (envFile) this.file(envFile, where);
      }
      // `node -e "…"` (fastify-cli's clean script) runs code, not a file.
      const evaluates = args.some((arg) => ["-e", "--eval", "-p", "--print"].includes(arg));
      const file = args.find((arg) => !arg.startsWith("-"));
      if (file && !evaluates) this.file(file, where);
    } else if (tool === "npx") {
      this.npx(args[0] ?? "", where);
    } else {
      const script = scriptOf(tool, args);
      if (script === null) this.problems.push(`${where}: ${tool} ${args.join(" ")} is not a command these steps know`);
      else if (script !== INSTALL) this.script(script, where, depth);
    }
  }

  private npx(bin: string, where: string): void {
    const packages = NPX_BINS[bin];
    if (packages === undefined) this.problems.push(`${where}: npx ${bin} is no tool these steps know`);
    else if (packages && !packages.some((name) => this.app.dependencies[name] !== undefined)) {
      this.problems.push(`${where}: npx ${bin} needs ${packages.join(" or ")}, which the app does not depend on`);
    }
  }

  /** Files a step names in its prose ("in src/auth.ts"), except examples ("e.g. src/routes/journal.tsx"). */
  namedFiles(step: string, where: string): void {
    for (const match of step.matchAll(FILE_TOKEN)) {
      const before = step.slice(0, match.index);
      if (/(\be\.g\.|\bits)\s*$/.test(before)) continue;
      // A node command's argument is checked as a command, in order.
      if (/\bnode(?: --\S+)* $/.test(before)) continue;
      this.file(match[1]!, where);
    }
  }
}

/** The printed steps, in order, from the `Next steps:` block of init's output. */
export function printedSteps(stdout: string): string[] {
  const block = stdout.split("Next steps:")[1] ?? "";
  return [...block.matchAll(/^\s+\d+\. (.*)$/gm)].map((match) => match[1]!);
}

/** What would not work when the steps are run in order on `app`; empty when every one would. */
export function unrunnable(steps: readonly string[], app: AppView): string[] {
  const walk = new Walk(app);
  steps.forEach((step, index) => {
    const where = `step ${index + 1}`;
    walk.namedFiles(step, where);
    walk.commands(step, where);
  });
  return walk.problems;
}
