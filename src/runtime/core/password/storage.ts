/**
 * The adapter methods the password provider stores through (docs/adapters.md, "Passwords"): one hash per
 * user, and the end of every database session of a user. Optional in the contract, so an adapter without
 * them fails with MissingAdapterMethods naming the one missing (assert.ts checks them all at start-up).
 */
import { adapterMethod } from "../account/adapter-method.js";
import type { InternalOptions } from "../internal.js";

export interface PasswordStorage {
  getPasswordHash(userId: string): Promise<string | null>;
  setPasswordHash(userId: string, hash: string): Promise<void>;
  deleteUserSessions(userId: string, keepSessionToken?: string): Promise<void>;
}

export function passwordStorage(options: InternalOptions): PasswordStorage {
  const { adapter } = options;
  return {
    async getPasswordHash(userId) {
      const stored = await adapterMethod(adapter, "getPasswordHash")(userId);
      return typeof stored === "string" && stored !== "" ? stored : null;
    },
    async setPasswordHash(userId, hash) {
      await adapterMethod(adapter, "setPasswordHash")(userId, hash);
    },
    async deleteUserSessions(userId, keepSessionToken) {
      await adapterMethod(adapter, "deleteUserSessions")(userId, keepSessionToken);
    },
  };
}
