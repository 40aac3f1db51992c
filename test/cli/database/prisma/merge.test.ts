// mergePrismaSchema: the auth models merged into an app's own Prisma schema. Table-driven shapes (a real
// single-file app, a multi-file folder, CRLF, tabs, comments and braces inside models, @@map, a group the
// new fields fit into), what cannot be merged and why, idempotency, and a fast-check property over generated
// schemas: every original line survives in order, the result re-parses to the original blocks plus ours, and
// a second merge changes nothing. Prisma's own tooling judges the results in prisma-validate.test.ts.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { tables } from "../../../../src/cli/database/model.js";
import { blockLines, parseField, prismaBlocks } from "../../../../src/cli/database/prisma/blocks.js";
import { mergePrismaSchema, type PrismaFile } from "../../../../src/cli/database/prisma/merge.js";
import {
  aligned,
  type PrismaProvider,
  prismaModelName,
  prismaModelParts,
  prismaProviders,
  prismaSchema,
} from "../../../../src/cli/database/prisma/render.js";

const fixture = (name: string, file: string): PrismaFile => ({
  path: file,
  text: readFileSync(new URL(`../../../fixtures/${name}/${file}`, import.meta.url), "utf8"),
});

const expressSchema = fixture("orm-prisma-express", "prisma/schema.prisma");
const folder = ["prisma/schema/schema.prisma", "prisma/schema/user.prisma", "prisma/schema/models/note.prisma"].map(
  (file) => fixture("orm-prisma-sveltekit", file),
);

function merged(files: readonly PrismaFile[], provider: PrismaProvider, layout: "file" | "folder" = "file") {
  const result = mergePrismaSchema(files, provider, layout);
  if ("unsupported" in result) throw new Error(`unexpectedly unsupported: ${result.unsupported}`);
  return result;
}

/** The merged text of one file (the original when it did not change). */
function textOf(files: readonly PrismaFile[], changes: readonly PrismaFile[], path: string): string {
  return (changes.find((file) => file.path === path) ?? files.find((file) => file.path === path))?.text ?? "";
}

/** Whether `lines` appear in `within` in the same order (other lines may come between). */
function inOrder(lines: readonly string[], within: readonly string[]): boolean {
  let at = 0;
  for (const line of lines) {
    while (at < within.length && within[at] !== line) at++;
    if (at++ >= within.length) return false;
  }
  return true;
}

const linesOf = (text: string) => text.split("\n");
const blockNames = (text: string) => prismaBlocks(text).map((block) => `${block.kind} ${block.name}`);
const fieldsOf = (text: string, model: string) => {
  const block = prismaBlocks(text).find((candidate) => candidate.name === model);
  if (!block) return [];
  return blockLines(text, block).flatMap((line) => (line.field ? [line.field.name] : []));
};

const authModels = tables.map(prismaModelName);
const textIds = { idKind: "text", fill: [] };

describe("mergePrismaSchema on a real app's single schema file", () => {
  const { changes, added } = merged([expressSchema], "sqlite");
  const text = textOf([expressSchema], changes, expressSchema.path);

  test("writes the result kept as a snapshot", async () => {
    await expect(text).toMatchFileSnapshot("__snapshots__/merge.orm-prisma-express.prisma");
  });

  test("keeps every line of the app's schema, in order", () => {
    expect(inOrder(linesOf(expressSchema.text), linesOf(text))).toBe(true);
  });

  test("adds to the app's own User only what the auth models lack, and appends the other models", () => {
    expect(added).toEqual([
      "User.emailVerified",
      "User.image",
      "User.accounts",
      "User.sessions",
      "User.authenticators",
      "model Account",
      "model Session",
      "model VerificationToken",
      "model Authenticator",
    ]);
    expect(fieldsOf(text, "User")).toEqual([
      ...["id", "email", "name", "role", "posts"],
      ...["emailVerified", "image", "accounts", "sessions", "authenticators"],
    ]);
    expect(blockNames(text)).toEqual([
      ...blockNames(expressSchema.text),
      ...authModels.slice(1).map((m) => `model ${m}`),
    ]);
  });

  test("a second merge changes nothing", () => {
    expect(mergePrismaSchema(changes, "sqlite", "file")).toEqual({ changes: [], added: [], users: textIds });
  });
});

