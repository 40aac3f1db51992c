/**
 * Argon2id (RFC 9106) through `@node-rs/argon2`: prebuilt binaries from the npm registry for every platform,
 * so no compiler, and its async calls run on libuv's thread pool, off the event loop. The package is loaded
 * with a dynamic import because it is optional: where its binary cannot load, the hasher falls back to scrypt.
 * We ask it for the raw hash (`hashRaw`) with our own salt and write and compare the PHC string ourselves:
 * one parser (phc.ts) decides what a stored string means, and the comparison is ours (timingSafeEqual).
 */
import { formatPhc, numericParams, type Phc } from "./phc.js";

export interface Argon2idParams {
  /** KiB of memory (`m=`). */
  memoryCost: number;
  /** Passes over that memory (`t=`). */
  timeCost: number;
  /** Lanes (`p=`). */
  parallelism: number;
}

/**
 * 64 MiB, 3 passes, 1 lane: RFC 9106 §4's second recommended setting (64 MiB, t = 3) with OWASP's p = 1, since
 * the package computes the lanes of one hash on one thread anyway. 3.4× the memory and 1.5× the passes of
 * OWASP's m = 19 MiB, t = 2 row; ~55 ms per hash on a 2-core server (docs/passwords.md has the measurements).
 */
export const ARGON2ID_DEFAULTS: Readonly<Argon2idParams> = { memoryCost: 65536, timeCost: 3, parallelism: 1 };
/** OWASP Password Storage Cheat Sheet's Argon2id row: nothing weaker is accepted as configuration. */
export const ARGON2ID_FLOOR: Readonly<Argon2idParams> = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** What a stored string may ask for (1 GiB, 64 passes): a hash claiming more is refused, not attempted. */
export const ARGON2ID_CEILING: Readonly<Argon2idParams> = { memoryCost: 1 << 20, timeCost: 64, parallelism: 16 };
/** Argon2 version 0x13 (19), the only one written since 2016; the package's `Version.V0x13` is 1. */
const VERSION = 19;

export interface StoredArgon2id {
  algorithm: "argon2id";
  params: Argon2idParams;
  salt: Uint8Array;
  hash: Uint8Array;
}

/**
 * The one function we use, typed here rather than as `typeof import("@node-rs/argon2")`, so the published
 * .d.ts files name no package an app may not have installed.
 */
export interface Argon2Module {
  hashRaw(
    password: Uint8Array,
    options: Argon2idParams & { outputLen: number; salt: Uint8Array; algorithm: 2; version: 1 },
  ): Promise<Uint8Array>;
}
let loading: Promise<Argon2Module | undefined> | undefined;

/** The native package, or undefined where it is not installed or its binary does not load (tried once). */
export function loadArgon2(): Promise<Argon2Module | undefined> {
  loading ??= import("@node-rs/argon2").then(
    (module): Argon2Module | undefined => (typeof module.hashRaw === "function" ? module : undefined),
    () => undefined,
  );
  return loading;
}

export function argon2idInBounds(params: Argon2idParams): boolean {
  return (
    params.parallelism >= 1 &&
    params.parallelism <= ARGON2ID_CEILING.parallelism &&
    params.timeCost >= 1 &&
    params.timeCost <= ARGON2ID_CEILING.timeCost &&
    // RFC 9106 §3.1: at least 8 KiB per lane.
    params.memoryCost >= 8 * params.parallelism &&
    params.memoryCost <= ARGON2ID_CEILING.memoryCost
  );
}

export function readArgon2id(phc: Phc): StoredArgon2id | undefined {
  if (phc.id !== "argon2id" || phc.version !== VERSION) return undefined;
  const numbers = numericParams(phc, ["m", "t", "p"]);
  if (!numbers) return undefined;
  const params = { memoryCost: numbers.m, timeCost: numbers.t, parallelism: numbers.p };
  if (!argon2idInBounds(params)) return undefined;
  return { algorithm: "argon2id", params, salt: phc.salt, hash: phc.hash };
}

export function formatArgon2id(params: Argon2idParams, salt: Uint8Array, hash: Uint8Array): string {
  const { memoryCost: m, timeCost: t, parallelism: p } = params;
  return formatPhc({
    id: "argon2id",
    version: VERSION,
    params: [
      ["m", String(m)],
      ["t", String(t)],
      ["p", String(p)],
    ],
    salt,
    hash,
  });
}

export async function deriveArgon2id(
  argon2: Argon2Module,
  password: Uint8Array,
  salt: Uint8Array,
  params: Argon2idParams,
  length: number,
): Promise<Uint8Array> {
  // `algorithm: 2` is Algorithm.Argon2id and `version: 1` is Version.V0x13: the package declares them as
  // const enums, which isolatedModules cannot read from a .d.ts.
  return argon2.hashRaw(password, { ...params, outputLen: length, salt, algorithm: 2, version: 1 });
}
