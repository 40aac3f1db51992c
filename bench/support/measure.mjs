/**
 * How the endpoint bench times its sides: every side of a row runs in the same process, in interleaved
 * rounds whose order rotates, so load that comes and goes on a shared machine falls on all of them alike.
 * Each operation's latency is sampled (the time between two completions, the loop's own cost included), so a
 * row states its mean and p99 as well as its throughput (the median of its rounds). Each round also counts
 * the process's CPU time: operations per CPU-second barely move when other processes take turns on the
 * cores, so on a loaded machine they are the steadier figure.
 */
import os from "node:os";

/**
 * Runs `operation` for about `seconds`, pushing each one's latency (ms) onto `samples`; returns its ops/s
 * by the wall clock and by the process's CPU time (user + system).
 */
async function round(operation, seconds, samples) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const stop = start + seconds * 1000;
  let last = start;
  let count = 0;
  while (last < stop) {
    await operation();
    const now = performance.now();
    samples.push(now - last);
    last = now;
    count++;
  }
  const { user, system } = process.cpuUsage(cpu);
  return { wall: count / ((last - start) / 1000), cpu: count / ((user + system) / 1e6) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The value below which `share` of the sorted samples fall. */
const quantile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];

/**
 * Times the `sides` of one row (`{ name, operation }`, or `operation: null` where a side has no such
 * endpoint): one unrecorded warm-up round each, then `rounds` rounds, each side once per round, the order
 * rotating. Returns per side its ops/s and ops per CPU-second (medians of rounds), and the mean and p99 of
 * its latencies in µs.
 */
export async function interleave(sides, { rounds, seconds }) {
  const timed = sides.filter((side) => side.operation);
  for (const side of timed) await round(side.operation, seconds / 2, []);
  const state = timed.map(() => ({ rates: [], cpuRates: [], samples: [] }));
  for (let index = 0; index < rounds; index++) {
    for (let turn = 0; turn < timed.length; turn++) {
      const at = (turn + index) % timed.length;
      const { wall, cpu } = await round(timed[at].operation, seconds, state[at].samples);
      state[at].rates.push(wall);
      state[at].cpuRates.push(cpu);
    }
  }
  const results = new Map();
  timed.forEach((side, at) => {
    const { rates, cpuRates, samples } = state[at];
    const sorted = Float64Array.from(samples).sort();
    const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
    results.set(side.name, {
      opsPerSecond: median(rates),
      opsPerCpuSecond: median(cpuRates),
      meanUs: mean * 1000,
      p99Us: quantile(sorted, 0.99) * 1000,
    });
  });
  return results;
}

/** The one-minute, five-minute and fifteen-minute load averages, as `uptime` prints them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/** The machine a figure comes from: its cores and CPU model, and Node's version. */
export const machine = () => {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}`;
};
