/**
 * The Prisma adapter: `prisma(client)` for your generated PrismaClient, on the models `create-auth`
 * generates (`User`, `Account`, `Session`, `VerificationToken`, `Authenticator`, mapped to the same tables
 * and columns as the SQL schema). Prisma runs each statement; this module maps records both ways: the
 * 64-bit integers Prisma reads as `BigInt` come back as numbers, account token fields left out stay absent.
 *
 * A verification token is read, then deleted with `deleteMany`, and goes only to the use whose delete
 * removed the row (`count` 1): two concurrent uses never both get it. Prisma's own `delete` is not enough on
 * MySQL/MariaDB, where it reads the row and then deletes it, returning the row to both of two racing uses.
 *
 * Declared structurally rather than imported: the client is generated in your app, not in this package.
 */
import { AdapterError } from "../errors.js";
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../types.js";

/** The model delegate methods the adapter calls; every generated Prisma delegate has them. */
export interface PrismaDelegate {
  create(args: { data: never }): PromiseLike<unknown>;
  findUnique(args: { where: never; include?: never }): PromiseLike<unknown>;
  findMany(args: { where: never }): PromiseLike<unknown>;
  update(args: { where: never; data: never }): PromiseLike<unknown>;
  delete(args: { where: never }): PromiseLike<unknown>;
  deleteMany(args: { where: never }): PromiseLike<unknown>;
}

/** A PrismaClient generated from the auth models (`authenticator` only if you store passkeys). */
export interface PrismaClientLike {
  user: PrismaDelegate;
  account: PrismaDelegate;
  session: PrismaDelegate;
  verificationToken: PrismaDelegate;
  authenticator?: PrismaDelegate;
}

type Row = Record<string, unknown>;

// The adapter's view of a delegate: the same methods, with the argument shapes it actually passes.
interface Delegate {
  create(args: { data: Row }): PromiseLike<Row>;
  findUnique(args: { where: Row; include?: Row }): PromiseLike<Row | null>;
  findMany(args: { where: Row }): PromiseLike<Row[]>;
  update(args: { where: Row; data: Row }): PromiseLike<Row>;
  delete(args: { where: Row }): PromiseLike<Row>;
  deleteMany(args: { where: Row }): PromiseLike<{ count: number }>;
}

