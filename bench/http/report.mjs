// The HTTP benchmark's table: the rounds of one row (one URL of one app) summed into one line, and each pair of
// rows (ours, theirs) turned into ratios ours ÷ theirs. Pure: figures in, text out.

/**
 * The rounds of one row as one: requests/s and the mean latency over the whole measured time, the median round's
 * p50 and p99, counts summed.
 */
export function combineRounds(rounds) {
  const requests = sum(rounds, "requests");
  const seconds = sum(rounds, "seconds");
  return {
    requests,
    perSecond: seconds > 0 ? requests / seconds : 0,
    mean: requests > 0 ? rounds.reduce((total, round) => total + round.mean * round.requests, 0) / requests : 0,
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    errors: sum(rounds, "errors"),
    timeouts: sum(rounds, "timeouts"),
    non2xx: sum(rounds, "non2xx"),
  };
}

function sum(rounds, key) {
  return rounds.reduce((total, round) => total + round[key], 0);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const ms = (value) => value.toFixed(value < 10 ? 2 : 1);

export const HEADER = [
  "row".padEnd(44),
  "requests/s".padStart(11),
  "mean ms".padStart(9),
  "p50 ms".padStart(8),
  "p99 ms".padStart(8),
  "errors".padStart(7),
  "timeouts".padStart(9),
  "non-2xx".padStart(8),
].join("");

/** One line of the table: `<framework> GET <path>, <side>` and its combined figures. */
export function formatRow(label, row) {
  return [
    label.padEnd(44),
    number.format(row.perSecond).padStart(11),
    ms(row.mean).padStart(9),
    ms(row.p50).padStart(8),
    ms(row.p99).padStart(8),
    String(row.errors).padStart(7),
    String(row.timeouts).padStart(9),
    String(row.non2xx).padStart(8),
  ].join("");
}

/** Ours ÷ theirs for one URL: throughput (higher is better for us) and latency (lower is better for us). */
export function formatRatios(label, ours, theirs) {
  const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : "n/a");
  return (
    `${label}: requests/s ${ratio(ours.perSecond, theirs.perSecond)}, ` +
    `mean ${ratio(ours.mean, theirs.mean)}, p50 ${ratio(ours.p50, theirs.p50)}, p99 ${ratio(ours.p99, theirs.p99)}`
  );
}
