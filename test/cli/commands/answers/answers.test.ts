import { describe, expect, it } from "vitest";
import { completeAnswers, missingQuestions, parseInitFlags } from "../../../../src/cli/commands/answers/resolve.js";
import { CliError } from "../../../../src/cli/errors.js";

function failure(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error("expected a CliError");
}

describe("init answers", () => {
  it("takes everything from flags when given, in the order given", () => {
    const partial = parseInitFlags({ providers: "oidc, Credentials", db: "none", strategy: "jwt" });
    expect(missingQuestions(partial)).toEqual([]);
    const answers = completeAnswers(partial, {}, { yes: false, framework: "next" });
    expect(answers.providers.map((p) => p.id)).toEqual(["oidc", "credentials"]);
    expect(answers).toMatchObject({ strategy: "jwt", db: "none", orm: "none", runtimeDir: "vendor/auth-runtime" });
  });

  it("fails naming the flag when an answer is missing and there is no terminal or --yes", () => {
    const error = failure(() => completeAnswers(parseInitFlags({ db: "none" }), {}, { yes: false, framework: "next" }));
    expect(error.code).toBe("MissingAnswer");
    expect(error.message).toContain("--providers");
  });

  it("names --db when only the database answer is missing", () => {
    const error = failure(() =>
      completeAnswers(parseInitFlags({ providers: "github" }), {}, { yes: false, framework: "next" }),
    );
    expect(error.message).toContain("--db");
  });

  it("uses what the prompts answered for missing flags", () => {
    const partial = parseInitFlags({ db: "none" });
    const asked = { providers: parseInitFlags({ providers: "google" }).providers! };
    expect(completeAnswers(partial, asked, { yes: false, framework: "next" }).providers.map((p) => p.id)).toEqual([
      "google",
    ]);
  });

  it("takes safe defaults with --yes: github, jwt, no database", () => {
    const answers = completeAnswers(parseInitFlags({}), {}, { yes: true, framework: "next" });
    expect(answers.providers.map((p) => p.id)).toEqual(["github"]);
    expect(answers).toMatchObject({ strategy: "jwt", db: "none" });
  });

  it("rejects an unknown provider, listing the available ones", () => {
    const error = failure(() => parseInitFlags({ providers: "github,myspace" }));
    expect(error.code).toBe("InvalidOption");
    expect(error.message).toMatch(/myspace.*github, google, oidc, credentials/);
  });

  it("takes --framework for each of the frameworks and refuses any other value, listing them", () => {
    for (const framework of [
      "next",
      "solid-start",
      "sveltekit",
      "qwik",
      "nuxt",
      "astro",
      "react-router",
      "hono",
      "fastify",
      "express",
    ]) {
      expect(parseInitFlags({ framework }).framework).toBe(framework);
    }
    const error = failure(() => parseInitFlags({ framework: "remix" }));
    expect(error.code).toBe("InvalidOption");
    expect(error.message).toContain(
      "next, solid-start, sveltekit, qwik, nuxt, astro, react-router, hono, fastify, express",
    );
  });

  it("takes --orm drizzle|prisma with a database, refuses it with --db none, and takes the dialect from the app's ORM", () => {
    expect(parseInitFlags({ orm: "drizzle", db: "sqlite" }).orm).toBe("drizzle");
    const none = failure(() => parseInitFlags({ orm: "prisma", db: "none" }));
    expect(none.code).toBe("InvalidOption");
    expect(none.message).toContain("--db sqlite|postgres|mysql");
    const partial = parseInitFlags({ providers: "github", orm: "prisma" });
    const project = [{ orm: "prisma" as const, dialect: "postgres" as const }];
    // The dialect the app's Prisma setup names answers --db: no question left but the ORM-free ones.
    expect(missingQuestions(partial, project)).toEqual(["strategy"]);
    expect(completeAnswers(partial, {}, { yes: false, framework: "next", project })).toMatchObject({
      orm: "prisma",
      db: "postgres",
      strategy: "database",
    });
    // No setup naming it (or another ORM's): a usage error naming --db, with or without --yes.
    for (const other of [[], [{ orm: "drizzle" as const, dialect: "mysql" as const }]]) {
      const error = failure(() => completeAnswers(partial, {}, { yes: true, framework: "next", project: other }));
      expect(error.code).toBe("MissingAnswer");
      expect(error.message).toContain("pass --db sqlite|postgres|mysql");
    }
  });

  it("asks for the ORM only in an app that uses one, and defaults to none without a terminal", () => {
    const partial = parseInitFlags({ providers: "github", db: "sqlite" });
    expect(missingQuestions(partial)).toEqual(["strategy"]);
    expect(missingQuestions(partial, [{ orm: "drizzle", dialect: "sqlite" }])).toEqual(["strategy", "orm"]);
    const answers = completeAnswers(
      partial,
      {},
      { yes: false, framework: "next", project: [{ orm: "drizzle", dialect: "sqlite" }] },
    );
    expect(answers.orm).toBe("none");
    expect(completeAnswers(partial, { orm: "drizzle" }, { yes: false, framework: "next" }).orm).toBe("drizzle");
  });

  it("accepts database sessions with each SQL database and no ORM", () => {
    for (const db of ["sqlite", "postgres", "mysql"] as const) {
      const partial = parseInitFlags({ providers: "oidc", strategy: "database", db, orm: "none" });
      expect(completeAnswers(partial, {}, { yes: false, framework: "next" })).toMatchObject({
        strategy: "database",
        db,
        orm: "none",
      });
    }
  });

  it("fails naming --db when --strategy database comes without a database, even with --yes", () => {
    const error = failure(() =>
      completeAnswers(
        parseInitFlags({ providers: "oidc", strategy: "database" }),
        {},
        { yes: true, framework: "next" },
      ),
    );
    expect(error.code).toBe("MissingAnswer");
    expect(error.message).toContain("--db sqlite|postgres|mysql");
  });

  it("refuses --strategy database with --db none", () => {
    const error = failure(() => parseInitFlags({ strategy: "database", db: "none" }));
    expect(error.code).toBe("InvalidOption");
    expect(error.message).toContain("--db");
  });

  it("keeps JWT sessions when asked to, with users and accounts in the database", () => {
    const partial = parseInitFlags({ providers: "oidc", strategy: "jwt", db: "postgres" });
    expect(completeAnswers(partial, {}, { yes: false, framework: "next" })).toMatchObject({
      strategy: "jwt",
      db: "postgres",
    });
  });

  it("stores sessions in the database by default once one is chosen", () => {
    const answers = completeAnswers(
      parseInitFlags({ providers: "oidc", db: "sqlite" }),
      {},
      { yes: false, framework: "next" },
    );
    expect(answers.strategy).toBe("database");
  });

  it("defaults credentials-only sign-in to JWT sessions even with a database", () => {
    const partial = parseInitFlags({ providers: "credentials", db: "sqlite" });
    expect(completeAnswers(partial, {}, { yes: false, framework: "next" }).strategy).toBe("jwt");
  });

  it("gives credentials-only sign-in database sessions when asked (the runtime stores authorize's user), JWTs by default", () => {
    const asked = parseInitFlags({ providers: "credentials", strategy: "database", db: "sqlite" });
    expect(completeAnswers(asked, {}, { yes: false, framework: "next" }).strategy).toBe("database");
    const unasked = parseInitFlags({ providers: "credentials", db: "sqlite" });
    expect(completeAnswers(unasked, {}, { yes: true, framework: "next" }).strategy).toBe("jwt");
  });

  it("keeps --runtime-dir inside the project", () => {
    expect(parseInitFlags({ runtimeDir: "./lib/auth-runtime/" }).runtimeDir).toBe("lib/auth-runtime");
    expect(failure(() => parseInitFlags({ runtimeDir: "../outside" })).code).toBe("InvalidOption");
    expect(failure(() => parseInitFlags({ runtimeDir: "/abs" })).code).toBe("InvalidOption");
  });
});
