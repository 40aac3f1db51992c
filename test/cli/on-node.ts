import { afterAll, beforeAll } from "vitest";

/**
 * Runs the enclosing describe block (or file) as if on Node `version`: init takes the Node running it for
 * the app's (node:sqlite from 22.13), and the snapshots must not change with the Node that runs the tests.
 */
export function onNode(version: string): void {
  const real = Object.getOwnPropertyDescriptor(process.versions, "node")!;
  beforeAll(() => {
    Object.defineProperty(process.versions, "node", { ...real, value: version });
  });
  afterAll(() => {
    Object.defineProperty(process.versions, "node", real);
  });
}
