/**
 * The Prisma adapter: `prisma(client)` for your generated PrismaClient, on the models `create-auth`
 * generates (`User`, `Account`, `Session`, `VerificationToken`, `Authenticator`, and `Password` with the
 * password provider, mapped to the same tables and columns as the SQL schema). A client without the
 * Password model makes an adapter without the password methods, which the password provider refuses at
 * start-up by name. Prisma runs each statement; this module maps records both ways: the
 * 64-bit integers Prisma reads as `BigInt` come back as numbers, account token fields left out stay absent.
 *
 * A verification token is read, then deleted with `deleteMany`, and goes only to the use whose delete
 * removed the row (`count` 1): two concurrent uses never both get it. Prisma's own `delete` is not enough on
 * MySQL/MariaDB, where it reads the row and then deletes it, returning the row to both of two racing uses.
 *
 * `options.userIds` names the type of the User model's id ("integer" for `Int @default(autoincrement())`,
 * "bigint" for `BigInt`, "uuid" for a `String` holding UUIDs); ids leave the adapter as strings (see user-ids.ts).
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
import { type PrismaRateLimitDelegate, prismaRateLimitMethods } from "./prisma-rate-limits.js";
import { accountTokenColumns } from "./sql-columns.js";
import { onPasswordsTable } from "./sql-passwords.js";
import {
  type AdapterOptions,
  checkedUserIdKind,
  newUserValues,
  type UserIdCodec,
  type UserIdKind,
  userIdCodec,
} from "./user-ids.js";

export type { AdapterOptions, UserIdKind } from "./user-ids.js";

/** The model delegate methods the adapter calls; every generated Prisma delegate has them. */
export interface PrismaDelegate {
  create(args: { data: never }): PromiseLike<unknown>;
  findUnique(args: { where: never; include?: never }): PromiseLike<unknown>;
  findMany(args: { where: never }): PromiseLike<unknown>;
  update(args: { where: never; data: never }): PromiseLike<unknown>;
  delete(args: { where: never }): PromiseLike<unknown>;
  deleteMany(args: { where: never }): PromiseLike<unknown>;
}

/** The Password model's delegate: the others' methods, and `upsert` to insert or replace a hash. */
export interface PrismaPasswordDelegate extends PrismaDelegate {
  upsert(args: { where: never; create: never; update: never }): PromiseLike<unknown>;
}

/**
 * A PrismaClient generated from the auth models (`authenticator` only if you store passkeys, `password` only
 * with the password provider).
 */
export interface PrismaClientLike {
  user: PrismaDelegate;
  account: PrismaDelegate;
  session: PrismaDelegate;
  verificationToken: PrismaDelegate;
  authenticator?: PrismaDelegate;
  password?: PrismaPasswordDelegate;
  /** The rate limiter's counters (`rateLimit: { store: "database" }`): only with the RateLimit model. */
  rateLimit?: PrismaRateLimitDelegate;
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
interface PasswordDelegate extends Delegate {
  upsert(args: { where: Row; create: Row; update: Row }): PromiseLike<Row>;
}

const userFields = ["id", "name", "email", "emailVerified", "image"] as const;
// The account's token fields are the SQL tables' token columns: the Prisma models map them one to one.
const accountFields = ["userId", "type", "provider", "providerAccountId", ...accountTokenColumns] as const;
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

/** The adapter's records from rows, the user id (Int, BigInt or String) as the string Auth.js expects. */
function recordsFor(ids: UserIdCodec) {
  const withUserId = <T>(fields: Row, model: string): T =>
    asRecord<T>({ ...fields, userId: ids.format(fields.userId, `${model}.userId`) });
  return {
    user: (row: Row) => {
      const fields = pick(row, userFields);
      return asRecord<AdapterUser>({ ...fields, id: ids.format(fields.id, "User.id") });
    },
    session: (row: Row) => withUserId<AdapterSession>(pick(row, sessionFields), "Session"),
    verificationToken: (row: Row) => asRecord<VerificationToken>(pick(row, verificationTokenFields)),
    account(row: Row): AdapterAccount {
      const account = pick(row, accountFields);
      // Token fields the provider did not send stay absent rather than null, as they were when linked.
      for (const field of accountTokenColumns) if (account[field] === null) delete account[field];
      if ("expires_at" in account) account.expires_at = toNumber(account.expires_at, "accounts.expires_at");
      return withUserId<AdapterAccount>(account, "Account");
    },
    authenticator(row: Row): AdapterAuthenticator {
      const authenticator = pick(row, authenticatorFields);
      authenticator.counter = toNumber(authenticator.counter, "authenticators.counter");
      return withUserId<AdapterAuthenticator>(authenticator, "Authenticator");
    },
  };
}

/** Prisma's "an operation failed because it depends on one or more records that were required but not found". */
function isRecordNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2025";
}

/** Prisma's "unique constraint failed": of two concurrent first upserts where Prisma reads, then inserts. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2002";
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

/**
 * The id kinds the generated client's User.id can hold, from the data model the client carries
 * (`_runtimeDataModel`, Prisma 5 to 7: field names and scalar types only, so a uuid String reads as text),
 * or null where the client does not expose it.
 */
function modelIdKinds(client: PrismaClientLike): { kinds: readonly UserIdKind[]; declared: string } | null {
  const model: unknown = Reflect.get(client, "_runtimeDataModel");
  const fields: unknown = (model as { models?: { User?: { fields?: unknown } } } | undefined)?.models?.User?.fields;
  if (!Array.isArray(fields)) return null;
  const id: unknown = fields.find((field) => field?.name === "id" && field.kind === "scalar");
  const type = (id as { type?: unknown } | undefined)?.type;
  if (type === "Int") return { kinds: ["integer"], declared: type };
  if (type === "BigInt") return { kinds: ["bigint"], declared: type };
  if (type === "String") return { kinds: ["text", "uuid"], declared: type };
  return null;
}