describe("mergePrismaSchema on a multi-file schema folder", () => {
  const { changes, added } = merged(folder, "postgresql", "folder");

  test("adds the missing fields to user.prisma and the new models in the folder's auth.prisma", () => {
    expect(changes.map((file) => file.path)).toEqual(["prisma/schema/user.prisma", "prisma/schema/auth.prisma"]);
    expect(added.filter((entry) => entry.startsWith("model "))).toEqual(authModels.slice(1).map((m) => `model ${m}`));
    const user = textOf(folder, changes, "prisma/schema/user.prisma");
    expect(inOrder(linesOf(folder[1]?.text ?? ""), linesOf(user))).toBe(true);
    // The provider's native types come with the new fields, as in the whole schema.
    expect(user).toContain('  emailVerified  DateTime?       @map("email_verified") @db.Timestamptz(3)\n');
  });

  test("leaves the files without auth models alone, and a second merge changes nothing", () => {
    const next = folder.map((file) => changes.find((change) => change.path === file.path) ?? file);
    const auth = changes.find((file) => file.path === "prisma/schema/auth.prisma");
    expect(mergePrismaSchema([...next, ...(auth ? [auth] : [])], "postgresql", "folder")).toEqual({
      changes: [],
      added: [],
      users: textIds,
    });
  });

  test("a model added later goes into the existing auth.prisma", () => {
    const withoutAuthenticator = merged(folder, "postgresql", "folder").changes.map((file) => ({
      ...file,
      text: file.text.replace(/\n\nmodel Authenticator \{[\s\S]*?\n\}/, ""),
    }));
    const again = merged(withoutAuthenticator, "postgresql", "folder");
    expect(again.added).toEqual(["model Authenticator"]);
    expect(again.changes.map((file) => file.path)).toEqual(["prisma/schema/auth.prisma"]);
  });
});

/** A schema around the given models, with a sqlite datasource. */
const schema = (models: string) =>
  `generator client {\n  provider = "prisma-client"\n}\n\ndatasource db {\n  provider = "sqlite"\n}\n\n${models}`;

