/**
 * Every command a generated file or a CLI message tells the user to run works as written: each
 * `create-auth <command>` (or `auth <command>`) named in a template or in a string of the CLI's source is a
 * command of the registry, src/cli/commands/index.ts (every command in it is built: none answers "arrives in a later version").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../../src/cli/commands/index.js";
import { listFilesRecursive } from "../../../src/cli/project/reader.js";
import { repoRoot } from "../support.js";

/** `npx create-auth secret`, `` `auth secret` ``: whatever follows is a command a user is told to type. */
const TYPED = /(?:\bnpx\s+|`)(?:create-auth|auth)\s+([a-z][a-z-]*)/g;
/** `create-auth update`, `auth doctor` in prose: a command when the word is one of the surface's. */
const MENTIONED = /\b(?:create-auth|auth)\s+([a-z][a-z-]*)/g;
const SURFACE = new Set(COMMANDS.map((command) => command.name));

function namedCommands(text: string): string[] {
  const typed = [...text.matchAll(TYPED)].map((match) => match[1]!);
  const mentioned = [...text.matchAll(MENTIONED)].map((match) => match[1]!).filter((word) => SURFACE.has(word));
  return [...new Set([...typed, ...mentioned])];
}

/** The text of every string and template literal in a TypeScript module: what it can print or write. */
function stringsOf(file: string, source: string): string[] {
  const strings: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      strings.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("…"));
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return strings;
}

const templates = listFilesRecursive(path.join(repoRoot, "src/cli"))
  .filter((file) => file.endsWith(".hbs"))
  .map((file) => ({
    where: `src/cli/${file}`,
    texts: [readFileSync(path.join(repoRoot, "src/cli", file), "utf8")],
  }));
const messages = listFilesRecursive(path.join(repoRoot, "src/cli"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({
    where: `src/cli/${file}`,
    texts: stringsOf(file, readFileSync(path.join(repoRoot, "src/cli", file), "utf8")),
  }));

const built = new Set(COMMANDS.map((command) => command.name));

describe("commands named in generated files and CLI messages", () => {
  it("finds the commands it looks for (the check reads what it claims to)", () => {
    expect(namedCommands("Generate one with: npx create-auth secret")).toEqual(["secret"]);
    expect(namedCommands("(that is what `auth secret` does)")).toEqual(["secret"]);
    expect(namedCommands("written by create-auth from its table model")).toEqual([]);
    expect(namedCommands("run `create-auth frobnicate`, then create-auth update")).toEqual(["frobnicate", "update"]);
    const named = [...templates, ...messages].flatMap(({ texts }) => texts.flatMap(namedCommands));
    expect(named).toContain("secret");
    expect(named).toContain("init");
    expect(named).toContain("add-provider");
  });

  it.each([...templates, ...messages])("$where names only commands that are built", ({ texts }) => {
    expect(texts.flatMap(namedCommands).filter((command) => !built.has(command))).toEqual([]);
  });
});
