/**
 * The deletes and the counter update that PostgreSQL and SQLite (≥ 3.35) write as one statement with
 * `RETURNING`, written once for both: the row comes back from the statement that removed or changed it, so
 * of two concurrent uses of a verification token only one gets it. MySQL has no `RETURNING` and reads the
 * row first (mysql.ts), so it does not load this module.
 */
import { AdapterError } from "../errors.js";
import type { Adapter } from "../types.js";
import type { SqlReadsContext } from "./sql-reads.js";

export type SqlReturningMethods = Required<
  Pick<Adapter, "unlinkAccount" | "deleteSession" | "useVerificationToken" | "updateAuthenticatorCounter">
>;

export function sqlReturning(context: Omit<SqlReadsContext, "adapter">): SqlReturningMethods {
  const { db, selects, records } = context;
  const [p1, p2] = [context.placeholder(1), context.placeholder(2)];

  return {
    async unlinkAccount({ provider, providerAccountId }) {
      const row = await db.first(
        `DELETE FROM accounts WHERE provider = ${p1} AND provider_account_id = ${p2} RETURNING ${selects.account}`,
        [provider, providerAccountId],
      );
      return row ? records.accountFromRow(row) : undefined;
    },
    async deleteSession(sessionToken) {
      const row = await db.first(`DELETE FROM sessions WHERE session_token = ${p1} RETURNING ${selects.session}`, [
        sessionToken,
      ]);
      return row ? records.sessionFromRow(row) : null;
    },
    async useVerificationToken({ identifier, token }) {
      // Read and delete in one statement: of two concurrent uses, only one gets the row back.
      const row = await db.first(
        `DELETE FROM verification_tokens WHERE identifier = ${p1} AND token = ${p2} ` +
          `RETURNING ${selects.verificationToken}`,
        [identifier, token],
      );
      return row ? records.verificationTokenFromRow(row) : null;
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = await db.first(
        `UPDATE authenticators SET counter = ${p1} WHERE credential_id = ${p2} RETURNING ${selects.authenticator}`,
        [newCounter, credentialID],
      );
      if (!row) throw new AdapterError(`Cannot update the counter: no authenticator "${credentialID}".`);
      return records.authenticatorFromRow(row);
    },
  };
}
