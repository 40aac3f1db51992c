// The Express 4 (JavaScript, CommonJS) fixture on a real MariaDB server (`init --db mysql`, mysql2), started
// with `npm start`: the story in support/server-database-sign-in.ts.
import { serverDatabaseSignIn } from "./support/server-database-sign-in.js";

serverDatabaseSignIn({
  fixture: "express-4-js",
  db: "mysql",
  title: "database sessions in MariaDB (Express 4, mysql2)",
});
