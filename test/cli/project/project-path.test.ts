/**
 * The rule for a path a flag names (project/project-path.ts), with hostile inputs: fast-check over path
 * strings made of `..`, `.`, empty segments, real symlinks on disk (out of the app, into it, dangling, a
 * relative one climbing out, a loop) and absolute prefixes, checked against a model of that folder; and any
 * string at all is either a path inside or a one-line InvalidOption. The rule apply holds a plan's paths to
 * (`unsafeChangePath`) is checked against the same model.
 */
import { mkdirSync, realpathSync, symlinkSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { CliError } from "../../../src/cli/errors.js";
import { projectPath, unsafeChangePath } from "../../../src/cli/project/project-path.js";
import { removeTemps, tempDir } from "../support.js";

afterAll(removeTemps);

const rule = { flag: "--out", what: "the folder it names", allowRoot: true };

/** The app's folder on disk, and where each link in it leads: out of the app, or to a folder in it. */
function linkedApp(): { root: string; outsideDir: string } {
  const base = tempDir("project-path");
  const root = path.join(base, "app");
  const outsideDir = path.join(base, "elsewhere");
  mkdirSync(path.join(root, "inner"), { recursive: true });
  mkdirSync(path.join(root, "a"), { recursive: true });
  mkdirSync(outsideDir);
  symlinkSync(outsideDir, path.join(root, "link-out"));
  symlinkSync(path.join(outsideDir, "missing"), path.join(root, "dangling-out"));
  symlinkSync(path.join(root, "inner"), path.join(root, "link-in"));
  symlinkSync("../..", path.join(root, "inner", "up"));
  symlinkSync(".", path.join(root, "inner", "self"));
  symlinkSync("loop", path.join(root, "loop"));
  return { root, outsideDir };
}

const OUT = "out" as const;
/** The model: each link, by its path in the app, to the app folder it leads to, or out. */
const LINKS: Record<string, string[] | typeof OUT> = {
  "link-out": OUT,
  "dangling-out": OUT,
  loop: OUT,
  "link-in": ["inner"],
  "inner/up": OUT,
  "inner/self": ["inner"],
};

/** What the rule must answer for segments joined under the app, by the model alone. */
function expected(segments: string[]): "outside" | "root" | "link" | "inside" {
  const lexical: string[] = [];
  for (const segment of segments) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (lexical.length === 0) return "outside";
      lexical.pop();
    } else lexical.push(segment);
  }
  if (lexical.length === 0) return "root";
  let current: string[] = [];
  for (const part of lexical) {
    const link = LINKS[[...current, part].join("/")];
    if (link === OUT) return "link";
    current = link ?? [...current, part];
  }
  return "inside";
}

function answer(root: string, value: string): string | { refused: string } {
  try {
    return projectPath(root, value, rule);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    expect(error.code).toBe("InvalidOption");
    expect(error.message).not.toContain("\n");
    return { refused: error.message };
  }
}

describe("a path a flag names stays inside the project", () => {
  const { root, outsideDir } = linkedApp();
  const segment = fc.constantFrom(
    "..",
    ".",
    "",
    "a",
    "b",
    "inner",
    "link-out",
    "dangling-out",
    "link-in",
    "up",
    "self",
    "loop",
  );

  test("relative and absolute paths through real symlinks are answered as the model says", () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), (segments, absolute) => {
        const value = (absolute ? `${root}/` : "") + segments.join("/");
        const got = answer(root, value === "" ? "." : value);
        // A leading empty segment makes the value absolute: `/inner`, a folder of the machine, not the app.
        const want = value.startsWith("/") && !absolute ? "outside" : expected(segments);
        if (want === "outside") expect(got).toEqual({ refused: expect.stringContaining(" is outside it:") });
        else if (want === "link")
          expect(got).toEqual({ refused: expect.stringContaining(" is a link that leads outside it:") });
        else if (want === "root") expect(got).toBe(".");
        else {
          expect(typeof got).toBe("string");
          expect(got).not.toMatch(/^\.\.?(?:\/|$)|^\/|\/\.\.?(?:\/|$)/);
          expect(path.join(root, got as string)).toBe(path.resolve(root, value));
        }
      }),
      { numRuns: 400 },
    );
  });

  test("any string at all is a path inside the app or a one-line refusal, never a crash", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (value) => {
        const got = answer(root, value);
        if (typeof got === "string") {
          const relative = path.relative(realpathSync(root), path.resolve(root, got));
          expect(relative === "" || !relative.startsWith("..")).toBe(true);
        }
      }),
    );
  });

  test("the refusals, word for word", () => {
    const message = (value: string, why: string) =>
      `--out ${value} ${why}: the folder it names must be inside the app's folder (${root}).`;
    expect(answer(root, "../app2")).toEqual({ refused: message("../app2", "is outside it") });
    expect(answer(root, outsideDir)).toEqual({ refused: message(outsideDir, "is outside it") });
    expect(answer(root, "link-out/new/deeper")).toEqual({
      refused: message("link-out/new/deeper", "is a link that leads outside it"),
    });
    expect(answer(root, "")).toEqual({ refused: message("", "is not a path") });
    expect(answer(root, "a\0b")).toEqual({ refused: message('"a\\u0000b"', "is not a path") });
    expect(() => projectPath(root, ".", { ...rule, allowRoot: false })).toThrow(
      `--out . is the app's folder itself: the folder it names must be inside the app's folder (${root}).`,
    );
  });

  test("a project held in memory (nothing on disk) is answered by its path alone", () => {
    expect(projectPath("/nowhere/app", "db/auth", rule)).toBe("db/auth");
    expect(projectPath("/nowhere/app", "/nowhere/app/db", rule)).toBe("db");
    expect(() => projectPath("/nowhere/app", "/nowhere/other", rule)).toThrow(/is outside it/);
  });
});

describe("a path a plan writes stays inside the project (apply's last line of defence)", () => {
  const { root } = linkedApp();
  const name = fc.constantFrom("a", "b", "inner", "link-out", "dangling-out", "link-in", "up", "self", "loop", "new");

  /** The model: where plain segments lead (the folder's path in the app), or out; and whether the last is a link. */
  function modelled(segments: string[]): "folder out" | "a link" | "fine" {
    let current: string[] = [];
    for (const part of segments.slice(0, -1)) {
      const link = LINKS[[...current, part].join("/")];
      if (link === OUT) return "folder out";
      current = link ?? [...current, part];
    }
    return LINKS[[...current, segments.at(-1)!].join("/")] === undefined ? "fine" : "a link";
  }

  test("plain paths are refused exactly when their folder leads out or the file is a link", () => {
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 5 }), (segments) => {
        const why = unsafeChangePath(root, segments.join("/"));
        const want = modelled(segments);
        if (want === "fine") expect(why).toBeNull();
        else if (want === "a link") expect(why).toMatch(/^is a symbolic link \(to /);
        else expect(why).toMatch(/once symlinks are followed, outside the project$|symlink loop/);
      }),
      { numRuns: 400 },
    );
  });

  test("`..`, `.`, empty segments and absolute paths are refused before the disk is asked", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "inner", "..", ".", ""), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("", "/", "C:/", "\\\\server\\"),
        (segments, prefix) => {
          const value = prefix + segments.join("/");
          const plain = prefix === "" && segments.every((segment) => !["..", ".", ""].includes(segment));
          expect(unsafeChangePath(root, value) === null).toBe(plain);
        },
      ),
    );
  });
});
