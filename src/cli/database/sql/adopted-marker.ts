/**
 * The line a migration adapted to the app's own users table carries (`-- create-auth users: id integer; sign-up
 * fills name`): database/sql/users.ts writes and reads it, migrations.ts finds the adapted file by it. Apart,
 * so both read one pattern without importing each other.
 */
export const ADOPTED_MARKER = /^-- create-auth users: id (\w+)(?:; sign-up fills ([\w, ]+))?$/m;
