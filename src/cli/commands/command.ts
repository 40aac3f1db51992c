/**
 * What a command is, as types only: its spec (arguments, flags, help, examples) and the run function its
 * module exports. The types of a command's input are derived from its spec's flag strings by the rules
 * commander follows for the same strings (`--dry-run` → `dryRun`, `--no-install` → `install`, `<value>` takes
 * a string or one of the choices), so commands/index.ts checks each command's flag type against its spec
 * where the entry is written. Types only: the registry and every command module import it for free.
 */

import type { Output } from "../output.js";
import type { Host } from "./host.js";

export interface OptionSpec {
  readonly flags: string;
  readonly description: string;
  readonly choices?: readonly string[];
  readonly default?: string;
}

export interface ArgSpec {
  /** e.g. "[dir]" (optional) or "<id>" (required). */
  readonly name: string;
  readonly description: string;
}

export interface CommandSpec {
  readonly name: string;
  readonly args: readonly ArgSpec[];
  readonly description: string;
  readonly options: readonly OptionSpec[];
  /** Shown after the options in `<command> --help`: the arguments as typed after the program's name, and what that does. */
  readonly examples?: readonly { readonly command: string; readonly does: string }[];
  /**
   * Answered by main.ts without commander when the command line is only its flags without values and its
   * optional arguments (start-up time): with `flag` (and no --json), it prints what `print` gives and loads
   * nothing else; otherwise it runs the command through the registry.
   */
  readonly fast?: { readonly flag: string; print(): Promise<string> };
}

/** What a command's run function gets: its positional arguments by name, and its flags as commander parsed them. */
export interface CommandInput<Args, Options> {
  args: Args;
  options: Options;
}

/** A command's entry point, exported as `run` by its module: resolves to its exit code (void: 0). */
export type CommandRun<Args, Options> = (
  input: CommandInput<Args, Options>,
  out: Output,
  host: Host,
) => Promise<number | void>;

// ---------------------------------------------------------------------------------------------------
// The input types of a spec, by commander's rules

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** `-y, --yes` → `yes`; `--runtime-dir <path>` → `runtime-dir`. */
type LongName<Flags extends string> = Flags extends `${string}--${infer Rest}`
  ? Rest extends `${infer Name} ${string}`
    ? Name
    : Rest
  : never;
/** The key commander stores a flag's value under: camel case, `no-` dropped. */
export type OptionKey<Flags extends string> =
  LongName<Flags> extends `no-${infer Name}` ? Camel<Name> : Camel<LongName<Flags>>;
type OptionValue<O extends OptionSpec> = O["flags"] extends `${string}<${string}>`
  ? O extends { readonly choices: readonly (infer Choice)[] }
    ? Choice
    : string
  : O["flags"] extends `${string}--no-${string}`
    ? boolean
    : true;

/** The flags of a spec as commander hands them over (a flag not given is absent). */
export type OptionsOf<S extends CommandSpec> = {
  [Flags in S["options"][number]["flags"] as OptionKey<Flags>]?: OptionValue<
    Extract<S["options"][number], { readonly flags: Flags }>
  >;
};

type ArgKey<Name extends string> = Name extends `<${infer Key}>` ? Key : Name extends `[${infer Key}]` ? Key : never;
/** The positional arguments of a spec by name: `<id>` is a string, `[dir]` may be absent. */
export type ArgsOf<S extends CommandSpec> = {
  [Name in S["args"][number]["name"] as ArgKey<Name>]: Name extends `<${string}>` ? string : string | undefined;
};
