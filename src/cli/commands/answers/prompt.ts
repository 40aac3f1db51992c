/**
 * Interactive questions on a TTY, through @clack/prompts (loaded only when a question is actually asked).
 * Choices that cannot work with what was already answered are shown disabled, with the reason.
 */
import { Writable } from "node:stream";
import type { ProjectOrm } from "../../database/flavours.js";
import { ORM_FLAVOURS } from "../../database/flavours.js";
import { CliError } from "../../errors.js";
import type { Answers } from "../../project/types.js";
import { needsDatabase, PROVIDERS } from "../../providers/catalog.js";
import { counted } from "../../words.js";
import { type AskedAnswers, defaultStrategy, type Question } from "./resolve.js";

async function clack() {
  return import("@clack/prompts");
}

/**
 * process.stdout as clack's multiselect writes to it, with its answer line in our words: @clack/prompts
 * (1.9) prints a fixed `${n} items selected` once the choice is made ("1 items selected") and offers no option
 * for that text, but writes every frame through the `output` its prompts take. Everything else passes through
 * unchanged, in order (each chunk is written before the next is taken), and the terminal's size and resize
 * events are the real terminal's.
 */
export function selectionOutput(
  noun: string,
  target: NodeJS.WriteStream = process.stdout,
): { output: Writable; close(): void } {
  // The count comes right after an escape sequence (clack dims the line: ESC[2m1 items selected), so no \b.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = chunk
        .toString()
        .replace(/(\d+) items selected/g, (_, n: string) => `${counted(Number(n), noun)} selected`);
      target.write(text);
      done();
    },
  });
  Object.defineProperties(output, {
    isTTY: { get: () => target.isTTY },
    columns: { get: () => target.columns },
    rows: { get: () => target.rows },
  });
  // clack re-renders on "resize" events of its output: the terminal's are passed on while the prompt is open.
  const resize = () => output.emit("resize");
  target.on("resize", resize);
  return { output, close: () => target.off("resize", resize) };
}

function cancelled(): never {
  throw new CliError("Cancelled", "Cancelled; nothing was written.");
}

/**
 * Asks in order: providers, database, the ORM (only when the project uses one: `project`), then the session
 * strategy (only once a database is chosen: without one, JWT is the only possibility; credentials-only
 * sign-in starts on JWT). `given` holds what flags answered.
 */
export async function askMissing(
  missing: Question[],
  given: AskedAnswers = {},
  project: readonly ProjectOrm[] = [],
): Promise<AskedAnswers> {
  const prompts = await clack();
  const answers: AskedAnswers = {};
  if (missing.includes("providers")) {
    // Searchable: 30-odd providers do not fit a list one scrolls through. Ids are the values, so typing an
    // id or a name finds it (clack matches label, hint and value).
    const selection = selectionOutput("provider");
    const picked = await prompts.autocompleteMultiselect<string>({
      // clack's footer says how: type to search, Tab (or Space after the arrows) to select, Enter to confirm.
      message: "Sign-in providers",
      options: PROVIDERS.map((p) => ({
        value: p.id,
        label: p.name,
        hint: needsDatabase(p) ? `${p.id}, needs a database` : p.id,
      })),
      required: true,
      output: selection.output,
    });
    selection.close();
    if (prompts.isCancel(picked)) cancelled();
    answers.providers = PROVIDERS.filter((p) => picked.includes(p.id));
  }
  if (missing.includes("db")) {
    // --strategy database was given, or email/passkey sign-in was picked: "none" cannot hold their data.
    const chosen = answers.providers ?? given.providers ?? [];
    const passwordless = chosen.filter(needsDatabase).map((p) => p.name);
    const ormGiven = given.orm !== undefined && given.orm !== "none";
    const databaseRequired = given.strategy === "database" || passwordless.length > 0 || ormGiven;
    const noneHint =
      given.strategy === "database"
        ? "--strategy database needs a database"
        : ormGiven
          ? `--orm ${given.orm} needs a database`
          : `${passwordless.join(" and ")} sign-in needs a database`;
    const db = await prompts.select<Answers["db"]>({
      message: "Database for users and sessions",
      options: [
        {
          value: "none",
          label: "None",
          hint: databaseRequired ? noneHint : "sessions in an encrypted cookie (JWT)",
          disabled: databaseRequired,
        },
        { value: "sqlite", label: "SQLite", hint: "a file in the project, no server" },
        { value: "postgres", label: "PostgreSQL", hint: "pg, DATABASE_URL" },
        { value: "mysql", label: "MySQL / MariaDB", hint: "mysql2, DATABASE_URL" },
      ],
    });
    if (prompts.isCancel(db)) cancelled();
    answers.db = db;
  }
  const db = answers.db ?? given.db;
  const providers = answers.providers ?? given.providers ?? [];
  if (missing.includes("orm") && db !== undefined && db !== "none" && project.length > 0) {
    // The project's own ORM first: the auth tables then live in its schema, next to the app's.
    const orm = await prompts.select<Answers["orm"]>({
      message: "Store users through",
      options: [
        ...project.map((found) => ({
          value: found.orm,
          label: ORM_FLAVOURS[found.orm].name,
          hint: `this project uses it: the auth ${ORM_FLAVOURS[found.orm].schemaItems} go in its schema`,
        })),
        {
          value: "none" as const,
          label: "Plain SQL",
          hint: "create-auth's own client module and SQL migrations (auth-migrations/)",
        },
      ],
    });
    if (prompts.isCancel(orm)) cancelled();
    answers.orm = orm;
  }
  if (missing.includes("strategy") && db !== undefined && db !== "none") {
    // Credentials-only sign-in starts on JWTs (--yes's default); a database session serves it too.
    const strategy = await prompts.select<Answers["strategy"]>({
      message: "Where sessions live",
      initialValue: defaultStrategy(db, providers),
      options: [
        { value: "database", label: "Database", hint: "a row per session: revocable, sign-out ends it everywhere" },
        { value: "jwt", label: "Encrypted cookie (JWT)", hint: "no session rows; users and accounts still stored" },
      ],
    });
    if (prompts.isCancel(strategy)) cancelled();
    answers.strategy = strategy;
  }
  return answers;
}

export async function confirm(message: string, initialValue: boolean): Promise<boolean> {
  const prompts = await clack();
  const answer = await prompts.confirm({ message, initialValue });
  if (prompts.isCancel(answer)) cancelled();
  return answer;
}
