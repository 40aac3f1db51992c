/**
 * A key's own comment (what to fill it with) in a dotenv file: mergeEnv writes it just above the key it
 * appends, and removeEnvKeys takes it back with that key only, so adding then removing gives back the file
 * byte for byte, while a comment the user moved, or one above a key they filled in, stays.
 */
import { parse } from "dotenv";
import { describe, expect, it } from "vitest";
import { mergeEnv } from "../../../src/cli/env/merge.js";
import { removeEnvKeys } from "../../../src/cli/env/remove.js";

const SOURCE = "# Local settings\nNOTES_PAGE_SIZE=20\n";
const COMMENTS = new Map([["AUTH_OKTA_ISSUER", "Your Okta org's issuer URL: https://<org>.okta.com"]]);
const ENTRIES = ["AUTH_OKTA_ID", "AUTH_OKTA_SECRET", "AUTH_OKTA_ISSUER"].map((key) => ({
  key,
  value: "",
  comment: COMMENTS.get(key),
}));
/** What remove-provider asks of the env file for Okta: its three keys, under the block's heading. */
const removeOkta = (content: string) =>
  removeEnvKeys(
    content,
    ENTRIES.map((entry) => entry.key),
    ["Okta sign-in"],
    "x",
    COMMENTS,
  );

describe("a key's comment", () => {
  it("is written just above the key it describes, inside the headed block", () => {
    const merged = mergeEnv(SOURCE, ENTRIES, ["Okta sign-in"]);
    expect(merged.content).toBe(
      `${SOURCE}\n# Okta sign-in\nAUTH_OKTA_ID=\nAUTH_OKTA_SECRET=\n# Your Okta org's issuer URL: https://<org>.okta.com\nAUTH_OKTA_ISSUER=\n`,
    );
    expect(merged.added).toEqual(["AUTH_OKTA_ID", "AUTH_OKTA_SECRET", "AUTH_OKTA_ISSUER"]);
    // dotenv reads the comment as nothing: the keys stay blank and the apostrophe pairs with no quote.
    expect(parse(merged.content)).toEqual({
      NOTES_PAGE_SIZE: "20",
      AUTH_OKTA_ID: "",
      AUTH_OKTA_SECRET: "",
      AUTH_OKTA_ISSUER: "",
    });
  });

  it("is not written for a key already in the file", () => {
    const merged = mergeEnv(`${SOURCE}AUTH_OKTA_ISSUER=https://acme.okta.com\n`, ENTRIES, ["Okta sign-in"]);
    expect(merged.content).not.toContain("issuer URL");
    expect(merged.kept).toEqual(["AUTH_OKTA_ISSUER"]);
  });

  it("goes with its key: removing what was added gives back the file byte for byte", () => {
    const merged = mergeEnv(SOURCE, ENTRIES, ["Okta sign-in"]).content;
    const removed = removeOkta(merged);
    expect(removed.content).toBe(SOURCE);
  });

  it("stays above a key the user filled in", () => {
    const merged = mergeEnv(SOURCE, ENTRIES, ["Okta sign-in"]).content.replace(
      "AUTH_OKTA_ISSUER=",
      "AUTH_OKTA_ISSUER=https://acme.okta.com",
    );
    const removed = removeOkta(merged);
    expect(removed.removed).toEqual(["AUTH_OKTA_ID", "AUTH_OKTA_SECRET"]);
    expect(removed.content).toBe(
      `${SOURCE}\n# Okta sign-in\n# Your Okta org's issuer URL: https://<org>.okta.com\nAUTH_OKTA_ISSUER=https://acme.okta.com\n`,
    );
  });

  it("stays where it is no longer just above its key: the user put it, or a line of theirs, elsewhere", () => {
    const source = `# Your Okta org's issuer URL: https://<org>.okta.com\nNOTES_PAGE_SIZE=20\n# mine\nAUTH_OKTA_ISSUER=\n`;
    const removed = removeEnvKeys(source, ["AUTH_OKTA_ISSUER"], [], "x", COMMENTS);
    expect(removed.content).toBe(`# Your Okta org's issuer URL: https://<org>.okta.com\nNOTES_PAGE_SIZE=20\n# mine\n`);
  });

  it("keeps the file's CRLF line endings, in and out", () => {
    const source = "NOTES_PAGE_SIZE=20\r\n";
    const merged = mergeEnv(source, ENTRIES, ["Okta sign-in"]).content;
    expect(merged).toContain("\r\n# Your Okta org's issuer URL: https://<org>.okta.com\r\nAUTH_OKTA_ISSUER=\r\n");
    const removed = removeOkta(merged);
    expect(removed.content).toBe(source);
  });
});
