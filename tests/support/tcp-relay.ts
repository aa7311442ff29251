import net from "node:net";

// A TCP relay in front of PostgreSQL that plays an outage: `down` drops every connection and
// refuses new ones (a closed port); `freeze` keeps every connection open and forwards nothing
// (a server that stopped answering, as under `kill -STOP`).

export type TcpRelay = {
  url: string;
  down: () => void;
  up: () => void;
  freeze: () => void;
  refused: () => number;
  close: () => Promise<void>;
};

export async function startRelay(target: URL): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  let state: "up" | "down" | "frozen" = "up";
  let refused = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  };
  const server = net.createServer((client) => {
    if (state === "down") {
      refused += 1;
      return client.destroy();
    }
    track(client);
    if (state === "frozen") return client.pause();
    const upstream = net.connect(Number(target.port), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.port = String(port);
  return {
    url: url.toString(),
    down: () => {
      state = "down";
      for (const socket of sockets) socket.destroy();
    },
    up: () => {
      state = "up";
    },
    freeze: () => {
      state = "frozen";
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
