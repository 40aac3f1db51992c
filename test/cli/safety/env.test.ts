/**
 * The safety contract's env half (issue 14 point 4): every command that touches an env file keeps every byte
 * and comment the user wrote. Each story runs the whole life of an app in memory (init, secret, add-provider,
 * remove-provider, update, generate, remove) on env files written the ways people write them: comments,
 * blank lines, CRLF, no final newline, `export`, quoted values with `#`, single quotes, backslashes, a PEM key
 * across lines (dotenv's multi-line syntax), `=` in a value, a key set twice, unicode, a BOM. After each step
 * the user's lines are all there in order, dotenv (which Next.js and Vite load env files with) and Node's own
 * parser (process.loadEnvFile) read the same value for every key the user set, and what the step changed is
 * only what it documents.
 */
import { parseEnv } from "node:util";
import { parse } from "dotenv";
import { describe, expect, it } from "vitest";
import { type MemoryProject, memoryFixture, runInMemory } from "../support.js";

interface Shape {
  eol: "\n" | "\r\n";
  bom: boolean;
  /** What follows the last line: "" (no final newline), one line ending, or a line ending and a blank line. */
  ending: "none" | "newline" | "blank";
}

const PEM = [
  "-----BEGIN PRIVATE KEY-----",
  "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7",
  // A line inside the quoted value that looks like an assignment: it is data, not a key.
  "AUTH_SECRET=inside-the-pem",
  "q1w2e3r4t5y6u7i8o9p0+/==",
  "-----END PRIVATE KEY-----",
];

/** The user's own env file, in `shape`. */
function userEnv(shape: Shape, title: string): string {
  const lines = [
    `# ${title} settings (not committed)`,
    "NOTES_PAGE_SIZE=20",
    "",
    "# Payments",
    "export STRIPE_KEY=sk_test_51Hq",
    'GREETING="hello # not a comment"',
    "SINGLE='raw $HOME \\n stays as typed'",
    "WINDOWS_PATH=C:\\Users\\acme\\notes",
    'ESCAPED="line one\\nline two"',
    "EQUALS=a=b==c",
    `PRIVATE_KEY="${PEM.join(shape.eol)}"`,
    "DUP=first",
    "DUP=second",
    "UNICODE=héllo wörld ✓ 日本語",
    "INLINE=value # trailing comment",
    "   INDENTED = spaced out   ",
    "EMPTY=",
    // A provider key the user already filled: init keeps it, remove keeps it and says so.
    "AUTH_GITHUB_ID=Iv1.user-filled",
    "LAST=the end",
  ];
  const text = lines.join(shape.eol) + { none: "", newline: shape.eol, blank: shape.eol + shape.eol }[shape.ending];
  return (shape.bom ? "\uFEFF" : "") + text;
}

/** The placeholders the user keeps for teammates. */
function userExample(shape: Shape): string {
  const lines = ["# Copy to your local env file", "NOTES_PAGE_SIZE=", 'GREETING="hello # there"', "STRIPE_KEY="];
  return lines.join(shape.eol) + (shape.ending === "none" ? "" : shape.eol);
}

