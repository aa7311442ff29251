// bench:pages' throughput section: requests per second for pages and for a static file served by
// the same server, measured with autocannon in one run, so a page's rate is read as a share of
// what this server and machine can send at all (the static file's rate), not as an absolute number
// that moves with the machine's load.
import autocannon from "autocannon";

// What a browser sends: pages and the SVG are compressible, so each answer pays for its encoding
// as a visitor's would.
const HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,image/svg+xml,*/*" };

async function load(url, { connections, seconds }) {
  const result = await autocannon({ url, connections, duration: seconds, headers: HEADERS });
  return {
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // Anything but a 2xx would make the rate meaningless (an error page is cheap to send).
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Measures each path in `rounds` alternating rounds (static file, page, page, …, then again), so a
 * burst of load from another process lands on every path rather than on one; the rate is the mean
 * over the rounds. A short unmeasured warm-up first, so no round pays for a cold module load.
 */
export async function measureThroughput(origin, { staticPath, pages, connections, seconds, rounds }) {
  const paths = [staticPath, ...pages];
  for (const path of paths) await load(`${origin}${path}`, { connections, seconds: 1 });
  const samples = Object.fromEntries(paths.map((path) => [path, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const path of paths) samples[path].push(await load(`${origin}${path}`, { connections, seconds }));
  }
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rows = paths.map((path) => ({
    path,
    rps: mean(samples[path].map((s) => s.rps)),
    p50Ms: mean(samples[path].map((s) => s.p50Ms)),
    p99Ms: Math.max(...samples[path].map((s) => s.p99Ms)),
    bad: samples[path].reduce((sum, s) => sum + s.bad, 0),
    roundsRps: samples[path].map((s) => Math.round(s.rps)),
  }));
  const staticRps = rows[0].rps;
  return rows.map((row) => ({ ...row, ratio: staticRps > 0 ? row.rps / staticRps : 0 }));
}