describe("mergePrismaSchema keeps the file's own style", () => {
  const user = 'model User {\n  id   String @id\n  role String @default("member")\n\n  @@map("users")\n}\n';

  test("CRLF line endings stay CRLF, in the edited model and the appended ones", () => {
    const original = schema(user).replaceAll("\n", "\r\n");
    const { changes } = merged([{ path: "schema.prisma", text: original }], "sqlite");
    const text = changes[0]?.text ?? "";
    expect(text.replaceAll("\r\n", "")).not.toContain("\n");
    expect(inOrder(original.split("\r\n"), text.split("\r\n"))).toBe(true);
    expect(mergePrismaSchema(changes, "sqlite", "file")).toEqual({ changes: [], added: [], users: textIds });
  });

  test("tab indentation stays tabs", () => {
    const original = schema(user).replaceAll("\n  ", "\n\t");
    const text = merged([{ path: "schema.prisma", text: original }], "sqlite").changes[0]?.text ?? "";
    expect(text).toContain('\temailVerified  DateTime?       @map("email_verified")\n');
    expect(text).toContain('\n\tuserId            String  @map("user_id")\n');
    expect(text).not.toMatch(/^ {2}\S/m);
  });

  test("comments and braces in comments, strings and doc comments are the user's and stay", () => {
    const original = schema(
      [
        "/// Members { of the team }",
        "model User {",
        '  id       String @id // a uuid, not "}"',
        '  settings String @default("{}") // JSON {',
        "  // role } comes from the directory",
        "  role     String?",
        "}",
        "",
        "// model Account { is planned }",
        "",
      ].join("\n"),
    );
    const { changes, added } = merged([{ path: "schema.prisma", text: original }], "sqlite");
    const text = changes[0]?.text ?? "";
    expect(inOrder(linesOf(original), linesOf(text))).toBe(true);
    expect(fieldsOf(text, "User")).toEqual([
      ...["id", "settings", "role"],
      ...["name", "email", "emailVerified", "image", "accounts", "sessions", "authenticators"],
    ]);
    expect(added).toContain("model Account");
  });

  test("new fields join the model's last group when they fit its columns, so prisma format has nothing to move", () => {
    const own = [
      ["id", "String", "@id @default(uuid())"],
      ["favouriteColours", "String?"],
      ["lastSeenAt", "DateTime?", '@map("last_seen_at")'],
      ["accounts", "Account[]"],
      ["sessions", "Session[]"],
      ["authenticators", "Authenticator[]"],
    ];
    const original = schema(["model User {", ...aligned(own), "}", ""].join("\n"));
    const text = merged([{ path: "schema.prisma", text: original }], "sqlite").changes[0]?.text ?? "";
    const ours = [
      ["name", "String?"],
      ["email", "String?", "@unique"],
      ["emailVerified", "DateTime?", '@map("email_verified")'],
      ["image", "String?"],
    ];
    // What prisma format makes of the whole group: the new rows did not move a column.
    expect(text).toContain(["model User {", ...aligned([...own, ...ours]), "}"].join("\n"));
  });

  test("a model with no block attributes gets its missing index after its fields", () => {
    const account = prismaSchema("sqlite").replace('  @@index([userId])\n  @@map("accounts")\n', "");
    const { changes, added } = merged([{ path: "schema.prisma", text: account }], "sqlite");
    expect(added).toEqual(["Account @@index([userId])"]);
    expect(changes[0]?.text).toContain("  @@id([provider, providerAccountId])\n  @@index([userId])\n}");
  });

  test("a model whose last field runs into its closing brace gets the new fields on lines of their own", () => {
    const original = schema("model User {\n  id String @id }\n");
    const text = merged([{ path: "schema.prisma", text: original }], "sqlite").changes[0]?.text ?? "";
    expect(text).toContain("model User {\n  id String @id \n\n  name           String?\n");
    expect(text).toContain("  authenticators Authenticator[]\n}\n");
  });

  test("reads keys and indexes spelled with fields:", () => {
    const spelled = prismaSchema("sqlite")
      .replace("@@id([provider, providerAccountId])", "@@id(fields: [provider, providerAccountId])")
      .replace(
        '@@index([userId])\n  @@map("sessions")',
        '@@index(fields: [userId], map: "sessions_by_user")\n  @@map("sessions")',
      );
    expect(spelled).toContain("sessions_by_user");
    expect(mergePrismaSchema([{ path: "schema.prisma", text: spelled }], "sqlite", "file")).toEqual({
      changes: [],
      added: [],
      users: textIds,
    });
  });

  test("a model found by name keeps the table it maps (its @@map is the user's)", () => {
    const original = schema('model User {\n  id String @id\n\n  @@map("members")\n}\n');
    const text = merged([{ path: "schema.prisma", text: original }], "sqlite").changes[0]?.text ?? "";
    expect(text).toContain('@@map("members")');
    expect(text).not.toContain('@@map("users")');
  });
});

describe("mergePrismaSchema on a schema that has it all already", () => {
  for (const provider of prismaProviders) {
    test(`changes nothing in the whole ${provider} schema`, () => {
      const files = [{ path: "prisma/schema.prisma", text: prismaSchema(provider) }];
      expect(mergePrismaSchema(files, provider, "file")).toEqual({ changes: [], added: [], users: textIds });
    });
  }

  test("writes the whole schema where there is none, or into the one empty file named", () => {
    expect(merged([], "mysql")).toEqual({
      changes: [{ path: "prisma/schema.prisma", text: prismaSchema("mysql") }],
      added: authModels.map((model) => `model ${model}`),
      users: textIds,
    });
    expect(merged([{ path: "db/app.prisma", text: "\n" }], "sqlite").changes).toEqual([
      { path: "db/app.prisma", text: prismaSchema("sqlite") },
    ]);
  });
});

