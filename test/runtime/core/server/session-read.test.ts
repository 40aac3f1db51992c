/**
 * The session as the app's server code reads and updates it (core/server/session-read.ts), against the real
 * core: the signed-in session and its rolled cookie, fail closed on anything else.
 */
import { describe, expect, it } from "vitest";
import {
  helperUpdateSession,
  readSession,
  readSessionResponse,
  sessionOf,
} from "../../../../src/runtime/core/server/session-read.js";
import { captureLogger, DEMO_USER } from "../support.js";
import { config, incoming, SESSION_COOKIE, sessionCookie } from "./support.js";

describe("the session read", () => {
  it("is the signed-in user's session, with the rolled cookie to set", async () => {
    const rolling = config({ session: { updateAge: 0 } });
    const { session, cookies } = await readSession(rolling, incoming({ cookie: await sessionCookie() }));
    expect(session).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  });

  it("is null without a cookie and for a tampered one", async () => {
    expect((await readSession(config(), incoming())).session).toBeNull();
    const tampered = `${await sessionCookie()}x`;
    expect((await readSession(config(), incoming({ cookie: tampered }))).session).toBeNull();
  });

  it("is null, without throwing, when the configuration is broken (no secret)", async () => {
    const { logger, errors } = captureLogger();
    const broken = config({ secret: [], logger });
    expect(await readSession(broken, incoming({ cookie: await sessionCookie() }))).toEqual({
      session: null,
      cookies: [],
    });
    expect(errors.length).toBeGreaterThan(0);
  });

  it("takes nothing from a failed result, and no session from a body without its expiry", () => {
    const cookie = { name: "x", value: "1", options: {} };
    expect(sessionOf({ status: 400, body: { expires: "2999-01-01" }, cookies: [cookie] })).toEqual({
      session: null,
      cookies: [],
    });
    expect(sessionOf({ body: { user: {} }, cookies: [cookie] })).toEqual({ session: null, cookies: [cookie] });
  });
});

describe("the session read for a Response the integration sends", () => {
  it("is the session, with the Set-Cookie values a browser's own read gets (the rolled cookie among them)", async () => {
    const rolling = config({ session: { updateAge: 0 } });
    const read = await readSessionResponse(rolling, incoming({ cookie: await sessionCookie() }));
    expect(read.session).toMatchObject({ user: { name: DEMO_USER.name, email: DEMO_USER.email } });
    expect(read.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
  });

  it("is null for a tampered cookie, and null when the configuration is broken (fail closed)", async () => {
    const tampered = `${await sessionCookie()}x`;
    expect((await readSessionResponse(config(), incoming({ cookie: tampered }))).session).toBeNull();
    const { logger } = captureLogger();
    const broken = config({ secret: [], logger });
    expect((await readSessionResponse(broken, incoming({ cookie: await sessionCookie() }))).session).toBeNull();
  });
});

describe("the session update", () => {
  it("hands the data to the jwt callback and answers the new session with its cookie", async () => {
    const renaming = config({
      callbacks: {
        jwt: (params) => (params.trigger === "update" ? { ...params.token, name: "Renamed" } : params.token),
      },
    });
    const read = await helperUpdateSession(renaming, incoming({ cookie: await sessionCookie() }), { name: "x" });
    expect(read.session?.user?.name).toBe("Renamed");
    expect(read.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  });

  it("is no session without a signed-in cookie", async () => {
    expect((await helperUpdateSession(config(), incoming(), { name: "x" })).session).toBeNull();
  });
});
