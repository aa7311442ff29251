import { describe, expect, it } from "vitest";
import { isPrivateHost } from "@/lib/shared/private-host";

const PRIVATE = [
  "localhost",
  "funnel.localhost",
  "shop.local",
  "127.0.0.1",
  "127.8.9.10",
  "10.0.0.5",
  "172.16.0.1",
  "172.31.255.254",
  "192.168.1.20",
  "[::1]",
  "::ffff:10.1.2.3",
  "[fd12:3456::1]",
  "LOCALHOST.",
];

const PUBLIC = [
  "203.0.113.7",
  "8.8.8.8",
  "172.32.0.1",
  "172.15.0.1",
  "192.169.0.1",
  "11.0.0.1",
  "256.1.1.1",
  "example.com",
  "localhost.example.com",
  "[2001:db8::1]",
  "::ffff:203.0.113.7",
];

describe("isPrivateHost", () => {
  it.each([...PRIVATE.map((host) => [host, true] as const), ...PUBLIC.map((host) => [host, false] as const)])(
    "%s → %s",
    (host, expected) => {
      expect(isPrivateHost(host)).toBe(expected);
    },
  );
});
