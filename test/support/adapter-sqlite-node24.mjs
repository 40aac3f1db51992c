// The conformance suite on the SQLite adapter with Node's built-in `node:sqlite` (Node ≥ 22.5), run by
// node:test straight from the TypeScript sources. Run it under Node 24:
//   node test/support/adapter-sqlite-node24.mjs        (exit code 0 when every test passes)
// test/runtime/adapters/sqlite.test.ts starts it with the Node 24 from test/support/node24.mjs.
import { register } from "node:module";

register("./adapter-ts-resolve.mjs", import.meta.url);

const { DatabaseSync } = await import("node:sqlite");
const { after, before, describe, test } = await import("node:test");
const { authSchema } = await import("../runtime/adapters/auth-schema.js");
const { default: sqlite } = await import("../../src/runtime/adapters/sqlite.js");
const { runAdapterTests } = await import("../../src/runtime/adapters/testing.js");
const { sqliteModelReader } = await import("./adapter-sqlite-reader.mjs");

const db = new DatabaseSync(":memory:");
db.exec(authSchema("sqlite"));

describe(`sqlite adapter on node:sqlite (${process.version})`, () => {
  runAdapterTests({
    adapter: sqlite(db),
    db: { ...sqliteModelReader(db), disconnect: async () => db.close() },
    runner: { describe, test, beforeAll: before, afterAll: after },
  });
});
