import type { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import type { createBookingSchema, moveBookingSchema } from "@/lib/booking/server/booking-input";

// No zod at run time. The error code tells a taken slot (pick again) from anything else.

export type SlotTimes = { start: string; end: string };
type Booked = { scheduledTime: string; endTime: string };

export const BOOKING_FAILED = "We could not book your call. Please try again.";
export const CHANGE_FAILED = "We could not change your call. Please try again.";
export const PICK_AGAIN_CODES = new Set(["slot_taken", "slot_unavailable"]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const isBooked = (body: unknown): body is Booked =>
  isRecord(body) && typeof body.scheduledTime === "string" && typeof body.endTime === "string";

const isSlotList = (body: unknown): body is { slots: SlotTimes[] } =>
  isRecord(body) &&
  Array.isArray(body.slots) &&
  body.slots.every((slot) => isRecord(slot) && typeof slot.start === "string" && typeof slot.end === "string");

export async function fetchFreeSlots(): Promise<SlotTimes[]> {
  const response = await fetch("/api/booking/slots", { cache: "no-store" });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isSlotList(body)) throw new Error("The free times could not be loaded.");
  return body.slots;
}

export function postBooking(body: z.input<typeof createBookingSchema>): Promise<Booked> {
  return post("/api/booking", body, isBooked, BOOKING_FAILED);
}

export function postMove(body: z.input<typeof moveBookingSchema>): Promise<Booked> {
  return post("/api/booking/move", body, isBooked, CHANGE_FAILED);
}

export async function postCancel(token: string): Promise<void> {
  await post("/api/booking/cancel", { token }, null, CHANGE_FAILED);
}