describe("mergePrismaSchema says what it cannot merge", () => {
  const cases: Array<{ name: string; files: PrismaFile[]; provider?: PrismaProvider; says: RegExp[] }> = [
    {
      name: "a User keyed by an Int nothing numbers",
      files: [{ path: "schema.prisma", text: schema("model User {\n  id   Int    @id\n}\n") }],
      says: [/model User, field id/, /Int without a default/, /@default\(autoincrement\(\)\)/],
    },
    {
      name: "a User keyed by something that is no id",
      files: [{ path: "schema.prisma", text: schema("model User {\n  id   DateTime @id @default(now())\n}\n") }],
      says: [/model User, field id/, /String, Int or BigInt ids/],
    },
    {
      name: "a User with required fields sign-up cannot fill",
      files: [
        {
          path: "schema.prisma",
          text: schema(
            "model User {\n  id     Int    @id @default(autoincrement())\n  role   Role\n  teamId Int\n  team   Team @relation(fields: [teamId], references: [id])\n}\n\nenum Role {\n  ADMIN\n}\n\nmodel Team {\n  id    Int    @id\n  users User[]\n}\n",
          ),
        },
      ],
      says: [/User\.role, User\.teamId are required without a default/, /@default\(…\)\) or make it optional/],
    },
    {
      name: "a datasource of another provider",
      files: [expressSchema],
      provider: "postgresql",
      says: [/"sqlite"/, /"postgresql"/, /prisma\/schema\.prisma/],
    },
    {
      name: "another model on the users table",
      files: [{ path: "schema.prisma", text: schema('model Member {\n  id String @id\n\n  @@map("users")\n}\n') }],
      says: [/model Member/, /table users/, /model User/],
    },
    {
      name: "an enum holding an auth model's name",
      files: [{ path: "schema.prisma", text: schema("enum Session {\n  WEB\n  API\n}\n") }],
      says: [/enum named Session/],
    },
    {
      name: "a Session model of its own (an express-session store) keyed by another field",
      files: [
        {
          path: "schema.prisma",
          text: schema(
            "model Session {\n  id        String   @id\n  sid       String   @unique\n  data      String\n  expiresAt DateTime\n}\n",
          ),
        },
      ],
      says: [/model Session, field sessionToken/, /key is id @id/],
    },
    {
      name: "an Account model of the app's own (a bank account) keyed by its id",
      files: [
        {
          path: "schema.prisma",
          text: schema("model Account {\n  id      Int     @id @default(autoincrement())\n  balance Decimal\n}\n"),
        },
      ],
      says: [
        /model Account, fields provider, providerAccountId: .*@@id\(\[provider, providerAccountId\]\).* key is id @id/,
      ],
    },
    {
      name: "another field on a column an auth field needs",
      files: [
        {
          path: "schema.prisma",
          text: schema('model User {\n  id         String    @id\n  verifiedAt DateTime? @map("email_verified")\n}\n'),
        },
      ],
      says: [/model User, field verifiedAt/, /column email_verified/, /emailVerified/],
    },
    {
      name: "an optional field the auth models need required",
      files: [
        {
          path: "schema.prisma",
          text: schema(
            'model Session {\n  sessionToken String    @id @map("session_token")\n  userId       String?   @map("user_id")\n  expires      DateTime\n}\n',
          ),
        },
      ],
      says: [/model Session, field userId/, /optional/],
    },
  ];
  for (const { name, files, provider = "sqlite", says } of cases) {
    test(name, () => {
      const result = mergePrismaSchema(files, provider, "file");
      expect(result).toHaveProperty("unsupported");
      const message = "unsupported" in result ? result.unsupported : "";
      for (const pattern of says) expect(message).toMatch(pattern);
      expect(message).not.toContain("\n");
    });
  }

  test("an auth field on another column than the table model's", () => {
    const own = schema("model User {\n  id            String    @id\n  emailVerified DateTime?\n}\n");
    const result = mergePrismaSchema([{ path: "schema.prisma", text: own }], "sqlite", "file");
    expect(result).toEqual({
      unsupported: expect.stringMatching(
        /model User, field emailVerified: it maps the column emailVerified; .*email_verified/,
      ),
    });
  });

  test("accepts what the auth models can work with: a required email, a default id, a table of its own name", () => {
    const own = schema(
      'model User {\n  id    String @id @default(cuid())\n  email String @unique\n\n  @@map("people")\n}\n',
    );
    expect(mergePrismaSchema([{ path: "schema.prisma", text: own }], "sqlite", "file")).toHaveProperty("changes");
  });
});

