/**
 * The command list is written once, in src/cli/commands/index.ts: each command of the registry has its
 * docs page and its module (what the entry's loader imports, exporting `run`), and the modules that build
 * the program from it (program.ts, main.ts, help.ts) name no command by hand.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../../src/cli/commands/index.js";
import { repoRoot } from "../support.js";

const names = COMMANDS.map((command) => command.name);

/** Each command name written as a string in a module's source (`"secret"`, `'init'`, `` `doctor` ``). */
function namesWritten(source: string): string[] {
  return names.filter((name) => new RegExp(`["'\`]${name}["'\`]`).test(source));
}

describe("the command registry", () => {
  it.each(names)("%s has its page, docs/cli-%s.md", (name) => {
    expect(existsSync(path.join(repoRoot, "docs", `cli-${name}.md`))).toBe(true);
  });

  it.each(names)("%s's loader imports its module, which exports run", async (name) => {
    const registry = readFileSync(path.join(repoRoot, "src/cli/commands/index.ts"), "utf8");
    expect(registry).toContain(`() => import("./${name}.js")`);
    const file = pathToFileURL(path.join(repoRoot, "src/cli/commands", `${name}.ts`)).href;
    const module = (await import(/* @vite-ignore */ file)) as { run?: unknown };
    expect(typeof module.run).toBe("function");
  });

  it.each(["src/cli/program.ts", "src/cli/main.ts", "src/cli/help.ts"])("%s names no command by hand", (file) => {
    expect(namesWritten(readFileSync(path.join(repoRoot, file), "utf8"))).toEqual([]);
  });

  it("the check finds a command named by hand", () => {
    expect(namesWritten('if (first === "secret") return;')).toEqual(["secret"]);
    expect(namesWritten("const flags = ['--raw'];")).toEqual([]);
  });
});
