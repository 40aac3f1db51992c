/**
 * Hashing runs off the event loop and under a cap. A loopback HTTP server and a 5 ms timer keep being served
 * while 20 Argon2id hashes run; the same probe around synchronous hashing shows it does notice a blocked loop
 * (so the bound means something). The cap is watched from outside: never more hashes running than allowed,
 * a cap of one serialises, and a full queue answers "busy".
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordHasher } from "../../../src/runtime/password/index.js";
import { createLimiter } from "../../../src/runtime/password/limiter.js";

const PASSWORD = "correct horse battery staple";
const server = createServer((_request, response) => response.end("ok"));
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? Number.NaN;

/** Runs `work` while a 5 ms timer and back-to-back HTTP requests measure how late the event loop answers. */
async function probe<T>(work: () => Promise<T>) {
  const timerLateness: number[] = [];
  const requestTimes: number[] = [];
  let running = true;
  const tick = () => {
    const due = performance.now() + 5;
    setTimeout(() => {
      timerLateness.push(performance.now() - due);
      if (running) tick();
    }, 5);
  };
  tick();
  const requests = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(url)).text();
      requestTimes.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  running = false;
  await requests;
  return { result, elapsed, timerLateness, requestTimes };
}

describe("hashing off the event loop", () => {
  it("keeps answering HTTP requests and timers while 20 Argon2id hashes run", async () => {
    const hasher = createPasswordHasher();
    await hasher.hash(PASSWORD); // loads the native package outside the measurement
    const { result, elapsed, timerLateness, requestTimes } = await probe(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => hasher.hash(`${PASSWORD} ${i}`))),
    );
    console.info(
      `20 hashes in ${elapsed.toFixed(0)} ms; ${requestTimes.length} requests, median ${median(requestTimes).toFixed(1)} ms, ` +
        `p90 ${p90(requestTimes).toFixed(1)} ms; timer lateness median ${median(timerLateness).toFixed(1)} ms, ` +
        `p90 ${p90(timerLateness).toFixed(1)} ms, max ${Math.max(...timerLateness).toFixed(1)} ms`,
    );
    expect(result.every((outcome) => outcome.ok)).toBe(true);
    // 20 hashes of ~55 ms each on the main thread would leave no request under 50 ms; off it, most take ~1 ms.
    expect(requestTimes.length).toBeGreaterThan(20);
    expect(median(requestTimes)).toBeLessThan(15);
    // Timers also wait for the CPU the hashing threads use (two cores here), hence a looser bound than requests.
    expect(median(timerLateness)).toBeLessThan(25);
  });

  it("the probe sees a blocked loop: the same hashes run synchronously push the timers past the bound", async () => {
    const { hashRawSync } = await import("@node-rs/argon2");
    const options = { memoryCost: 65536, timeCost: 3, parallelism: 1 };
    const { timerLateness, requestTimes } = await probe(async () => {
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        hashRawSync(`${PASSWORD} ${i}`, options);
      }
    });
    console.info(
      `control: requests median ${median(requestTimes).toFixed(1)} ms, timer lateness median ${median(timerLateness).toFixed(1)} ms`,
    );
    expect(median(timerLateness)).toBeGreaterThan(25);
    expect(median(requestTimes)).toBeGreaterThan(15);
  });
});

describe("the concurrency cap", () => {
  it("never runs more scrypt hashes than maxConcurrent (each holds 128 MiB)", async () => {
    const hasher = createPasswordHasher({ algorithm: "scrypt", maxConcurrent: 2 });
    let peak = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, hasher.running);
    }, 2);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => hasher.hash(PASSWORD)));
    clearInterval(watch);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(peak).toBe(2);
    expect(hasher.running).toBe(0);
  });

  it("a cap of one serialises: of three hashes started together, one runs and two wait", async () => {
    const hasher = createPasswordHasher({ algorithm: "scrypt", maxConcurrent: 1 });
    // Watched, not timed: a ratio of wall times moves with whatever else the machine runs.
    let peak = 0;
    let peakWaiting = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, hasher.running);
      peakWaiting = Math.max(peakWaiting, hasher.waiting);
    }, 2);
    const outcomes = await Promise.all([hasher.hash(PASSWORD), hasher.hash(PASSWORD), hasher.hash(PASSWORD)]);
    clearInterval(watch);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect([peak, peakWaiting]).toEqual([1, 2]);
    expect([hasher.running, hasher.waiting]).toEqual([0, 0]);
  });

  it("answers busy once maxWaiting hashes already wait, for hash and verify", async () => {
    const hasher = createPasswordHasher({
      argon2id: { memoryCost: 19456, timeCost: 2 },
      maxConcurrent: 1,
      maxWaiting: 1,
    });
    const stored = await hasher.hash(PASSWORD);
    if (!stored.ok) throw new Error("hashing refused");
    // Started in one tick: the first runs, the second waits, the rest find the queue full.
    const [running, waiting, third] = await Promise.all([
      hasher.hash(PASSWORD),
      hasher.hash(PASSWORD),
      hasher.hash(PASSWORD),
    ]);
    const verify = hasher.verify(PASSWORD, stored.hash);
    expect([running.ok, waiting.ok]).toEqual([true, true]);
    expect(third).toEqual({ ok: false, reason: "busy" });
    expect(await verify).toMatchObject({ match: true });
    const [, , late] = await Promise.all([
      hasher.hash(PASSWORD),
      hasher.hash(PASSWORD),
      hasher.verify(PASSWORD, stored.hash),
    ]);
    expect(late).toEqual({ match: false, needsRehash: false, reason: "busy" });
  });

  it("hands slots over in arrival order", async () => {
    const limiter = createLimiter(1, 10);
    const order: number[] = [];
    let release = () => {};
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const rest = [1, 2, 3].map((n) => limiter.run(async () => void order.push(n)));
    expect(limiter.waiting).toBe(3);
    release();
    await Promise.all([first, ...rest]);
    expect(order).toEqual([1, 2, 3]);
  });
});
