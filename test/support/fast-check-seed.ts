// The unit project's property tests draw from one fixed seed, so a CI run is reproducible: a failing case is a
// failing commit, not a flake (as test/security/fuzz.test.ts already does). FC_SEED=<n> replays or explores
// another seed, FC_SEED=random a new one each run; a failure prints the seed and path to replay it.
import fc from "fast-check";

const chosen = process.env["FC_SEED"];
const seed = chosen === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(chosen ?? 20_261_126);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
