/**
 * Interactive questions on a TTY, through @clack/prompts (loaded only when a question is actually asked).
 * Options of later versions are shown but disabled, so users see what is coming without picking it.
 */
import { CliError } from "../errors.js";
import { PROVIDERS, type ProviderEntry } from "../providers/catalog.js";
import type { Answers } from "../targets/types.js";
import type { Question } from "./resolve.js";

async function clack() {
  return import("@clack/prompts");
}

function cancelled(): never {
  throw new CliError("Cancelled", "Cancelled; nothing was written.");
}

export async function askMissing(missing: Question[]): Promise<Partial<Pick<Answers, "providers" | "db">>> {
  const prompts = await clack();
  const answers: Partial<Pick<Answers, "providers" | "db">> = {};
  if (missing.includes("providers")) {
    const picked = await prompts.multiselect<ProviderEntry>({
      message: "Sign-in providers (space to select, enter to confirm)",
      options: PROVIDERS.map((p) => ({ value: p, label: p.name, hint: p.id })),
      required: true,
    });
    if (prompts.isCancel(picked)) cancelled();
    answers.providers = picked;
  }
  if (missing.includes("db")) {
    const db = await prompts.select<Answers["db"]>({
      message: "Database for users and sessions",
      options: [
        { value: "none", label: "None", hint: "sessions in an encrypted cookie (JWT)" },
        { value: "sqlite", label: "SQLite", hint: "later version", disabled: true },
        { value: "postgres", label: "PostgreSQL", hint: "later version", disabled: true },
        { value: "mysql", label: "MySQL", hint: "later version", disabled: true },
      ],
    });
    if (prompts.isCancel(db)) cancelled();
    answers.db = db;
  }
  return answers;
}

export async function confirm(message: string, initialValue: boolean): Promise<boolean> {
  const prompts = await clack();
  const answer = await prompts.confirm({ message, initialValue });
  if (prompts.isCancel(answer)) cancelled();
  return answer;
}
