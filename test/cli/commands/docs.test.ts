/**
 * The user docs against the command registry (src/cli/commands/index.ts) and the program that parses it:
 * - every command has its page, docs/cli-<command>.md, listed in docs/cli.md and docs/README.md, naming each
 *   of its flags (long form) and every exit code, with a `--json` section when it takes --json;
 * - every command line docs/*.md and README.md tell a user to type (`npx create-auth …`, `auth …`) parses
 *   with the real commander program (its actions swapped for a recorder, so nothing runs) and passes the
 *   checks the command makes of its words before touching a project (init's flags, provider ids, db's action);
 * - the `--json` object a page documents has the keys the command really prints (run in memory);
 * - every relative link in docs/*.md and README.md leads to a file, and its #anchor to a heading there.
 * named-commands.test.ts checks the other direction: commands named by templates and the CLI's messages.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { parseInitFlags } from "../../../src/cli/commands/answers/resolve.js";
import type { Host } from "../../../src/cli/commands/host.js";
import { COMMANDS, type CommandSpec } from "../../../src/cli/commands/index.js";
import { EXIT_CODES } from "../../../src/cli/help.js";
import { buildProgram } from "../../../src/cli/program.js";
import { resolveProvider } from "../../../src/cli/providers/resolve-id.js";
import { type CliRun, initFixture, type MemoryProject, memoryFixture, repoRoot, runInMemory } from "../support.js";

const docsDir = path.join(repoRoot, "docs");
const docFiles = readdirSync(docsDir).filter((file) => file.endsWith(".md"));
const readDoc = (file: string) => readFileSync(path.join(docsDir, file), "utf8");
const pageOf = (command: string) => `cli-${command}.md`;

/** `--runtime-dir <path>` → `--runtime-dir`; `-y, --yes` → `--yes`. */
const longFlag = (flags: string) => flags.split(/[ ,]+/).find((part) => part.startsWith("--"))!;

// ---------------------------------------------------------------------------------------------------
// Markdown, read just enough

/** Fenced blocks (language and body) and the text outside them. */
function splitFences(markdown: string): { blocks: { lang: string; body: string }[]; prose: string } {
  const blocks: { lang: string; body: string }[] = [];
  const prose = markdown.replace(/^```(\w*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm, (_all, lang: string, body: string) => {
    blocks.push({ lang, body });
    return "";
  });
  return { blocks, prose };
}

/** The page's section under the first heading that matches, up to the next heading of its level or above. */
function section(markdown: string, heading: RegExp): string | null {
  const lines = markdown.split("\n");
  let inFence = false;
  let start = -1;
  let level = 0;
  for (const [index, line] of lines.entries()) {
    if (line.startsWith("```")) inFence = !inFence;
    const match = inFence ? null : /^(#{1,6})\s+(.*)$/.exec(line);
    if (!match) continue;
    if (start === -1 && heading.test(match[2]!)) {
      start = index;
      level = match[1]!.length;
    } else if (start !== -1 && match[1]!.length <= level) {
      return lines.slice(start, index).join("\n");
    }
  }
  return start === -1 ? null : lines.slice(start).join("\n");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, …. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, text] of splitFences(markdown).prose.matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const slug = text!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

// ---------------------------------------------------------------------------------------------------
// The command lines the docs show

const INVOCATION = /^(?:npx\s+)?(?:create-auth|auth)\s+(?=[a-z])/;

const SHELL = new Set(["sh", "bash", "shell", "console"]);

/**
 * The command lines of a page: in shell blocks, each command of a line (`a && b`) that runs this CLI, its
 * `# comment` dropped; in other blocks, the lines after a `$ ` prompt; in prose, each inline code span that is
 * such a command as a whole.
 */
function commandLines(markdown: string): { line: string; prose: boolean }[] {
  const { blocks, prose } = splitFences(markdown);
  const lines: { line: string; prose: boolean }[] = [];
  for (const { lang, body } of blocks) {
    for (const line of body.split("\n")) {
      const prompted = /^\s*\$\s+/.test(line);
      if (!SHELL.has(lang) && !prompted) continue;
      const code = line.replace(/\s+#.*$/, "").replace(/^\s*\$\s+/, "");
      for (const part of code.split(/\s(?:&&|\|\||;)\s/)) {
        const at = part.search(/(?:npx\s+)?\bcreate-auth\s+[a-z]|^\s*auth\s+[a-z]/);
        const words = at === -1 ? "" : part.slice(at).trim();
        if (INVOCATION.test(words)) lines.push({ line: words, prose: false });
      }
    }
  }
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (INVOCATION.test(span!)) lines.push({ line: span!, prose: true });
  }
  return lines;
}

/** `…`, `<db>`, `[dir]`: a word standing for what the user puts there. */
const PLACEHOLDER = /^(?:…|\.\.\.|<[^>]*>|\[[^\]-][^\]]*\])$/;

