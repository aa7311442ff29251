// Each rate is read as a share of another measured in the same run, not as an absolute number.
import autocannon from "autocannon";

// Each answer pays for its encoding as a visitor's would.
const HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,image/svg+xml,*/*" };

async function load(url, { connections, seconds }) {
  const result = await autocannon({ url, connections, duration: seconds, headers: HEADERS });
  return {
    rps: result.requests.total / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // An error page is cheap to send.
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** Alternating rounds, so a load burst from another process hits every URL rather than one. */
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
