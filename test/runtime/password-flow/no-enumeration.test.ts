/**
 * Issue 24, point 4: sign-in, sign-up and forgot-password answer the same way and in the same time whether
 * or not the address has an account. Through the real core and the sqlite adapter (a real SQLite database),
 * with mail to a real SMTP server: 50 tries with a known address and 50 with an unknown one per flow (250 for
 * forgot-password, whose answer takes a third of a millisecond), their medians less than 10 % apart.
 *
 * Made for a loaded 2-core machine: the tries are interleaved in pairs whose order alternates (known first,
 * then unknown first), so load that comes and goes falls on both alike; only the answer is timed (the CSRF
 * token is fetched once, the request built before the clock starts); the work each try leaves for after its
 * answer (lookups, writes, mail) is waited for between tries, untimed, so it does not land on the next try.
 * A round whose medians differ by 10 % or more is measured again, up to five rounds: load can skew one
 * round, but a real difference between the branches skews all five. A sub-millisecond answer needs more tries:
 * with 50, a CI machine's load moved one median by a fifth while the branches did the same work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Auth } from "../../../src/runtime/index.js";
import type { AuthConfig } from "../../../src/runtime/types.js";
import { type SmtpServer, startSmtpServer } from "../../support/smtp-server.mjs";
import { csrfToken, postForm } from "../core/support.js";
import { CookieJar, GOOD_PASSWORD, type PasswordSetup, passwordSetup, verifiedAccount } from "./support.js";

const TRIES = 50;
const ROUNDS = 5;
const KNOWN = "known-owner@example.test";

let smtp: SmtpServer;
let setup: PasswordSetup;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The limiter would answer 429 long before 50 tries on one account: this measures the flows themselves.
  setup = passwordSetup(smtp, { config: { rateLimit: false } });
  await verifiedAccount(setup, smtp, KNOWN);
});

afterAll(async () => {
  await smtp?.close();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Try {
  /** The request for try `index` (a fresh address per unknown sign-up, so none becomes known). */
  request(index: number): Request;
  /** What every answer, known or unknown, must be. */
  location: string;
}

/** Times one answer; checks it is the one both branches give; waits (untimed) for its after-answer work. */
async function timed(config: AuthConfig, request: Request, location: string): Promise<number> {
  const started = performance.now();
  const response = await Auth(request, config);
  const elapsed = performance.now() - started;
  expect(response.headers.get("location")).toBe(location);
  await setup.settle();
  return elapsed;
}

async function round(
  known: Try,
  unknown: Try,
  offset: number,
  tries: number,
): Promise<{ known: number; unknown: number }> {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let index = 0; index < tries; index++) {
    const id = offset + index;
    const pair = index % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
    for (const branch of pair) {
      const flow = branch === "known" ? known : unknown;
      times[branch].push(await timed(setup.config, flow.request(id), flow.location));
    }
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

/** Rounds until one shows the medians within 10 % (at most ROUNDS); returns every round's medians. */
async function measure(makeTries: (token: string, jar: CookieJar) => [Try, Try], tries = TRIES) {
  const jar = new CookieJar();
  const token = await csrfToken(setup.config, jar);
  const [known, unknown] = makeTries(token, jar);
  // Warm-up: module loads, the common-password list, the first hash.
  await round({ ...known }, { ...unknown }, 100_000, TRIES).catch(() => undefined);
  const rounds: Array<{ known: number; unknown: number; ratio: number }> = [];
  for (let index = 0; index < ROUNDS; index++) {
    const medians = await round(known, unknown, index * tries, tries);
    const ratio = Math.abs(medians.known - medians.unknown) / Math.min(medians.known, medians.unknown);
    rounds.push({ ...medians, ratio });
    if (ratio < 0.1) break;
  }
  return rounds;
}

function report(flow: string, rounds: Array<{ known: number; unknown: number; ratio: number }>): void {
  for (const { known, unknown, ratio } of rounds) {
    console.log(
      `${flow}: median known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms, ${(ratio * 100).toFixed(1)} % apart`,
    );
  }
}

const SIGNED_OUT = "http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials";
const CHECK_EMAIL = "http://localhost:3000/auth/verify-request?provider=password&type=password";

/** Everything a client can read of an answer but the date: status, headers (cookies included) and body. */
async function readable(response: Response) {
  const headers = [...response.headers].filter(([name]) => name !== "date");
  return { status: response.status, headers, body: await response.text() };
}

describe("no enumeration by answer", () => {
  it.each([
    ["sign-in", "/auth/callback/password", { password: "wrong-but-well-formed-42" }],
    ["sign-up", "/auth/signup/password", { password: GOOD_PASSWORD }],
    ["forgot-password", "/auth/forgot-password/password", {}],
  ] as const)("%s answers a known and an unknown address identically", async (_flow, path, fields) => {
    const jar = new CookieJar();
    const token = await csrfToken(setup.config, jar);
    const answer = async (email: string) => {
      const response = await Auth(postForm(path, { csrfToken: token, email, ...fields }, jar), setup.config);
      await setup.settle();
      return readable(response);
    };
    expect(await answer(KNOWN)).toEqual(await answer("never-seen-before@example.test"));
  });
});

describe("no enumeration by answer or time (50 or 250 tries each, medians < 10 % apart)", () => {
  it("sign-in: a known address with a wrong password and an unknown address", { timeout: 240_000 }, async () => {
    const rounds = await measure((token, jar) => {
      const form = (email: string) =>
        postForm("/auth/callback/password", { csrfToken: token, email, password: "wrong-but-well-formed-42" }, jar);
      return [
        { request: () => form(KNOWN), location: SIGNED_OUT },
        { request: (index) => form(`nobody-${index}@example.test`), location: SIGNED_OUT },
      ];
    });
    report("sign-in", rounds);
    expect(rounds.at(-1)!.ratio).toBeLessThan(0.1);
  });

  it("sign-up: an address that has an account and one that has none", { timeout: 240_000 }, async () => {
    const rounds = await measure((token, jar) => {
      const form = (email: string) =>
        postForm("/auth/signup/password", { csrfToken: token, email, password: GOOD_PASSWORD }, jar);
      return [
        { request: () => form(KNOWN), location: CHECK_EMAIL },
        { request: (index) => form(`newcomer-${index}@example.test`), location: CHECK_EMAIL },
      ];
    });
    report("sign-up", rounds);
    expect(rounds.at(-1)!.ratio).toBeLessThan(0.1);
    // Both branches did their work after answering: a notice to the owner, an account for each newcomer.
    expect(
      smtp.messages.filter((message) => message.subject === "You already have an account").length,
    ).toBeGreaterThanOrEqual(TRIES);
    expect(await setup.adapter.getUserByEmail!("newcomer-0@example.test")).not.toBeNull();
  });

  it("forgot-password: an address that has an account and one that has none", { timeout: 240_000 }, async () => {
    const rounds = await measure((token, jar) => {
      const form = (email: string) => postForm("/auth/forgot-password/password", { csrfToken: token, email }, jar);
      return [
        { request: () => form(KNOWN), location: CHECK_EMAIL },
        { request: (index) => form(`stranger-${index}@example.test`), location: CHECK_EMAIL },
      ];
    }, 250);
    report("forgot-password", rounds);
    expect(rounds.at(-1)!.ratio).toBeLessThan(0.1);
    expect(smtp.messages.filter((message) => message.envelope.to.includes("stranger-0@example.test"))).toEqual([]);
  });
});
