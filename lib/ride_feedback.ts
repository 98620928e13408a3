/**
 * Rating a ride: 1-5 with an optional comment of at most 500
 * characters, by the ride's rider, once, when it is completed, within 7 days
 * of completion. The rules once for the server and the rating control.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";
import type { Ride } from "./rides.ts";
// The rule itself, not lib/schemas.ts: that module carries zod and every schema, which the rider screen never needs.
import { hasHiddenCharacters } from "./hidden_characters.ts";

export const COMMENT_MAX = 500;
export const RATE_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

export const RATING_TEXT: Text = "Rating must be a whole number from 1 to 5";
export const COMMENT_TEXT: Text = "Comment must be at most {max} characters";
export const NOT_COMPLETED_TEXT: Text = "Only a completed ride can be rated";
export const ALREADY_RATED_TEXT: Text = "This ride has already been rated";
export const TOO_LATE_TEXT: Text = "Rides can be rated for 7 days after they end";

export type FeedbackRead = { ok: true; rating: number; comment: string | null } | { ok: false; error: string };

/** The body's rating and comment (trimmed; empty is none), or the first thing wrong with them. */
export function readFeedback(body: { rating?: unknown; comment?: unknown }, t: Translate): FeedbackRead {
  const { rating, comment } = body;
  if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    return { ok: false, error: t(RATING_TEXT) };
  }
  if (comment !== undefined && comment !== null && typeof comment !== "string") {
    return { ok: false, error: t(COMMENT_TEXT, { max: COMMENT_MAX }) };
  }
  const text = typeof comment === "string" ? comment.trim() : "";
  if (text.length > COMMENT_MAX) return { ok: false, error: t(COMMENT_TEXT, { max: COMMENT_MAX }) };
  if (hasHiddenCharacters(text)) {
    return { ok: false, error: t("{label} contains characters that are not allowed", { label: t("Comment") }) };
  }
  return { ok: true, rating, comment: text || null };
}

/** Why the ride cannot be rated now (a 409's text), or null when it can. */
export function feedbackRefusal(ride: Pick<Ride, "status" | "completedAt" | "feedback">, now: number): Text | null {
  if (ride.status !== "completed") return NOT_COMPLETED_TEXT;
  if (ride.feedback) return ALREADY_RATED_TEXT;
  if (now - (ride.completedAt ?? 0) > RATE_WITHIN_MS) return TOO_LATE_TEXT;
  return null;
}

/** Whether the rider screen offers to rate `ride` at `now`. */
export function canRate(ride: Pick<Ride, "status" | "completedAt" | "feedback">, now: number): boolean {
  return feedbackRefusal(ride, now) === null;
}
