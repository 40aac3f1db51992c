import { describe, expect, it } from "vitest";
import { authorizeReadsRequest } from "../../../src/runtime/core/actions/callback/authorize-request.js";

type Authorize = (...args: never[]) => unknown;

// Written as plain JavaScript sources, so what is decided is what an app's bundle holds, not what the test's
// own transpiler made of a function literal.
const source = (text: string): Authorize => new Function(`return (${text});`)() as Authorize;

describe("authorizeReadsRequest", () => {
  it.each([
    "(credentials) => credentials",
    "async (credentials) => credentials",
    "credentials => credentials",
    "async credentials => credentials",
    "async ({ email, password }) => email + password",
    "async ({ email = 'a,b', password = \"(\" }) => email + password",
    "async ([email, password]) => email + password",
    "(credentials,) => credentials",
    "async function authorize(credentials) { return credentials; }",
    "function (credentials) { return credentials; }",
    "async function* authorize(credentials) { yield credentials; }",
    "() => null",
    "(credentials = {}) => credentials",
  ])("hands no Request to %s", (text) => {
    expect(authorizeReadsRequest(source(text))).toBe(false);
  });

  it("reads a method written in shorthand like a function", () => {
    const provider = {
      async authorize(credentials: unknown) {
        return credentials;
      },
    };
    expect(authorizeReadsRequest(provider.authorize as Authorize)).toBe(false);
  });

  it.each([
    "(credentials, request) => request",
    "async (credentials, { headers }) => headers",
    "(credentials, request = null) => request",
    "(credentials, ...rest) => rest",
    "(...args) => args[1]",
    "function (credentials) { return arguments[1]; }",
    "async function (credentials) { return eval('argu' + 'ments')[1]; }",
    "(credentials /* , request */) => credentials",
    "(credentials = `a`) => credentials",
    "(credentials = /x/) => credentials",
    "(credentials = a.b) => credentials",
  ])("hands the Request to %s", (text) => {
    expect(authorizeReadsRequest(source(text))).toBe(true);
  });

  it("hands the Request to a bound or proxied function, whose parameters its source hides", () => {
    const inner = (_credentials: unknown, request: Request) => request;
    expect(authorizeReadsRequest(inner.bind(null) as Authorize)).toBe(true);
    expect(authorizeReadsRequest(new Proxy(inner, {}) as Authorize)).toBe(true);
  });

  it("hands the Request to a method with a computed name", () => {
    const name = "authorize";
    const provider = {
      [name](credentials: unknown) {
        return credentials;
      },
    };
    expect(authorizeReadsRequest(provider[name] as Authorize)).toBe(true);
  });
});