describe("prisma-blocks", () => {
  test("reads a field's parts and columns, a trailing comment aside", () => {
    expect(parseField('  email  String? @unique @map("e") // a "quoted" // comment')).toEqual({
      name: "email",
      type: "String?",
      base: "String",
      optional: true,
      list: false,
      attributes: '@unique @map("e")',
      typeColumn: 9,
      attributesColumn: 17,
    });
    expect(parseField('  @@map("x")')).toBeNull();
    expect(parseField("  // only a comment")).toBeNull();
  });
});

// Generated schemas: enums and models of the app's own (some with a partial User), comments between and
// inside blocks, blank lines, spaces or tabs, LF or CRLF.
const word = fc.constantFrom("title", "body", "count", "slug", "rank", "notes", "createdAt", "flag");
const ownType = fc.constantFrom("String", "Int", "Boolean", "DateTime", "String?", "Float?");
const comment = fc.constantFrom("// why this exists", "/// documented { braces }", '// a "string" with }');

const ownModel = (name: string) =>
  fc
    .record({
      fields: fc.uniqueArray(fc.tuple(word, ownType), { minLength: 0, maxLength: 4, selector: ([field]) => field }),
      comments: fc.array(comment, { maxLength: 2 }),
      map: fc.boolean(),
    })
    .map(({ fields, comments, map }) => [
      `model ${name} {`,
      "  id Int @id @default(autoincrement())",
      ...fields.map(([field, type]) => `  ${field} ${type}`),
      ...comments.map((text) => `  ${text}`),
      ...(map ? ["", `  @@map("${name.toLowerCase()}s")`] : []),
      "}",
    ]);

const partialUser = fc
  .subarray(["  name  String?", "  email String? @unique", "  image String?", '  role  String @default("member")'])
  .map((fields) => ["model User {", "  id    String @id", ...fields, "", '  @@map("users")', "}"]);

// An auth model the app already has in part: some of its fields and block attributes, as prisma.ts writes them.
const partialAuthModel = (table: (typeof tables)[number]) => {
  const parts = prismaModelParts(table, "sqlite");
  return fc
    .record({
      rows: fc.subarray(parts.rows, { minLength: 1 }),
      attributes: fc.subarray(parts.blockAttributes),
    })
    .map(({ rows, attributes }) => {
      // A key the app declared is the auth one: a subset without it leaves the model keyless, which is ours to add.
      return [`model ${parts.name} {`, ...aligned(rows), "", ...attributes.map((attribute) => `  ${attribute}`), "}"];
    });
};

const enumBlock = fc.constantFrom(["enum Colour {", "  RED", "  GREEN", "}"], ["enum Plan {", "  FREE", "  PRO", "}"]);

const anyBlock = fc.oneof(
  ownModel("Post"),
  ownModel("Tag"),
  enumBlock,
  partialUser,
  ...tables.slice(1).map(partialAuthModel),
);

/** One block of each name: a second model Post would be the user's own schema error, not ours. */
function uniqueBlocks(blocks: ReadonlyArray<readonly string[]>): Array<readonly string[]> {
  const seen = new Set<string>();
  return blocks.filter((block) => {
    const head = block[0] ?? "";
    if (seen.has(head)) return false;
    seen.add(head);
    return true;
  });
}

