/**
 * The frameworks registry (src/cli/frameworks/index.ts) and the folders agree, and the framework list is
 * written once: each framework has its folder frameworks/<id>/ with its facts, its target and its templates,
 * every folder has its registry entry, each target carries its own facts, no other module of src/cli lists
 * the frameworks or branches on one by name (a sixth framework would silently miss it), and the README's
 * `--framework` flag names what the registry holds. test/cli/frameworks/fixture-kit/ shows a new one landing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { FRAMEWORK_IDS, REGISTRY } from "../../../src/cli/frameworks/index.js";
import { listFilesRecursive } from "../../../src/cli/project/reader.js";
import { repoRoot } from "../support.js";

const cli = path.join(repoRoot, "src", "cli");
const frameworks = path.join(cli, "frameworks");

test("every framework of the registry has its folder, and every framework folder its registry entry", () => {
  const folders = readdirSync(frameworks, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  expect(folders).toEqual([...FRAMEWORK_IDS].sort());
  for (const id of FRAMEWORK_IDS) {
    const files = readdirSync(path.join(frameworks, id));
    // What each framework brings: its facts, its target, its doctor checks and the templates its target renders.
    expect(files, `frameworks/${id}/`).toEqual(
      expect.arrayContaining(["facts.ts", "target.ts", "doctor.ts", "templates"]),
    );
  }
});

test("each line's facts carry its id, and its target is those facts plus its planning, rendering from its own folder", async () => {
  for (const line of REGISTRY) {
    const facts = await line.facts();
    const target = await line.target();
    expect(facts.id).toBe(line.id);
    expect(target).toMatchObject(facts);
    expect(target.templates.pathname).toMatch(new RegExp(`/frameworks/${line.id}/templates/$`));
  }
});

/** Every TypeScript module under `dir`, as full paths. */
function sources(dir: string): string[] {
  return listFilesRecursive(dir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(dir, file));
}

/**
 * Framework ids in code outside frameworks/: two side by side (an array, a union type, an alternation, an
 * object's keys), or a comparison with one (`target.id === "sveltekit"`): what a framework's folder should say.
 */
function handWritten(source: string): string[] {
  const ids = FRAMEWORK_IDS.map((id) => id.replace(/-/g, "\\-")).join("|");
  const quoted = `["'](?:${ids})["']`;
  const key = `(?:${quoted}|\\b(?:${ids
    .replace(/\\-/g, "-")
    .split("|")
    .filter((id) => /^\w+$/.test(id))
    .join("|")})\\b)\\s*:`;
  const patterns = [
    new RegExp(`\\[[^\\]\\[;]*${quoted}\\s*,[^\\]\\[;]*${quoted}[^\\]\\[;]*\\]`, "g"),
    new RegExp(`${quoted}\\s*\\|\\s*${quoted}`, "g"),
    new RegExp(`\\{[^{}]*${key}[^{}]*${key}[^{}]*\\}`, "g"),
    new RegExp(`[!=]==?\\s*${quoted}|${quoted}\\s*[!=]==?`, "g"),
  ];
  // Comments and messages may name frameworks: code may not list them or branch on one.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return patterns.flatMap((pattern) => code.match(pattern) ?? []);
}

test("no module of src/cli outside frameworks/ lists the frameworks or branches on one", () => {
  const found = sources(cli)
    .filter((file) => !file.startsWith(`${frameworks}${path.sep}`))
    .flatMap((file) => handWritten(readFileSync(file, "utf8")).map((list) => `${path.relative(cli, file)}: ${list}`));
  expect(found).toEqual([]);
});

test("the scan finds a list or a branch written by hand", () => {
  expect(handWritten('const IDS = ["next", "sveltekit", "express"] as const;')).toHaveLength(1);
  expect(handWritten('type Id = "next" | "qwik";')).toHaveLength(1);
  expect(handWritten('const NAMES = { next: "Next.js", "solid-start": "SolidStart" };')).toHaveLength(1);
  expect(handWritten('if (target.id !== "sveltekit") return null;')).toHaveLength(1);
  expect(handWritten('if (info.framework.id === "express") nodeRunsTs = true;')).toHaveLength(1);
  expect(
    handWritten('const server = file.getImportDeclaration((d) => d.getModuleSpecifierValue() === "next/server");'),
  ).toEqual([]);
});

test("the README's --framework flag names the registry's frameworks, in its order", () => {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  expect(readme).toContain(`\`--framework ${FRAMEWORK_IDS.join("|")}\``);
});
