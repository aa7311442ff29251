import "server-only";
import { cookies } from "next/headers";
import { buyerCookieName, sessionFromCopies, type BuyerSession } from "@/lib/billing/server/buyer-session";

/** The signed-in buyer of a page render, from the session cookie. */
export async function pageBuyer(): Promise<BuyerSession | null> {
  const copies = (await cookies()).getAll(buyerCookieName()).map((cookie) => cookie.value);
  return sessionFromCopies(copies);
}
