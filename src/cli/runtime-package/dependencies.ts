/**
 * The packages the updated runtime needs installed beside it, brought up to this CLI's ranges in the app's
 * package.json: the runtime's peer (oauth4webapi) and the packages of the providers the package
 * exports (nodemailer for email, @simplewebauthn/server for passkeys), the same ranges init writes. A missing
 * one is added; one whose range starts below ours is raised; a newer one, or one that names no version
 * (`latest`, a tag, a URL), is the user's and stays, with a note. A text edit: the file's formatting stays.
 */

import { addDependencies } from "../edit/package-json.js";
import type { RuntimeSource } from "../plan/context.js";
import { findProvider } from "../providers/catalog.js";
import type { RuntimeEntry } from "./entries.js";
import { RUNTIME_PEERS } from "./source.js";

export interface DependencyBump {
  /** package.json after the edit, or null when nothing changes. */
  after: string | null;
  added: string[];
  raised: { name: string; from: string; to: string }[];
  notes: string[];
}

/** What the runtime holding `entries` needs, with the ranges this CLI writes. */
export function neededPackages(source: RuntimeSource, entries: readonly RuntimeEntry[]): Record<string, string> {
  const wanted: Record<string, string> = {};
  for (const name of RUNTIME_PEERS) wanted[name] = source.peerDependencies[name] ?? "*";
  for (const entry of entries) {
    const id = /^\.\/providers\/([\w-]+)$/.exec(entry)?.[1];
    Object.assign(wanted, (id && findProvider(id)?.packages) ?? {});
  }
  return wanted;
}

/** The lowest version a range allows (`^6.2.1` → [6, 2, 1]), or null when it names none. */
export function lowestVersion(range: string): number[] | null {
  const match = /^\s*(?:\^|~|>=|=)?\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:[-+][\w.-]*)?\s*$/.exec(range);
  if (!match) return null;
  return [match[1], match[2], match[3]].map((part) => (part === undefined || !/^\d+$/.test(part) ? 0 : Number(part)));
}

function below(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** Replaces `name`'s range in `section` of package.json's text, leaving every other byte. */
function setRange(text: string, section: string, name: string, range: string): string {
  const open = new RegExp(`"${section}"\\s*:\\s*\\{`).exec(text);
  if (!open) return text;
  const start = open.index + open[0].length;
  const close = text.indexOf("}", start);
  const quoted = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const member = new RegExp(`("${quoted}"\\s*:\\s*)"[^"]*"`).exec(text.slice(start, close));
  if (!member) return text;
  const at = start + member.index;
  return `${text.slice(0, at)}${member[1]}${JSON.stringify(range)}${text.slice(at + member[0].length)}`;
}

export function bumpDependencies(packageJson: string, wanted: Record<string, string>): DependencyBump {
  const pkg = JSON.parse(packageJson) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  let text = packageJson;
  const raised: DependencyBump["raised"] = [];
  const notes: string[] = [];
  for (const [name, range] of Object.entries(wanted)) {
    const section =
      pkg.dependencies?.[name] !== undefined
        ? "dependencies"
        : pkg.devDependencies?.[name] !== undefined
          ? "devDependencies"
          : null;
    if (section === null) continue;
    const existing = pkg[section]![name]!;
    if (existing === range) continue;
    const have = lowestVersion(existing);
    const need = lowestVersion(range);
    if (have === null || need === null) {
      notes.push(`package.json has ${name}@${existing}; the runtime is built against ${range}. Kept yours.`);
    } else if (below(have, need)) {
      text = setRange(text, section, name, range);
      raised.push({ name, from: existing, to: range });
    }
  }
  const added = addDependencies(text, wanted);
  if (added !== "unchanged") text = added.content;
  return {
    after: text === packageJson ? null : text,
    added: added === "unchanged" ? [] : added.added,
    raised,
    notes,
  };
}
