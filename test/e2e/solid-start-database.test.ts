// The SolidStart 2 fixture (vite plugin + nitro, built on Node 24, served on Node 20) on a real PostgreSQL
// (`init --db postgres`, pg): the story in support/server-database-sign-in.ts.
import { serverDatabaseSignIn } from "./support/server-database-sign-in.js";

serverDatabaseSignIn({
  fixture: "solid-start-2",
  db: "postgres",
  title: "SolidStart 2 with database sessions in PostgreSQL",
});