/**
 * A command line as argv lists for the program. Synopsis notation is read as a user would type it:
 * `[--dry-run]` / `[--out <path>]` is the flag, `a|b` each alternative in turn, and a placeholder the first choice of the option
 * before it (`--db …` → `--db none`), else stays a word (a folder, a provider id).
 */
function argvsOf(line: string): { argvs: string[][]; placeholders: boolean } {
  const unwrapped = line.replace(INVOCATION, "").replace(/\[(-[^\]]*)\]/g, "$1");
  const words = unwrapped.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  const spec = COMMANDS.find((command) => command.name === words[0]);
  let placeholders = false;
  let argvs: string[][] = [[]];
  for (const [index, raw] of words.entries()) {
    let word = raw.replace(/^["']|["']$/g, "");
    if (PLACEHOLDER.test(word)) {
      placeholders = true;
      const option = spec?.options.find((o) => longFlag(o.flags) === words[index - 1]);
      word = option?.choices?.[0] ?? word;
    } else if (/[<…]/.test(word)) placeholders = true;
    const alternatives = !word.startsWith("-") && word.includes("|") ? word.split("|") : [word];
    argvs = argvs.flatMap((argv) => alternatives.map((alternative) => [...argv, alternative]));
  }
  // Prose names a flag that takes a value without one (`init --db` writes …): the value is implied.
  const last = spec?.options.find((o) => longFlag(o.flags) === words.at(-1));
  if (last?.flags.includes("<")) {
    placeholders = true;
    argvs = argvs.map((argv) => [...argv, last.choices?.[0] ?? "x"]);
  }
  return { argvs, placeholders };
}

/** A host the parser may print to; anything else it is asked for means a command really ran. */
function parseOnlyHost(output: string[]): Host {
  const never = (): never => {
    throw new Error("the docs check only parses: no command may run");
  };
  return {
    cwd: repoRoot,
    env: {},
    terminal: false,
    stdout: (text) => output.push(text),
    stderr: (text) => output.push(text),
    reader: never,
    apply: never,
    install: never,
    runtime: never,
  };
}

interface Parsed {
  command: string;
  args: unknown[];
  options: Record<string, unknown>;
}

/** The argv through the CLI's own commander program, its actions replaced by one that records what they got. */
async function parse(argv: string[]): Promise<Parsed> {
  const output: string[] = [];
  const program = buildProgram("create-auth", parseOnlyHost(output));
  let parsed: Parsed | null = null;
  for (const command of program.commands as Command[]) {
    command.action((...args: unknown[]) => {
      parsed = { command: command.name(), args: args.slice(0, -2), options: args.at(-2) as Record<string, unknown> };
    });
  }
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    throw new Error(`${output.join("").trim() || String(error)}`);
  }
  if (!parsed) throw new Error(`no command ran: ${output.join("").trim()}`);
  return parsed;
}

/** What the command checks of its words before it reads a project (none of these touch one). */
function checkWords({ command, args, options }: Parsed): void {
  if (command === "init") parseInitFlags(options);
  if (command === "add-provider" || command === "remove-provider") resolveProvider(String(args[0]), command);
  if (command === "db" && args[0] !== "prune") throw new Error(`db has one action, prune: got ${String(args[0])}`);
}

// ---------------------------------------------------------------------------------------------------
// The pages

describe("one page per command", () => {
  const index = readDoc("cli.md");
  const guides = readDoc("README.md");

  it.each(COMMANDS.map((spec) => ({ page: pageOf(spec.name), spec })))(
    "docs/$page: its flags, exit codes and --json, linked from cli.md and README.md",
    ({ page, spec }) => {
      expect(docFiles).toContain(page);
      const text = readDoc(page);
      const named = (flag: string) => new RegExp(`\`[^\`\n]*${flag}(?![\\w-])`).test(text);
      const missingFlags = spec.options.map((option) => longFlag(option.flags)).filter((flag) => !named(flag));
      expect(missingFlags, `${page} does not name these flags in code`).toEqual([]);
      const exits = section(text, /^Exit codes$/);
      expect(exits, `${page} has no "Exit codes" section`).not.toBeNull();
      for (const [code] of EXIT_CODES) expect(exits).toMatch(new RegExp(`^\\|\\s*\`?${code}\`?\\s*\\|`, "m"));
      if (spec.options.some((option) => longFlag(option.flags) === "--json")) {
        const json = section(text, /`--json`/) ?? section(text, /^Output$/);
        expect(json, `${page} has no section about --json`).not.toBeNull();
        expect(splitFences(json!).blocks.some((block) => block.lang === "json")).toBe(true);
      }
      expect(index).toContain(`](${page})`);
      expect(guides).toContain(`](${page})`);
    },
  );

  it("every page about a command is a command of the table (no page for a command that is gone)", () => {
    const pages = docFiles.filter((file) => /^cli-.+\.md$/.test(file));
    // cli-database.md is init's database part: a sub-page of cli-init.md, not a command.
    const commands = pages.filter((file) => file !== "cli-database.md").map((file) => file.slice(4, -3));
    expect(commands.sort()).toEqual(COMMANDS.map((spec) => spec.name).sort());
  });

  it("every fenced json block in the docs is JSON", () => {
    const broken = docFiles.flatMap((file) =>
      splitFences(readDoc(file))
        .blocks.filter((block) => block.lang === "json")
        .filter((block) => {
          try {
            JSON.parse(block.body);
            return false;
          } catch {
            return true;
          }
        })
        .map((block) => `${file}: ${block.body.slice(0, 60)}`),
    );
    expect(broken).toEqual([]);
  });
});