/**
 * `options.userIds` names the type of User.id, inferred from the generated client's model when not given
 * (where the client carries it); `options.newUserColumns` fills the app's own required User fields.
 */
export default function prisma(client: PrismaClientLike, options: AdapterOptions = {}): Adapter {
  const option =
    options.userIds === undefined ? undefined : checkedUserIdKind(options.userIds, "prisma(client, options)");
  const model = modelIdKinds(client);
  const kind = option ?? (model?.kinds[0] as UserIdKind | undefined) ?? "text";
  if (model && !model.kinds.includes(kind)) {
    throw new AdapterError(
      `prisma(client, options): options.userIds is "${kind}" but the User model's id is ${model.declared}, which ` +
        `holds ${model.kinds.map((name) => `"${name}"`).join(" or ")} ids. Make the option match the model.`,
    );
  }
  // Prisma's Int is 32-bit whatever the database: a wider value is a validation error, not a miss.
  const ids = userIdCodec(kind, "int32");
  const records = recordsFor(ids);
  const { user: asUser, session: asSession, account: asAccount, authenticator: asAuthenticator } = records;
  const asVerificationToken = records.verificationToken;
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

  const adapter: Adapter = {
    async createUser(data) {
      const own = newUserValues(
        options,
        data,
        (key) => Reflect.get(data, key) != null,
        "prisma(client, options)",
        false,
      );
      const id = ids.newId(data.id);
      return asUser(await user.create({ data: pick({ ...data, ...own, id }, [...userFields, ...Object.keys(own)]) }));
    },
    async getUser(given) {
      const id = ids.parse(given);
      const row = id === null ? null : await user.findUnique({ where: { id } });
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
    async updateUser({ id: given, ...changes }) {
      const id = ids.parse(given);
      if (id === null) throw new AdapterError(`Cannot update the user: no user with id "${given}".`);
      return asUser(await user.update({ where: { id }, data: pick(changes, userFields) }));
    },
    async deleteUser(given) {
      const id = ids.parse(given);
      if (id === null) return null;
      // Accounts, sessions and authenticators go with the user: the relations cascade (onDelete: Cascade).
      const row = await orNull(user.delete({ where: { id } }));
      return row ? asUser(row) : null;
    },
    async linkAccount(data) {
      const userId = ids.require(data.userId, "link the account");
      return asAccount(await account.create({ data: pick({ ...data, userId }, accountFields) }));
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
      const userId = ids.require(data.userId, "create the session");
      return asSession(await session.create({ data: pick({ ...data, userId }, sessionFields) }));
    },
    async getSessionAndUser(sessionToken) {
      const row = await session.findUnique({ where: { sessionToken }, include: { user: true } });
      return row?.user ? { session: asSession(row), user: asUser(row.user as Row) } : null;
    },
    async updateSession({ sessionToken, ...changes }) {
      const userId = changes.userId === undefined ? undefined : ids.require(changes.userId, "move the session");
      const data = pick({ ...changes, userId }, sessionFields);
      const row = await orNull(session.update({ where: { sessionToken }, data }));
      return row ? asSession(row) : null;
    },
    async deleteSession(sessionToken) {
      const row = await orNull(session.delete({ where: { sessionToken } }));
      return row ? asSession(row) : null;
    },
    async deleteSessionsByUserId(given) {
      const userId = ids.parse(given);
      if (userId !== null) await session.deleteMany({ where: { userId } });
    },
    async deleteUserSessions(given, keepSessionToken) {
      const userId = ids.parse(given);
      if (userId === null) return;
      const kept = keepSessionToken === undefined ? {} : { sessionToken: { not: keepSessionToken } };
      await session.deleteMany({ where: { userId, ...kept } });
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
      const userId = ids.require(data.userId, "store the authenticator");
      return asAuthenticator(await authenticator().create({ data: pick({ ...data, userId }, authenticatorFields) }));
    },
    async getAuthenticator(credentialID) {
      const row = await authenticator().findUnique({ where: { credentialID } });
      return row ? asAuthenticator(row) : null;
    },
    async listAuthenticatorsByUserId(given) {
      const userId = ids.parse(given);
      if (userId === null) return [];
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
  if (client.rateLimit) Object.assign(adapter, prismaRateLimitMethods(client.rateLimit, isUniqueViolation));
  if (!client.password) return adapter;
  // Sound as asDelegate is: the generated Password delegate takes these shapes.
  const password = client.password as unknown as PasswordDelegate;
  const onTable = <T>(work: () => PromiseLike<T>) => onPasswordsTable("prisma(client)", () => work());
  return {
    ...adapter,
    async getPasswordHash(given) {
      const userId = ids.parse(given);
      if (userId === null) return null;
      const row = await onTable(() => password.findUnique({ where: { userId } }));
      return row ? String(row.hash) : null;
    },
    async setPasswordHash(given, hash) {
      const userId = ids.require(given, "store the password");
      // A missing user is a clear error here; the relation's foreign key still refuses one deleted in between.
      if (!(await user.findUnique({ where: { id: userId } }))) {
        throw new AdapterError(`Cannot store the password: no user with id "${given}".`);
      }
      const data = { hash, updatedAt: new Date() };
      const upsert = () => password.upsert({ where: { userId }, create: { userId, ...data }, update: data });
      // One statement on PostgreSQL and SQLite (INSERT … ON CONFLICT). On MySQL Prisma reads, then inserts:
      // the loser of two first writes gets P2002, and its retry finds the row and replaces the hash.
      await onTable(async () => {
        try {
          return await upsert();
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          return upsert();
        }
      });
    },
  };
}