// A schema folder: the generator and datasource in schema.prisma, each block in one of three files.
const generatedFolder = fc
  .record({
    blocks: fc.array(fc.tuple(anyBlock, fc.integer({ min: 0, max: 2 })), { maxLength: 6 }),
    crlf: fc.boolean(),
  })
  .map(({ blocks, crlf }) => {
    const names = ["prisma/schema/schema.prisma", "prisma/schema/models/a.prisma", "prisma/schema/b.prisma"];
    const texts: string[][] = [[schema("")], [], []];
    const seen = new Set<string>();
    for (const [block, index] of blocks) {
      if (seen.has(block[0] ?? "")) continue;
      seen.add(block[0] ?? "");
      texts[index]?.push(block.join("\n"));
    }
    return names.map((path, index) => {
      const text = `${(texts[index] ?? []).join("\n\n")}\n`;
      return { path, text: crlf ? text.replaceAll("\n", "\r\n") : text };
    });
  });

const generatedSchema = fc
  .record({
    blocks: fc.array(anyBlock, { maxLength: 5 }),
    comments: fc.array(comment, { maxLength: 2 }),
    tabs: fc.boolean(),
    crlf: fc.boolean(),
    blank: fc.constantFrom("\n", "\n\n", "\n\n\n"),
  })
  .map(({ blocks, comments, tabs, crlf, blank }) => {
    const unique = uniqueBlocks(blocks);
    const text = [...comments, schema(""), ...unique.map((block) => block.join("\n"))].join(blank);
    const indented = tabs ? text.replaceAll("\n  ", "\n\t") : text;
    return crlf ? indented.replaceAll("\n", "\r\n") : indented;
  });

describe("mergePrismaSchema on generated schemas", () => {
  test("keeps every original line, re-parses to the original blocks plus ours, and is idempotent", () => {
    fc.assert(
      fc.property(generatedSchema, (text) => {
        const file = { path: "prisma/schema.prisma", text };
        const { changes } = merged([file], "sqlite");
        const result = changes[0]?.text ?? text;
        const eol = text.includes("\r\n") ? "\r\n" : "\n";
        expect(inOrder(text.split(eol), result.split(eol))).toBe(true);
        const before = blockNames(text);
        const after = blockNames(result);
        expect(after.slice(0, before.length)).toEqual(before);
        const ours = authModels.filter((model) => !before.includes(`model ${model}`)).map((model) => `model ${model}`);
        expect(after.slice(before.length)).toEqual(ours);
        // Every auth model has every field the table model gives it.
        for (const table of tables)
          for (const column of table.columns) expect(fieldsOf(result, prismaModelName(table))).toContain(column.field);
        expect(mergePrismaSchema([{ ...file, text: result }], "sqlite", "file")).toEqual({
          changes: [],
          added: [],
          users: textIds,
        });
      }),
      { numRuns: 200 },
    );
  });

  test("in a schema folder: every file keeps its lines, new models go to auth.prisma only, and it is idempotent", () => {
    fc.assert(
      fc.property(generatedFolder, (files) => {
        const { changes } = merged(files, "sqlite", "folder");
        const after = files.map((file) => changes.find((change) => change.path === file.path) ?? file);
        const eol = files[0]?.text.includes("\r\n") ? "\r\n" : "\n";
        for (const [index, file] of files.entries())
          expect(inOrder(file.text.split(eol), after[index]?.text.split(eol) ?? [])).toBe(true);
        const created = changes.filter((change) => !files.some((file) => file.path === change.path));
        expect(created.map((file) => file.path)).toEqual(created.length ? ["prisma/schema/auth.prisma"] : []);
        const before = files.flatMap((file) => blockNames(file.text));
        const ours = authModels.filter((model) => !before.includes(`model ${model}`)).map((model) => `model ${model}`);
        expect(created.flatMap((file) => blockNames(file.text))).toEqual(ours);
        for (const [index, file] of files.entries())
          expect(blockNames(after[index]?.text ?? "")).toEqual(blockNames(file.text));
        expect(mergePrismaSchema([...after, ...created], "sqlite", "folder")).toEqual({
          changes: [],
          added: [],
          users: textIds,
        });
      }),
      { numRuns: 150 },
    );
  });
});