const userFields = ["id", "name", "email", "emailVerified", "image"] as const;
const accountFields = [
  "userId",
  "type",
  "provider",
  "providerAccountId",
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const;
const accountTokenFields = accountFields.slice(4);
const sessionFields = ["sessionToken", "userId", "expires"] as const;
const verificationTokenFields = ["identifier", "token", "expires"] as const;
const authenticatorFields = [
  "credentialID",
  "userId",
  "providerAccountId",
  "credentialPublicKey",
  "counter",
  "credentialDeviceType",
  "credentialBackedUp",
  "transports",
] as const;

/** Only the model's fields, and only those given: a provider's extra profile fields are not columns. */
function pick(record: object, fields: readonly string[]): Row {
  const values: Row = {};
  for (const field of fields) {
    const value = (record as Row)[field];
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** BigInt columns (`expires_at`, `counter`) hold integers JavaScript numbers represent exactly. */
function toNumber(value: unknown, field: string): unknown {
  if (typeof value !== "bigint") return value;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new AdapterError(`${field} holds ${value}, beyond a safe integer.`);
  return number;
}

/**
 * The model's fields of a row as the record they store: the one place a row becomes a record. Sound because
 * `pick` kept exactly the model's fields, which are the record's field names, and Prisma reads each column
 * as the field's type (DateTime as Date, Boolean as boolean; BigInt is converted by `toNumber` first).
 */
function asRecord<T>(fields: Row): T {
  return fields as T;
}

const asUser = (row: Row) => asRecord<AdapterUser>(pick(row, userFields));
const asSession = (row: Row) => asRecord<AdapterSession>(pick(row, sessionFields));
const asVerificationToken = (row: Row) => asRecord<VerificationToken>(pick(row, verificationTokenFields));

function asAccount(row: Row): AdapterAccount {
  const account = pick(row, accountFields);
  // Token fields the provider did not send stay absent rather than null, as they were when linked.
  for (const field of accountTokenFields) if (account[field] === null) delete account[field];
  if ("expires_at" in account) account.expires_at = toNumber(account.expires_at, "accounts.expires_at");
  return asRecord<AdapterAccount>(account);
}

function asAuthenticator(row: Row): AdapterAuthenticator {
  const authenticator = pick(row, authenticatorFields);
  authenticator.counter = toNumber(authenticator.counter, "authenticators.counter");
  return asRecord<AdapterAuthenticator>(authenticator);
}

/** Prisma's "an operation failed because it depends on one or more records that were required but not found". */
function isRecordNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2025";
}

/** The record the operation returned, or null when there was none to act on (P2025). */
async function orNull(operation: PromiseLike<Row>): Promise<Row | null> {
  try {
    return await operation;
  } catch (error) {
    if (isRecordNotFound(error)) return null;
    throw error;
  }
}

/**
 * A generated delegate under the adapter's view of it. Sound because the generated delegates of the auth
 * models accept exactly these argument shapes and answer rows; `PrismaDelegate` declares its parameters
 * `never` only so that any generated client can be passed in.
 */
function asDelegate(delegate: PrismaDelegate): Delegate {
  return delegate as unknown as Delegate;
}

export default function prisma(client: PrismaClientLike): Adapter {
  const user = asDelegate(client.user);
  const account = asDelegate(client.account);
  const session = asDelegate(client.session);
  const verificationToken = asDelegate(client.verificationToken);

  function authenticator(): Delegate {
    if (!client.authenticator) throw new AdapterError("prisma(client): the client has no Authenticator model.");
    return asDelegate(client.authenticator);
  }

  const accountKey = (provider: string, providerAccountId: string) => ({
    provider_providerAccountId: { provider, providerAccountId },
  });

  return {
    async createUser(data) {
      return asUser(await user.create({ data: pick({ ...data, id: data.id ?? crypto.randomUUID() }, userFields) }));
    },
    async getUser(id) {
      const row = await user.findUnique({ where: { id } });
      return row ? asUser(row) : null;
    },
    async getUserByEmail(email) {
      const row = await user.findUnique({ where: { email } });
      return row ? asUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const row = await account.findUnique({ where: accountKey(provider, providerAccountId), include: { user: true } });
      return row?.user ? asUser(row.user as Row) : null;
    },
    async updateUser({ id, ...changes }) {
      return asUser(await user.update({ where: { id }, data: pick(changes, userFields) }));
    },
    async deleteUser(id) {
      // Accounts, sessions and authenticators go with the user: the relations cascade (onDelete: Cascade).
      const row = await orNull(user.delete({ where: { id } }));
      return row ? asUser(row) : null;
    },
    async linkAccount(data) {
      return asAccount(await account.create({ data: pick(data, accountFields) }));
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const row = await orNull(account.delete({ where: accountKey(provider, providerAccountId) }));
      return row ? asAccount(row) : undefined;
    },
    async getAccount(providerAccountId, provider) {
      const row = await account.findUnique({ where: accountKey(provider, providerAccountId) });
      return row ? asAccount(row) : null;
    },
    async createSession(data) {
      return asSession(await session.create({ data: pick(data, sessionFields) }));
    },
    async getSessionAndUser(sessionToken) {
      const row = await session.findUnique({ where: { sessionToken }, include: { user: true } });
      return row?.user ? { session: asSession(row), user: asUser(row.user as Row) } : null;
    },
    async updateSession({ sessionToken, ...changes }) {
      const row = await orNull(session.update({ where: { sessionToken }, data: pick(changes, sessionFields) }));
      return row ? asSession(row) : null;
    },
    async deleteSession(sessionToken) {
      const row = await orNull(session.delete({ where: { sessionToken } }));
      return row ? asSession(row) : null;
    },
    async deleteSessionsByUserId(userId) {
      await session.deleteMany({ where: { userId } });
    },
    async createVerificationToken(data) {
      return asVerificationToken(await verificationToken.create({ data: pick(data, verificationTokenFields) }));
    },
    async useVerificationToken({ identifier, token }) {
      // Single use: of concurrent deletes only one removes the row (count 1); a use that read it but lost
      // the race gets null.
      const row = await verificationToken.findUnique({ where: { identifier_token: { identifier, token } } });
      if (!row) return null;
      const { count } = await verificationToken.deleteMany({ where: { identifier, token } });
      return count > 0 ? asVerificationToken(row) : null;
    },
    async createAuthenticator(data) {
      return asAuthenticator(await authenticator().create({ data: pick(data, authenticatorFields) }));
    },
    async getAuthenticator(credentialID) {
      const row = await authenticator().findUnique({ where: { credentialID } });
      return row ? asAuthenticator(row) : null;
    },
    async listAuthenticatorsByUserId(userId) {
      return (await authenticator().findMany({ where: { userId } })).map(asAuthenticator);
    },
    async updateAuthenticatorCounter(credentialID, counter) {
      // An unknown credential id throws (P2025), as the contract asks.
      return asAuthenticator(await authenticator().update({ where: { credentialID }, data: { counter } }));
    },
    async deleteExpired(now = new Date()) {
      const expired = { where: { expires: { lt: now } } };
      return {
        sessions: (await session.deleteMany(expired)).count,
        verificationTokens: (await verificationToken.deleteMany(expired)).count,
      };
    },
  };
}
