// Operators' notes and tags on a lead. Tags are compared lower-cased, so "VIP" and "vip" are one.
import { z } from "zod";

export const NOTE_MAX_CHARS = 2000;
export const TAG_MAX_CHARS = 40;
export const TAGS_PER_LEAD = 20;

export const noteTextSchema = z.string().trim().min(1, { message: "write a note" }).max(NOTE_MAX_CHARS);

export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: "name the tag" })
  .max(TAG_MAX_CHARS)
  .regex(/^[a-z0-9][a-z0-9 _-]*$/, { message: "letters, digits, spaces, - and _ only" });
