// Same table and pool size as the app, so only the framework differs.
import http from "node:http";
import pg from "pg";

const [databaseUrl, portText] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

type Event = { sessionId: string; step: number; action: string; data: unknown; timestamp: string };

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    void (async () => {
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Event;
        await pool.query(
          "INSERT INTO funnel_events (session_id, step, action, data, client_timestamp) VALUES ($1, $2, $3, $4, $5)",
          [event.sessionId, event.step, event.action, JSON.stringify(event.data), event.timestamp],
        );
        res.writeHead(202).end();
      } catch {
        res.writeHead(500).end();
      }
    })();
  });
});
server.listen(Number(portText), "127.0.0.1", () => console.log("baseline ready"));
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
