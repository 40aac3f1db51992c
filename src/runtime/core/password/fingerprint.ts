/**
 * What a JWT session records of the password it was started with: a digest of the stored hash (a PHC string,
 * whose salt is new on every set). A reset or change stores a new hash, so every JWT session started before
 * it stops matching and is refused at its next check (core/session/follow-user.ts). Import-light on purpose:
 * the session read imports it, and it must not pull the password flows in.
 */
import { sha256Hex } from "../crypto/sha256.js";

/** 128 bits of SHA-256 over the stored hash: inside the encrypted session, it only has to tell two hashes apart. */
export async function passwordFingerprint(storedHash: string): Promise<string> {
  return (await sha256Hex(`create-auth password session\n${storedHash}`)).slice(0, 32);
}
