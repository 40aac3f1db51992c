/**
 * The users table as sign-up will meet it in the live database: its id's type agrees with what the auth
 * module hands the adapter (`userIds`; for Drizzle, what its users table declares), the database numbers a new
 * user where ids are integers, the email column is unique (else two users can share one address, and sign-in
 * picks either; the addresses already shared are named), and no required column lacks a value on a new user:
 * a database default, the ORM client's (`@default(cuid())`, `$defaultFn`), the adapter's own fields, or
 * `newUserColumns` in the auth module. The user_id columns of auth tables that exist already hold the same
 * kind of id, and a required email is a warning (a provider may give none). Table and column presence is
 * database.ts's; this reads the same database, read-only, and says nothing when it cannot reach it.
 */

import { type Finding, finding, ok } from "../../checks/finding.js";
import { type DatabaseConnection, openDatabase } from "../../database/connect.js";
import { dialectName } from "../../database/drivers.js";
import type { ExpectedTable } from "../../database/expected-tables.js";
import { isSchemaOrm, type SqlDialect } from "../../database/flavours.js";
import { type LiveTable, liveIdKind, liveTable, sharedValues, unprovedAddresses } from "../../database/live-table.js";
import type { OrmUsersAdvice } from "../../database/orm.js";
import { ORMS } from "../../database/orms.js";
import { configuredAdapter } from "../../database/setup.js";
import { sqlUsersFix } from "../../database/sql/existing-users.js";
import type { UserIdKind } from "../../database/users-table.js";
import { CliError } from "../../errors.js";
import { configuredCatalogProviders } from "../../providers/auth-providers.js";
import type { DoctorContext } from "./context.js";
import { expectedTables } from "./orm-tables.js";

/** The fields the adapter writes on every new user (the AdapterUser's); name, image and emailVerified may be null. */
const NULLABLE_FIELDS = ["name", "emailVerified", "image"];

const numeric = (kind: UserIdKind) => kind === "integer" || kind === "bigint";

