// The configuration checks (core/assert.ts) run in full once per origin of a config and are then answered
// from what they found (ResolvedConfig.checks): every request must still get the same answer, an untrusted
// host is still judged per request, and each origin is checked on its own.
import { describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import { baseConfig, captureLogger, get } from "./support.js";

const typeOf = (error: Error | undefined) => (error as { type?: string } | undefined)?.type;

describe("configuration checks, once per origin", () => {
  it("answers a configuration error on every request, not only the first", async () => {
    const { logger, errors } = captureLogger();
    const config = baseConfig({ secret: [], logger });
    for (let request = 0; request < 3; request++) {
      const response = await Auth(get("/auth/session"), config);
      expect(response.status).toBe(500);
    }
    expect(errors.map(typeOf)).toEqual(["MissingSecret", "MissingSecret", "MissingSecret"]);
  });

  it("still judges the host of each request when the options of its origin passed", async () => {
    const { logger, errors } = captureLogger();
    // Without trustHost, only a loopback host is trusted.
    const config = baseConfig({ trustHost: undefined, logger });
    const local = await Auth(get("/auth/session"), config);
    expect(local.status).toBe(200);
    const remote = await Auth(new Request("https://app.example.test/auth/session"), config);
    expect(remote.status).toBe(500);
    expect(errors.map(typeOf)).toEqual(["UntrustedHost"]);
    expect((await Auth(get("/auth/session"), config)).status).toBe(200);
  });

  it("answers the error of an origin's options on another origin too", async () => {
    const { logger, errors } = captureLogger();
    const config = baseConfig({ secret: [], logger });
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://localhost:3000"]) {
      expect((await Auth(new Request(`${origin}/auth/providers`), config)).status).toBe(500);
    }
    expect(errors.map(typeOf)).toEqual(["MissingSecret", "MissingSecret", "MissingSecret"]);
  });
});
