// Types for system-packages.mjs: the Debian packages the tests need, checked (and installed when possible) first.

export interface SystemPackage {
  name: string;
  purpose: string;
  commands: string[];
  port?: number;
}
export interface MissingPackage {
  name: string;
  purpose: string;
}
export type ProvisioningPlan =
  | { action: "none" }
  | { action: "install"; names: string[] }
  | { action: "stop"; message: string };

export const SYSTEM_PACKAGES: readonly SystemPackage[];
/** PATH's directories, then /usr/sbin and /sbin. */
export function searchPath(env?: NodeJS.ProcessEnv): string[];
/** The absolute path of an executable `command` in `directories` (default: searchPath()), or undefined. */
export function findCommand(command: string, directories?: string[]): string | undefined;
/** True when something accepts a TCP connection on 127.0.0.1:`port` within a second. */
export function portAnswers(port: number): Promise<boolean>;
export function missingPackages(probes?: {
  find?: (command: string) => string | undefined;
  answers?: (port: number) => Promise<boolean>;
}): Promise<MissingPackage[]>;
/** `apt-get install -y <names>`, through sudo unless root. */
export function installCommand(names: string[], options: { root: boolean }): string;
/** Nothing to do, install (root with apt-get), or stop with the command that installs what is missing. */
export function provisioningPlan(
  missing: MissingPackage[],
  options: { root: boolean; aptGet: boolean },
): ProvisioningPlan;
/** Installs what is missing when it can; throws naming the install command when it cannot. */
export function provisionSystemPackages(options?: {
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<void>;
