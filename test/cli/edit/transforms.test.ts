import { describe, expect, it } from "vitest";
import { addIgnorePattern } from "../../../src/cli/edit/gitignore.js";
import { addDependencies } from "../../../src/cli/edit/package-json.js";
import { maskEnvValues } from "../../../src/cli/env/mask.js";
import { gitignoreMatches } from "../../../src/cli/project/git-ignore.js";
import { maskEnvSecrets } from "../../../src/cli/review/mask.js";
import { unifiedDiff } from "../../../src/cli/review/unified-diff.js";

const wanted = { "@create-auth/runtime": "file:./vendor/auth-runtime", jose: "^6.2.17" };

describe("addDependencies", () => {
  it("inserts new dependencies in alphabetical position in a sorted list, keeping the rest of the file", () => {
    const source = '{\n  "name": "x",\n  "dependencies": {\n    "next": "16.4.6",\n    "react": "19.3.1"\n  }\n}\n';
    const edit = addDependencies(source, wanted);
    if (edit === "unchanged") throw new Error("expected an edit");
    expect(edit.content).toBe(
      '{\n  "name": "x",\n  "dependencies": {\n    "@create-auth/runtime": "file:./vendor/auth-runtime",\n    "jose": "^6.2.17",\n    "next": "16.4.6",\n    "react": "19.3.1"\n  }\n}\n',
    );
    expect(JSON.parse(edit.content).dependencies.jose).toBe("^6.2.17");
  });

  it("appends at the end of an unsorted list and keeps tab indentation", () => {
    const source = '{\n\t"dependencies": {\n\t\t"zod": "3",\n\t\t"axios": "1"\n\t}\n}';
    const edit = addDependencies(source, { jose: "^6" });
    if (edit === "unchanged") throw new Error("expected an edit");
    expect(edit.content).toBe('{\n\t"dependencies": {\n\t\t"zod": "3",\n\t\t"axios": "1",\n\t\t"jose": "^6"\n\t}\n}');
  });

  it("adds a dependencies block before devDependencies when there is none", () => {
    const source = '{\n  "name": "x",\n  "devDependencies": {\n    "typescript": "5"\n  }\n}\n';
    const edit = addDependencies(source, { jose: "^6" });
    if (edit === "unchanged") throw new Error("expected an edit");
    expect(edit.content).toBe(
      '{\n  "name": "x",\n  "dependencies": {\n    "jose": "^6"\n  },\n  "devDependencies": {\n    "typescript": "5"\n  }\n}\n',
    );
  });

  it("fills an empty dependencies object", () => {
    const edit = addDependencies('{\n  "dependencies": {}\n}\n', { jose: "^6" });
    if (edit === "unchanged") throw new Error("expected an edit");
    expect(edit.content).toBe('{\n  "dependencies": {\n    "jose": "^6"\n  }\n}\n');
  });

  it("adds devDependencies into the existing block, or as a new last block", () => {
    const withDev =
      '{\n  "dependencies": {\n    "pg": "8"\n  },\n  "devDependencies": {\n    "typescript": "5"\n  }\n}\n';
    const into = addDependencies(withDev, { "@types/pg": "^8" }, "devDependencies");
    if (into === "unchanged") throw new Error("expected an edit");
    expect(JSON.parse(into.content).devDependencies).toEqual({ "@types/pg": "^8", typescript: "5" });
    expect(JSON.parse(into.content).dependencies).toEqual({ pg: "8" });

    const noDev = '{\n  "name": "x",\n  "dependencies": {\n    "pg": "8"\n  }\n}\n';
    const added = addDependencies(noDev, { "@types/pg": "^8" }, "devDependencies");
    if (added === "unchanged") throw new Error("expected an edit");
    expect(added.content).toBe(
      '{\n  "name": "x",\n  "dependencies": {\n    "pg": "8"\n  },\n  "devDependencies": {\n    "@types/pg": "^8"\n  }\n}\n',
    );
  });

  it("counts a package in either section as present", () => {
    const source = '{ "dependencies": { "@types/pg": "^8" } }';
    expect(addDependencies(source, { "@types/pg": "^8" }, "devDependencies")).toBe("unchanged");
  });

  it("never changes an existing dependency and reports a differing range", () => {
    const source = '{ "dependencies": { "jose": "^5.0.0" } }';
    expect(addDependencies(source, { jose: "^6" })).toBe("unchanged");
    const edit = addDependencies(source, { jose: "^6", oauth4webapi: "^3" });
    if (edit === "unchanged") throw new Error("expected an edit");
    expect(JSON.parse(edit.content).dependencies).toEqual({ jose: "^5.0.0", oauth4webapi: "^3" });
    expect(edit.differing).toEqual([{ name: "jose", existing: "^5.0.0", wanted: "^6" }]);
  });
});

