/**
 * The prisma adapter's rate-limit methods (`takeRateLimit`, `resetRateLimit`: rate-limit-log.ts), on the
 * `RateLimit` model (table `rate_limits`, docs/adapters.md#rate-limits), through Prisma's own query API: a
 * client generated without that model makes an adapter without these methods, and `rateLimit: { store:
 * "database" }` refuses it at start-up by name.
 *
 * The compare-and-set is `updateMany` on the key and the log read (one UPDATE in every database), and a
 * `create` that fails on the key (P2002). Prisma's query API has no portable way to read the database's
 * clock, so the time is this instance's (`Date.now()`): instances of one app must keep their clocks in step
 * (NTP) for one window, which the SQL and drizzle adapters do not need.
 */
import type { RateLimitMethods, RateLimitRows } from "./rate-limit-log.js";
import { rateLimitMethods } from "./rate-limit-log.js";

/** The RateLimit model's delegate: the methods these call. */
export interface PrismaRateLimitDelegate {
  findUnique(args: { where: never }): PromiseLike<unknown>;
  create(args: { data: never }): PromiseLike<unknown>;
  updateMany(args: { where: never; data: never }): PromiseLike<unknown>;
  deleteMany(args: { where: never }): PromiseLike<unknown>;
}

type Row = Record<string, unknown>;

// The methods' view of the delegate, with the argument shapes they pass.
interface Delegate {
  findUnique(args: { where: Row }): PromiseLike<Row | null>;
  create(args: { data: Row }): PromiseLike<Row>;
  updateMany(args: { where: Row; data: Row }): PromiseLike<{ count: number }>;
  deleteMany(args: { where: Row }): PromiseLike<{ count: number }>;
}

export function prismaRateLimitMethods(
  delegate: PrismaRateLimitDelegate,
  isUniqueViolation: (error: unknown) => boolean,
): RateLimitMethods {
  // Sound as prisma.ts's asDelegate is: a generated delegate takes these shapes.
  const rateLimit = delegate as unknown as Delegate;
  const rows: RateLimitRows = {
    async read(id) {
      const row = await rateLimit.findUnique({ where: { id } });
      return { attempts: row ? String(row.attempts) : null, now: Date.now() };
    },
    async insert(id, attempts, expiresAt) {
      try {
        await rateLimit.create({ data: { id, attempts, expiresAt: BigInt(expiresAt) } });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async replace(id, expected, attempts, expiresAt) {
      const data = { attempts, expiresAt: BigInt(expiresAt) };
      return (await rateLimit.updateMany({ where: { id, attempts: expected }, data })).count === 1;
    },
    async remove(id) {
      await rateLimit.deleteMany({ where: { id } });
    },
    async prune(now) {
      await rateLimit.deleteMany({ where: { expiresAt: { lte: BigInt(now) } } });
    },
  };
  return rateLimitMethods(rows, "prisma(client)");
}
