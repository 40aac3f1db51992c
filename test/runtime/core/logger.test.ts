import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../../src/runtime/core/logger.js";
import { CallbackRouteError } from "../../../src/runtime/errors.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("logger", () => {
  it("stays silent on debug unless debug is true", () => {
    const seen: string[] = [];
    const debug = (code: string) => void seen.push(code);
    createLogger({ logger: { debug } }).debug("quiet");
    createLogger({ logger: { debug }, debug: true }).debug("loud");
    expect(seen).toEqual(["loud"]);
  });

  it("merges the user's methods over the console defaults", () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings: string[] = [];
    const logger = createLogger({ logger: { warn: (code) => void warnings.push(code) } });
    logger.warn("custom");
    logger.error(new CallbackRouteError("callback failed", { cause: new Error("root cause") }));
    expect(warnings).toEqual(["custom"]);
    const printed = consoleError.mock.calls.flat().join(" ");
    expect(printed).toContain("CallbackRouteError: callback failed");
    expect(printed).toContain("root cause");
  });
});
