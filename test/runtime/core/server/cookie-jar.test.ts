/** The core's cookies and a framework's jar, both ways (core/server/cookie-jar.ts). */
import { describe, expect, it } from "vitest";
import { parseCookieHeader } from "../../../../src/runtime/core/cookies/header.js";
import { cookieHeader, writeCookies } from "../../../../src/runtime/core/server/cookie-jar.js";

describe("the Cookie header rebuilt from a jar's values", () => {
  it("encodes each value as the core's Set-Cookie does, so the core reads back what the jar holds", () => {
    const header = cookieHeader([
      { name: "a", value: "x|y; z" },
      { name: "b", value: "plain" },
    ]);
    expect(header).toBe("a=x%7Cy%3B%20z; b=plain");
    expect(parseCookieHeader(header)).toEqual({ a: "x|y; z", b: "plain" });
  });
});

describe("the cookies handed to a framework's jar", () => {
  it("go in order, and the first one the jar refuses ends the write", () => {
    const cookies = ["a", "b", "c"].map((name) => ({ name, value: name, options: {} }));
    const written: string[] = [];
    writeCookies(cookies, ({ name }) => {
      if (name === "b") throw new Error("Cookies can only be modified in a Server Action or Route Handler.");
      written.push(name);
    });
    expect(written).toEqual(["a"]);
  });

  it("carry their path, `/` when the core's cookie names none (as its own Set-Cookie writes it)", () => {
    const paths: string[] = [];
    const cookies = [
      { name: "a", value: "1", options: { path: "/auth" } },
      { name: "b", value: "2", options: {} },
    ];
    writeCookies(cookies, ({ options }) => paths.push(options.path));
    expect(paths).toEqual(["/auth", "/"]);
  });
});
