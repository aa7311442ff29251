import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import {
  currentPeerSecret,
  PEER_HEADER,
  PEER_SECRET_KEY,
  peerStamp,
  verifiedPeer,
} from "@/lib/platform/server/security/peer-stamp";
import { CONFIG_VARIABLES } from "@/lib/platform/server/config";
import * as front from "@/scripts/lib/peer-stamp.mjs";

// The HTTP front signs the peer address it stamps; the app believes only that signature.

const secret = "s".repeat(43);

describe("the peer-address stamp", () => {
  it("is made the same way by the front and the app", () => {
    expect(front.PEER_HEADER).toBe(PEER_HEADER);
    for (const address of ["203.0.113.7", "::ffff:127.0.0.1", "2001:db8::1"]) {
      expect(front.peerStamp(address, secret)).toBe(peerStamp(address, secret));
      expect(verifiedPeer(front.peerStamp(address, secret), secret)).toBe(address);
    }
  });

  it("reaches the app in memory from the front, never from the environment", () => {
    expect(front.PEER_SECRET_KEY).toBe(PEER_SECRET_KEY);
    const store = globalThis as Record<symbol, unknown>;
    const before = store[PEER_SECRET_KEY];
    try {
      delete store[PEER_SECRET_KEY];
      // A value in .env or CI must not make plain `next start` believe stamps.
      process.env.FUNNEL_PEER_SECRET = secret;
      expect(currentPeerSecret()).toBeUndefined();
      expect(CONFIG_VARIABLES).not.toContain("FUNNEL_PEER_SECRET");
      front.handOverPeerSecret(secret);
      expect(currentPeerSecret()).toBe(secret);
    } finally {
      delete process.env.FUNNEL_PEER_SECRET;
      store[PEER_SECRET_KEY] = before;
    }
  });

  it("is refused when forged, altered or signed at another boot", () => {
    const stamp = peerStamp("203.0.113.7", secret);
    expect(verifiedPeer(stamp.replace("203.0.113.7", "203.0.113.8"), secret)).toBeNull();
    expect(verifiedPeer("203.0.113.7", secret)).toBeNull();
    expect(verifiedPeer(stamp, "t".repeat(43))).toBeNull();
    expect(verifiedPeer(stamp, undefined)).toBeNull();
    expect(verifiedPeer(null, secret)).toBeNull();
  });

  it("replaces every copy the client sent with the socket's own address", () => {
    const socket = new Socket();
    Object.defineProperty(socket, "remoteAddress", { value: "198.51.100.4" });
    const req = new IncomingMessage(socket);
    req.headers[PEER_HEADER] = peerStamp("6.6.6.6", secret);
    req.rawHeaders.push("X-Funnel-Peer", "6.6.6.6 forged", "Host", "localhost");
    front.stampRequest(req, secret);
    expect(verifiedPeer(String(req.headers[PEER_HEADER]), secret)).toBe("198.51.100.4");
    expect(req.rawHeaders).toEqual(["Host", "localhost"]);
    socket.destroy();
  });
});
