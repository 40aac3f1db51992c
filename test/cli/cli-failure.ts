import { expect } from "vitest";
import { CliError } from "../../src/cli/errors.js";

/** The CliError a promise rejects with (the test fails when it resolves, or rejects with anything else). */
export async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}
