/**
 * node:crypto where the runtime has it (Node, Bun, Deno) and undefined where it does not (edge runtimes): the
 * handle the synchronous paths (the session JWE, SHA-256, the rate limiter's keyed hashes) test before they
 * fall back to WebCrypto.
 */
import type * as NodeCrypto from "node:crypto";

export type NodeCryptoModule = typeof NodeCrypto;

/** `process.getBuiltinModule` (Node ≥ 20.16) loads node:crypto without a static import edge bundlers reject. */
export const nodeCrypto: NodeCryptoModule | undefined = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.("node:crypto") as NodeCryptoModule | undefined;
