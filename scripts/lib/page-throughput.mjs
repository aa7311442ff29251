// bench:pages' throughput section: requests per second, measured with autocannon in one run for
// every URL given (pages and static files of the app and of the bare Next.js floor), so each rate
// is read as a share of another measured beside it, not as an absolute number that moves with the
// machine's load.
import autocannon from "autocannon";

// What a browser sends: pages and the SVG are compressible, so each answer pays for its encoding
// as a visitor's would.
const HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,image/svg+xml,*/*" };

async function load(url, { connections, seconds }) {
  const result = await autocannon({ url, connections, duration: seconds, headers: HEADERS });
  return {
    rps: result.requests.total / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // Anything but a 2xx would make the rate meaningless (an error page is cheap to send).
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Measures each URL in `rounds` alternating rounds (every URL in turn, then again), so a burst of
 * load from another process lands on every URL rather than on one; the rate is the mean over the
 * rounds. A short unmeasured warm-up first, so no round pays for a cold module load.
 * `targets`: `{ url, … }` each; the answer keeps their order and their other fields.
 */
export async function measureThroughput(targets, { connections, seconds, rounds }) {
  for (const { url } of targets) await load(url, { connections, seconds: 1 });
  const samples = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, { url }] of targets.entries()) samples[index].push(await load(url, { connections, seconds }));
  }
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return targets.map((target, index) => ({
    ...target,
    rps: mean(samples[index].map((s) => s.rps)),
    p50Ms: mean(samples[index].map((s) => s.p50Ms)),
    p99Ms: Math.max(...samples[index].map((s) => s.p99Ms)),
    bad: samples[index].reduce((sum, s) => sum + s.bad, 0),
    roundsRps: samples[index].map((s) => Math.round(s.rps)),
  }));
}
