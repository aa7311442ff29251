import type { IncomingMessage } from "node:http";

export const PEER_HEADER: string;
export function peerStamp(address: string, secret: string): string;
export function stampRequest(req: IncomingMessage, secret: string): void;
export const PEER_SECRET_KEY: symbol;
export function handOverPeerSecret(secret: string): void;