describe("gitignore", () => {
  it("appends a pattern with a comment, keeping existing lines and CRLF endings", () => {
    expect(addIgnorePattern("node_modules\r\n", ".env*.local", "secrets")).toBe(
      "node_modules\r\n\r\n# secrets\r\n.env*.local\r\n",
    );
    expect(addIgnorePattern(null, ".env", "secrets")).toBe("# secrets\n.env\n");
  });

  it("is unchanged when the exact pattern is already there", () => {
    expect(addIgnorePattern("/node_modules\n.env*.local\n", ".env*.local", "x")).toBe("unchanged");
  });

  it("matches files the way git does: globs, anchoring, directories, negation", () => {
    expect(gitignoreMatches(".env*.local\n", ".env.local")).toBe(true);
    expect(gitignoreMatches(".env*.local\n", "apps/web/.env.local")).toBe(true);
    expect(gitignoreMatches("/.env.local\n", "apps/web/.env.local")).toBe(false);
    expect(gitignoreMatches("/node_modules\n/.next/\n", ".env.local")).toBe(false);
    expect(gitignoreMatches(".env*\n!.env.example\n", ".env.example")).toBe(false);
    expect(gitignoreMatches(".env*\n", ".env.local")).toBe(true);
    expect(gitignoreMatches("config/\n", "config/.env")).toBe(true);
    expect(gitignoreMatches("config/\n", "config")).toBe(false);
    expect(gitignoreMatches("**/secrets/*.env\n", "a/b/secrets/x.env")).toBe(true);
    expect(gitignoreMatches("# .env.local\n", ".env.local")).toBe(false);
  });
});

describe("unifiedDiff", () => {
  it("shows an appended block with its context and hunk header", () => {
    const diff = unifiedDiff("a\nb\nc\nd\n", "a\nb\nc\nd\ne\n", "f.txt");
    expect(diff).toBe("--- a/f.txt\n+++ b/f.txt\n@@ -2,3 +2,4 @@\n b\n c\n d\n+e\n");
  });

  it("marks a missing final newline the way diff -u does", () => {
    const diff = unifiedDiff("a", "a\nb\n", "f");
    expect(diff).toBe("--- a/f\n+++ b/f\n@@ -1,1 +1,2 @@\n-a\n\\ No newline at end of file\n+a\n+b\n");
  });

  it("diffs a new file against /dev/null and returns nothing for equal texts", () => {
    expect(unifiedDiff(null, "x\n", "new.ts")).toBe("--- /dev/null\n+++ b/new.ts\n@@ -0,0 +1,1 @@\n+x\n");
    expect(unifiedDiff("same\n", "same\n", "f")).toBe("");
  });

  it("splits distant changes into separate hunks", () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i}`).join("\n") + "\n";
    const after = before.replace("l1\n", "L1\n").replace("l18\n", "L18\n");
    const diff = unifiedDiff(before, after, "f");
    expect(diff.match(/^@@/gm)).toHaveLength(2);
    expect(diff).toContain("@@ -1,5 +1,5 @@\n l0\n-l1\n+L1\n");
  });
});

describe("maskEnvSecrets", () => {
  it("hides secret values but keeps blank ones and other keys visible", () => {
    const text = "AUTH_SECRET=abc\nAUTH_GITHUB_SECRET=\nAUTH_GITHUB_ID=id\n";
    expect(maskEnvSecrets(text, ["AUTH_SECRET", "AUTH_GITHUB_SECRET"])).toBe(
      "AUTH_SECRET=<hidden>\nAUTH_GITHUB_SECRET=\nAUTH_GITHUB_ID=id\n",
    );
  });
});

describe("maskEnvValues", () => {
  it("hides every line of a secret's quoted multi-line value, and nothing of the other keys", () => {
    const text = [
      "# keys",
      'PRIVATE_KEY="-----BEGIN PRIVATE KEY-----',
      "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
      "AUTH_GITHUB_ID=looks-like-a-key",
      '-----END PRIVATE KEY-----" # the signing key',
      'NOTE="two\r\nlines"',
      "export AUTH_SECRET = abc",
      "EMPTY_SECRET=",
      "",
    ].join("\r\n");
    expect(maskEnvValues(text, ["PRIVATE_KEY", "AUTH_SECRET", "EMPTY_SECRET"], "<hidden>")).toBe(
      [
        "# keys",
        'PRIVATE_KEY="<hidden>',
        "<hidden>",
        "<hidden>",
        '<hidden>" # <hidden>',
        'NOTE="two\r\nlines"',
        "export AUTH_SECRET = <hidden>",
        "EMPTY_SECRET=",
        "",
      ].join("\r\n"),
    );
  });
});