describe("the command lines in the docs", () => {
  it("reads what it claims to (and the parser refuses what the program refuses)", async () => {
    const linesOf = (markdown: string) => commandLines(markdown).map(({ line }) => line);
    expect(linesOf("```sh\nnpx create-auth init --yes   # go\ncd a && npx create-auth secret\n```\n")).toEqual([
      "npx create-auth init --yes",
      "npx create-auth secret",
    ]);
    expect(linesOf("```text\n$ auth migrate\nauth: failed, run create-auth init\n```\n")).toEqual(["auth migrate"]);
    expect(linesOf("run `auth db prune` or `create-auth` alone, not `auth: failed`")).toEqual(["auth db prune"]);
    expect(argvsOf("npx create-auth remove [dir] [--dry-run]").argvs).toEqual([["remove", "[dir]", "--dry-run"]]);
    expect(argvsOf("auth migrate [--migrations <path>] [--json]").argvs).toEqual([
      ["migrate", "--migrations", "<path>", "--json"],
    ]);
    expect(argvsOf("create-auth init --db … --strategy <strategy>").argvs).toEqual([
      ["init", "--db", "none", "--strategy", "jwt"],
    ]);
    expect(argvsOf("auth generate --db sqlite|postgres").argvs).toEqual([
      ["generate", "--db", "sqlite"],
      ["generate", "--db", "postgres"],
    ]);
    await expect(parse(["init", "--provider", "github"])).rejects.toThrow(/unknown option '--provider'/);
    await expect(parse(["migrate", "--yes"])).rejects.toThrow(/unknown option '--yes'/);
    await expect(parse(["init", "--db", "mongo"])).rejects.toThrow(/Allowed choices/);
    await expect(parse(["frobnicate"])).rejects.toThrow(/unknown command/);
    await expect(parse(["add-provider"])).rejects.toThrow(/missing required argument/);
    await expect(parse(["secret", "a", "b"])).rejects.toThrow(/too many arguments/);
    expect(() => checkWords({ command: "add-provider", args: ["githb"], options: {} })).toThrow(/did you mean github/);
    expect(await parse(["add-provider", "email", "apps/web", "--dry-run"])).toEqual({
      command: "add-provider",
      args: ["email", "apps/web"],
      options: { dryRun: true, install: true },
    });
  });

  const lines = [
    ...docFiles.map((file) => ({ file, text: readDoc(file) })),
    { file: "../README.md", text: readFileSync(path.join(repoRoot, "README.md"), "utf8") },
  ].flatMap(({ file, text }) => commandLines(text).map(({ line, prose }) => ({ file, line, prose })));

  it("finds the pages' examples", () => {
    for (const spec of COMMANDS) {
      expect(lines.filter(({ file }) => file === pageOf(spec.name)).length).toBeGreaterThan(0);
    }
  });

  it.each(lines)("$file: $line", async ({ line, prose }) => {
    const { argvs, placeholders } = argvsOf(line);
    for (const argv of argvs) {
      // Prose may name a command without its required argument (`auth add-provider` does …): a mention.
      const parsed = await parse(argv).catch((error: Error) => {
        if (prose && /missing required argument/.test(error.message)) return null;
        throw error;
      });
      if (parsed && !placeholders) checkWords(parsed);
    }
  });

  it("every example of the table (what --help prints) is on its command's page", () => {
    const missing = COMMANDS.flatMap((spec: CommandSpec) =>
      (spec.examples ?? [])
        .filter((example) => !readDoc(pageOf(spec.name)).includes(`create-auth ${example.command}`))
        .map((example) => `${pageOf(spec.name)}: create-auth ${example.command}`),
    );
    expect(missing).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The --json objects, as documented and as printed

/** The first json block of the page's `--json` section (or its "Output" section, where the object is shown). */
function documentedJson(page: string): Record<string, unknown> {
  const json = section(readDoc(page), /`--json`/) ?? section(readDoc(page), /^Output$/);
  const block = json && splitFences(json).blocks.find((b) => b.lang === "json");
  if (!block) throw new Error(`${page}: no json block in its --json section`);
  return JSON.parse(block.body) as Record<string, unknown>;
}

/** `key` and `key.sub` for every key down to the second level (objects only, arrays are values). */
function keysOf(value: Record<string, unknown>): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? [key, ...Object.keys(inner).map((sub) => `${key}.${sub}`)]
      : [key],
  );
}

const APPLY = ["--yes", "--json", "--no-install"];
const printed = (run: CliRun) => {
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
};

describe("the --json object each page documents is the one the command prints", () => {
  let project: MemoryProject;
  const runs = new Map<string, Record<string, unknown>>();

  it("init, secret, add-provider, remove-provider: the same keys, to the second level", async () => {
    const init = await initFixture("next-app", ["--providers", "github", ...APPLY]);
    project = init.project;
    runs.set("init", printed(init.run));
    runs.set("secret", printed(await runInMemory(project, ["secret", project.root, "--json", "--yes"])));
    runs.set("add-provider", printed(await runInMemory(project, ["add-provider", "google", project.root, ...APPLY])));
    runs.set(
      "remove-provider",
      printed(await runInMemory(project, ["remove-provider", "google", project.root, ...APPLY])),
    );
    for (const [command, real] of runs) {
      expect(keysOf(documentedJson(pageOf(command))).sort(), pageOf(command)).toEqual(keysOf(real).sort());
    }
  });

  it("secret --raw --json: the documented object", async () => {
    const text = section(readDoc(pageOf("secret")), /`--json`/)!;
    const raw = splitFences(text)
      .blocks.filter((block) => block.lang === "json")
      .map((block) => JSON.parse(block.body) as Record<string, unknown>)
      .find((object) => object["raw"] === true);
    const real = printed(await runInMemory(project, ["secret", "--raw", "--json"]));
    expect(Object.keys(raw ?? {}).sort()).toEqual(Object.keys(real).sort());
  });

  /** Pages that document only part of the object (update: its own fields): each key they name is printed. */
  const partial: { command: string; printed: () => Promise<Record<string, unknown>> }[] = [
    { command: "remove", printed: async () => printed(await runInMemory(project, ["remove", project.root, ...APPLY])) },
    {
      command: "update",
      printed: async () => {
        const older = memoryFixture("update-older-next");
        return printed(await runInMemory(older, ["update", older.root, ...APPLY]));
      },
    },
    {
      command: "generate",
      printed: async () => {
        const app = (await initFixture("sveltekit-2", ["--providers", "github", ...APPLY])).project;
        return printed(
          await runInMemory(app, ["generate", app.root, "--db", "sqlite", "--orm", "drizzle", "--yes", "--json"]),
        );
      },
    },
    {
      command: "doctor",
      printed: async () => {
        const app = (await initFixture("next-app", ["--providers", "github", ...APPLY])).project;
        // doctor exits 1 when it finds something wrong (the blank GitHub keys here): its object is printed all the same.
        return JSON.parse((await runInMemory(app, ["doctor", app.root, "--json"])).stdout) as Record<string, unknown>;
      },
    },
  ];

  it.each(partial)("$command: every key its page documents is printed", async ({ command, printed: run }) => {
    const printedKeys = new Set(keysOf(await run()));
    expect(keysOf(documentedJson(pageOf(command))).filter((key) => !printedKeys.has(key))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Links

describe("links in docs/*.md and the README", () => {
  /** Paths relative to the repository, as the docs' own links resolve them. */
  const pages = [...docFiles.map((file) => `docs/${file}`), "README.md"];
  const links = pages.flatMap((file) =>
    [...splitFences(readFileSync(path.join(repoRoot, file), "utf8")).prose.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/.test(target))
      .map((target) => ({ file, target })),
  );

  it("finds them", () => {
    expect(links.length).toBeGreaterThan(50);
    expect(links).toContainEqual({ file: "docs/cli-db.md", target: "adapters.md#deleting-expired-rows-deleteexpired" });
    expect(links).toContainEqual({ file: "README.md", target: "docs/cli.md" });
  });

  it.each(links)("$file → $target", ({ file, target }) => {
    const [where, anchor] = target.split("#") as [string, string | undefined];
    const resolved = path.resolve(repoRoot, path.dirname(file), where === "" ? path.basename(file) : where);
    expect(existsSync(resolved), `${target} does not exist`).toBe(true);
    if (anchor && resolved.endsWith(".md")) {
      expect([...anchorsOf(readFileSync(resolved, "utf8"))]).toContain(anchor);
    }
  });
});