/** Lines with their own terminators: joined, they give back the text. */
function linesOf(text: string): string[] {
  return text.match(/[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+$/g) ?? [];
}

/**
 * Whether every line of `before` is in `after`, in order (a line-level subsequence, so every byte is). The
 * last line may have gained the line ending it lacked: a file without a final newline gets one before an
 * appended block.
 */
function keepsLines(before: string, after: string): boolean {
  const kept = linesOf(before);
  const lines = linesOf(after);
  let at = 0;
  for (const [index, line] of kept.entries()) {
    const last = index === kept.length - 1 && !/[\r\n]$/.test(line);
    while (at < lines.length && !(lines[at] === line || (last && lines[at]!.replace(/\r?\n$|\r$/, "") === line))) at++;
    if (at === lines.length) return false;
    at++;
  }
  return true;
}

/**
 * The values of `keys` in `text` as the apps read them: dotenv (Next.js, Vite, dotenv in Express) and Node's
 * own parser (process.loadEnvFile, `node --env-file`, which Express apps use too).
 */
function valuesOf(text: string | undefined, keys: readonly string[]): Record<string, unknown> {
  const dotenv = parse(text ?? "");
  const node = parseEnv(text ?? "");
  return Object.fromEntries(keys.map((key) => [key, { dotenv: dotenv[key], node: node[key] }]));
}

const without = (text: string, key: string) =>
  linesOf(text)
    .filter((line) => !line.startsWith(`${key}=`))
    .join("");

interface Story {
  fixture: string;
  envFile: string;
  shape: Shape;
}

const stories: Story[] = [
  { fixture: "next-app", envFile: ".env.local", shape: { eol: "\n", bom: true, ending: "newline" } },
  { fixture: "next-app", envFile: ".env.local", shape: { eol: "\r\n", bom: false, ending: "none" } },
  { fixture: "sveltekit-2", envFile: ".env", shape: { eol: "\r\n", bom: true, ending: "blank" } },
  { fixture: "express-5-ts", envFile: ".env", shape: { eol: "\n", bom: false, ending: "none" } },
];

const ENV_FILES = [".env", ".env.local", ".env.example"];

async function step(project: MemoryProject, argv: string[]): Promise<void> {
  const result = await runInMemory(project, argv);
  expect(result.stderr, argv.join(" ")).toBe("");
  expect(result.status, argv.join(" ")).toBe(0);
}

describe("every command keeps the user's env files byte for byte", () => {
  for (const { fixture, envFile, shape } of stories) {
    const name = `${fixture} ${envFile} (${shape.eol === "\n" ? "LF" : "CRLF"}${shape.bom ? ", BOM" : ""}, ${shape.ending === "none" ? "no final newline" : shape.ending === "blank" ? "ends with a blank line" : "final newline"})`;
    it(`init, secret, add-provider, remove-provider, update, generate and remove on ${name}`, async () => {
      const project = memoryFixture(fixture);
      const original = new Map<string, string>();
      original.set(envFile, userEnv(shape, fixture));
      original.set(".env.example", userExample(shape));
      // Next also loads .env beneath .env.local: a file no command writes, that must stay as it is.
      if (envFile !== ".env") original.set(".env", userEnv({ ...shape, ending: "newline" }, "Shared"));
      for (const [file, text] of original) project.write(file, text);
      const userKeys = new Map(
        [...original].map(([file, text]) => [
          file,
          [...new Set([...Object.keys(parse(text)), ...Object.keys(parseEnv(text))])],
        ]),
      );
      const pem = parse(original.get(envFile)!)["PRIVATE_KEY"];
      expect(pem).toBe(PEM.join("\n"));

      /** After each step: the user's lines in order, and every key the user set read by dotenv as the user set it. */
      const userContentIntact = (label: string) => {
        for (const [file, text] of original) {
          const now = project.files.get(file);
          expect(now, `${label}: ${file}`).toBeDefined();
          expect(keepsLines(text, now!), `${label}: ${file} keeps the user's lines`).toBe(true);
          expect(valuesOf(now, userKeys.get(file)!), `${label}: ${file} values`).toEqual(
            valuesOf(text, userKeys.get(file)!),
          );
        }
        expect(parse(project.read(envFile))["PRIVATE_KEY"]).toBe(pem);
      };
      const snapshot = () => new Map(ENV_FILES.map((file) => [file, project.files.get(file)]));

      await step(project, ["init", project.root, "--providers", "github", "--yes", "--no-install"]);
      userContentIntact("init");
      const afterInit = snapshot();
      const written = parse(project.read(envFile));
      expect(written["AUTH_SECRET"]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(written["AUTH_GITHUB_ID"]).toBe("Iv1.user-filled");
      expect(written["AUTH_GITHUB_SECRET"]).toBe("");

      await step(project, ["secret", project.root, "--yes"]);
      userContentIntact("secret");
      // secret rewrites only the AUTH_SECRET line init wrote; every other byte stays.
      expect(without(project.read(envFile), "AUTH_SECRET")).toBe(without(afterInit.get(envFile)!, "AUTH_SECRET"));
      expect(parse(project.read(envFile))["AUTH_SECRET"]).not.toBe(written["AUTH_SECRET"]);
      const afterSecret = snapshot();

      await step(project, ["add-provider", "google", project.root, "--yes", "--no-install"]);
      userContentIntact("add-provider");
      for (const file of ENV_FILES) {
        const before = afterSecret.get(file);
        if (before !== undefined) expect(keepsLines(before, project.read(file)), `add-provider: ${file}`).toBe(true);
      }
      const blank = { dotenv: "", node: "" };
      expect(valuesOf(project.read(envFile), ["AUTH_GOOGLE_ID", "AUTH_GOOGLE_SECRET"])).toEqual({
        AUTH_GOOGLE_ID: blank,
        AUTH_GOOGLE_SECRET: blank,
      });

      await step(project, ["remove-provider", "google", project.root, "--yes", "--no-install"]);
      userContentIntact("remove-provider");
      // Its blank keys (and the header above them) go: the files are as the step before left them.
      for (const file of ENV_FILES)
        expect(project.files.get(file), `remove-provider: ${file}`).toBe(afterSecret.get(file));

      // update (the runtime package) and generate (migrations) write no env file.
      await step(project, ["update", project.root, "--yes", "--no-install"]);
      for (const file of ENV_FILES) expect(project.files.get(file), `update: ${file}`).toBe(afterSecret.get(file));
      await step(project, ["generate", project.root, "--db", "postgres", "--yes"]);
      for (const file of ENV_FILES) expect(project.files.get(file), `generate: ${file}`).toBe(afterSecret.get(file));

      await step(project, ["remove", project.root, "--yes", "--no-install"]);
      userContentIntact("remove");
      // What init added goes (its AUTH_SECRET, its blank keys, its headers); the user's filled
      // AUTH_GITHUB_ID stays. A file that had no final newline keeps the one init gave its last line.
      for (const [file, text] of original) {
        const ended = /[\r\n]$/.test(text) ? text : text + shape.eol;
        expect(project.read(file), `remove: ${file}`).toBe(ended);
      }
    });
  }
});