/** The keys of `newUserColumns: (user) => ({ name: …, … })` in the auth module. */
export function newUserColumnKeys(authSource: string): string[] {
  const body = /newUserColumns\s*:\s*\([^)]*\)\s*=>\s*\(\s*\{([\s\S]*?)\}\s*\)/.exec(authSource)?.[1] ?? "";
  return [...body.matchAll(/(?:^|,)\s*["']?([A-Za-z_$][\w$]*)["']?\s*:/g)].map((match) => match[1]!);
}

/** The ORM's advice on the users table, where the adapter is an ORM's; null for the SQL adapters. */
function ormUsers(adapter: string): OrmUsersAdvice | null {
  return isSchemaOrm(adapter) ? ORMS[adapter].users : null;
}

/** The id kind the adapter will write: what the ORM's users table declares, else the auth module's `userIds`. */
function passedIdKind(
  ctx: DoctorContext,
  adapter: string,
  authSource: string,
  users: ExpectedTable,
  dialect: SqlDialect,
): UserIdKind {
  const declared = ormUsers(adapter)?.declaredIds?.idKind(ctx.reader, users, dialect);
  if (declared) return declared;
  const named = /userIds\s*:\s*["'](text|uuid|integer|bigint)["']/.exec(authSource)?.[1];
  return (named as UserIdKind | undefined) ?? "text";
}

export async function checkUsersTable(ctx: DoctorContext): Promise<Finding[]> {
  if (!ctx.project || "missing" in ctx.setup) return [];
  const adapter = configuredAdapter(ctx.reader, ctx.project.info);
  if (!adapter) return [];
  const expected = expectedTables(ctx.reader, ctx.project.info, adapter);
  const users = expected.find((table) => table.model.name === "users");
  if (!users || users.missingModel) return [];
  let db: DatabaseConnection;
  try {
    db = await openDatabase(ctx.root, ctx.env, { readOnly: true });
  } catch (error) {
    if (error instanceof CliError) return [];
    throw error;
  }
  try {
    const live = await liveTable(db, users.name);
    if (!live) return [];
    const authSource = ctx.reader.read(adapter.file) ?? "";
    const where = `${dialectName(db.dialect)} ${db.target}: ${users.name}`;
    const passed = passedIdKind(ctx, adapter.adapter, authSource, users, db.dialect);
    // The SQL path's fix is generate's, which writes it all (database/sql/existing-users.ts), where it applies.
    const options = sqlUsersFix(ctx.reader, ctx.project.info, adapter.adapter, "options");
    const table = sqlUsersFix(ctx.reader, ctx.project.info, adapter.adapter, "table");
    const findings = [
      ...idFindings(where, adapter, users, live, passed, options),
      ...(await referenceFindings(db, users, live, expected, table)),
      ...(await emailFindings(db, where, adapter, users, live, table)),
      ...requiredFindings(where, adapter, users, live, passed, newUserColumnKeys(authSource), options),
      ...(configuredCatalogProviders(authSource, adapter.file).some((provider) => provider.kind === "email")
        ? await unprovedFindings(db, adapter.adapter, where, users, live, expected)
        : []),
    ];
    if (findings.length === 0)
      findings.push(
        ok(
          "users.table",
          `${where} takes a new user: ${passed} ids, a unique email, and a value for every required column.`,
        ),
      );
    return findings;
  } finally {
    await db.close();
  }
}

function idFindings(
  where: string,
  adapter: { file: string; adapter: string },
  users: ExpectedTable,
  live: LiveTable,
  passed: UserIdKind,
  sqlFix: string | null,
): Finding[] {
  const column = live.columns.find((candidate) => candidate.name === (users.fields["id"] ?? "id").toLowerCase());
  if (!column) return [];
  const stored = liveIdKind(column.type);
  const declared = ormUsers(adapter.adapter)?.declaredIds;
  const told = declared
    ? declared.told(passed)
    : passed === "text"
      ? `${adapter.file} hands the ${adapter.adapter} adapter text ids (no userIds option)`
      : `${adapter.file} hands the ${adapter.adapter} adapter userIds: "${passed}"`;
  const fix = declared
    ? declared.fix
    : stored
      ? `pass userIds: "${stored}" in the adapter's options in ${adapter.file}: ${adapter.adapter}(…, { userIds: "${stored}" })`
      : "";
  if (stored === null)
    return [
      finding(
        "error",
        "users.id-kind",
        `${where}.${column.name} is ${column.type}: the auth adapters take text, uuid, integer or bigint ids.`,
        "key the users table by one of those",
        users.declaredIn ?? adapter.file,
      ),
    ];
  const findings: Finding[] = [];
  // A uuid column takes a text id only when it is a uuid; integers and text never mix.
  if (numeric(stored) !== numeric(passed) || (stored === "uuid" && passed === "text"))
    findings.push(
      finding(
        "error",
        "users.id-kind",
        `${where}.${column.name} is ${column.type} (${stored} ids), but ${told}: creating a user fails.`,
        sqlFix ?? fix,
        declared ? (users.declaredIn ?? adapter.file) : adapter.file,
      ),
    );
  if (numeric(stored) && !column.filled)
    findings.push(
      finding(
        "error",
        "users.id-default",
        `${where}.${column.name} is ${column.type} without a default: the database gives a new user no id, and the adapter leaves numbering to it.`,
        "make it auto-incrementing (serial or GENERATED … AS IDENTITY in PostgreSQL, AUTO_INCREMENT in MySQL, INTEGER PRIMARY KEY in SQLite)",
        users.declaredIn ?? undefined,
      ),
    );
  return findings;
}

/**
 * The user_id columns of the auth tables that exist already (the app's own `sessions`, say, or tables an
 * earlier setup made with text ids) must hold the users table's ids: an integer id in a text column compares
 * as text in some databases and fails a foreign key in others, and a text id never fits an integer column.
 */
async function referenceFindings(
  db: DatabaseConnection,
  users: ExpectedTable,
  usersLive: LiveTable,
  expected: readonly ExpectedTable[],
  sqlFix: string | null,
): Promise<Finding[]> {
  const idColumn = usersLive.columns.find((candidate) => candidate.name === (users.fields["id"] ?? "id").toLowerCase());
  const idKind = idColumn ? liveIdKind(idColumn.type) : null;
  if (!idColumn || !idKind) return [];
  const findings: Finding[] = [];
  for (const table of expected) {
    const field = table.fields["userId"];
    if (table === users || !field) continue;
    const live = await liveTable(db, table.name);
    const column = live?.columns.find((candidate) => candidate.name === field.toLowerCase());
    if (!column) continue;
    const kind = liveIdKind(column.type);
    if (kind !== null && numeric(kind) === numeric(idKind)) continue;
    findings.push(
      finding(
        "error",
        "users.user-id-kind",
        `${dialectName(db.dialect)} ${db.target}: ${table.name}.${column.name} is ${column.type}, but ${users.name}.${idColumn.name} is ${idColumn.type}: a ${table.name} row for a new user fails or never matches its user.`,
        sqlFix ??
          `change ${table.name}.${column.name} to ${idColumn.type} (the type of ${users.name}.${idColumn.name}) in the database and the schema`,
        table.declaredIn ?? undefined,
      ),
    );
  }
  return findings;
}

async function emailFindings(
  db: DatabaseConnection,
  where: string,
  adapter: { file: string; adapter: string },
  users: ExpectedTable,
  live: LiveTable,
  sqlFix: string | null,
): Promise<Finding[]> {
  const email = (users.fields["email"] ?? "email").toLowerCase();
  const column = live.columns.find((candidate) => candidate.name === email);
  if (!column) return [];
  // A provider may vouch for someone without an address (an X account, a GitHub user hiding theirs, a
  // passkey): the adapter then writes null, which a required column refuses.
  const required =
    column.required && !column.filled
      ? [
          finding(
            "warning",
            "users.email-required",
            `${where}.${email} is required: a sign-in whose provider gives no address cannot create a user, and ends on the error page.`,
            "make it nullable, or offer only providers that always give an address",
            users.declaredIn ?? undefined,
          ),
        ]
      : [];
  if (live.unique.some((columns) => columns.length === 1 && columns[0] === email)) return required;
  const shared = await sharedValues(db, users.name, email);
  const how =
    ormUsers(adapter.adapter)?.uniqueEmailFix ??
    sqlFix ??
    `CREATE UNIQUE INDEX users_email_key ON ${users.name} (${email})`;
  return [
    ...required,
    finding(
      "error",
      "users.email-unique",
      `${where}.${email} has no unique constraint: two users can share one address, and sign-in then finds either${shared.length ? `. Already shared: ${shared.join(", ")}` : ""}.`,
      shared.length ? `merge or change the users sharing an address first, then ${how}` : how,
      users.declaredIn ?? undefined,
    ),
  ];
}

/** The statement (or ORM call) that marks the addresses an app verified, with the date as its adapter stores it. */
function markVerified(adapter: string, dialect: SqlDialect, table: string, verified: string, email: string): string {
  const condition = "<your condition for a verified address>";
  const orm = ormUsers(adapter);
  if (orm) return orm.markVerified(condition);
  // The SQL adapters' dates: milliseconds in SQLite, the database's own timestamp elsewhere.
  const now = dialect === "sqlite" ? "unixepoch() * 1000" : dialect === "mysql" ? "NOW(3)" : "now()";
  return `UPDATE ${table} SET ${verified} = ${now} WHERE ${email} IS NOT NULL AND ${verified} IS NULL AND ${condition}`;
}

/**
 * The app's own users whose address nobody proved to the runtime (no email_verified, no sign-in account):
 * the runtime cannot tell them from a user someone made with another's address (pre-hijacking), so their
 * first sign-in by email link takes the address off them and makes a new user, leaving their row without
 * its email. Only the app knows which addresses it verified: the fix marks those.
 */
async function unprovedFindings(
  db: DatabaseConnection,
  adapter: string,
  where: string,
  users: ExpectedTable,
  live: LiveTable,
  expected: readonly ExpectedTable[],
): Promise<Finding[]> {
  const column = (field: string) => (users.fields[field] ?? field).toLowerCase();
  const [email, verified, id] = [column("email"), users.fields["emailVerified"] ?? "email_verified", column("id")];
  const has = (name: string) => live.columns.some((candidate) => candidate.name === name.toLowerCase());
  if (!has(email) || !has(verified) || !has(id)) return [];
  const accounts = expected.find((table) => table.model.name === "accounts");
  const userId = accounts?.fields["userId"] ?? "user_id";
  const accountsLive = accounts && !accounts.missingModel ? await liveTable(db, accounts.name) : null;
  const found = await unprovedAddresses(
    db,
    { table: users.name, id, email, verified: verified.toLowerCase() },
    accountsLive?.columns.some((candidate) => candidate.name === userId.toLowerCase())
      ? { table: accounts!.name, userId }
      : null,
  );
  if (found.count === 0) return [];
  const more = found.count > found.sample.length ? `, and ${found.count - found.sample.length} more` : "";
  return [
    finding(
      "warning",
      "users.unproved-address",
      `${where}: ${found.count === 1 ? "1 user has" : `${found.count} users have`} an address nobody proved to auth (${found.sample.join(", ")}${more}: no ${verified}, no sign-in account). A first sign-in by email link to such an address takes it off that user and makes a new one, so the row keeps its data but loses its email (the defence against accounts made with someone else's address).`,
      `where your app verified these addresses, mark them before anyone signs in: ${markVerified(adapter, db.dialect, users.name, verified, email)}`,
      users.declaredIn ?? undefined,
    ),
  ];
}

function requiredFindings(
  where: string,
  adapter: { file: string; adapter: string },
  users: ExpectedTable,
  live: LiveTable,
  passed: UserIdKind,
  filledKeys: readonly string[],
  sqlFix: string | null,
): Finding[] {
  // What a new user row gets a value for, by column: the adapter's own fields that are never null (email is
  // the user's; an id the adapter makes unless the database numbers it), the client's defaults, newUserColumns.
  const column = (field: string) => (users.fields[field] ?? field).toLowerCase();
  const given = new Set([
    column("email"),
    ...(numeric(passed) ? [] : [column("id")]),
    ...users.clientFilled.map((name) => name.toLowerCase()),
    ...filledKeys.map(column),
  ]);
  const nullable = new Set(NULLABLE_FIELDS.map(column));
  const missing = live.columns.filter(
    (candidate) =>
      candidate.required && !candidate.filled && !given.has(candidate.name) && candidate.name !== column("id"),
  );
  if (missing.length === 0) return [];
  const names = missing.map((candidate) => candidate.name);
  const fillable = missing.filter((candidate) => nullable.has(candidate.name));
  const fix =
    sqlFix && fillable.length === missing.length
      ? sqlFix
      : fillable.length
        ? `fill ${fillable.map((candidate) => candidate.name).join(", ")} through the adapter: ${adapter.adapter}(…, { newUserColumns: (user) => ({ name: user.name ?? user.email?.split("@")[0] ?? "" }) }) in ${adapter.file}${fillable.length < missing.length ? "; give the others a default or make them nullable" : ""}`
        : "give each a default, or make it nullable";
  return [
    finding(
      "error",
      "users.required-column",
      `${where}: ${names.join(", ")} ${names.length === 1 ? "is" : "are"} required without a default, and a new user through the ${adapter.adapter} adapter has no value for ${names.length === 1 ? "it" : "them"}: sign-up fails.`,
      fix,
      users.declaredIn ?? adapter.file,
    ),
  ];
}
