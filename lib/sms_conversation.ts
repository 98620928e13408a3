/**
 * A conversation booking a ride by text, as stored (kv/sms_conversations.ts)
 * and moved step by step (domain/sms_booking/conversation.ts).
 */
import type { Lang } from "./i18n/lang.ts";
import type { Need } from "./needs.ts";

export type Step = "service" | "language" | "pickup" | "destination" | "when" | "riders" | "confirm" | "person";

/** A place or a service offered or chosen: its id (a place id, a tenant code) and its name. */
export interface Choice {
  id: string;
  name: string;
}

/** One line of the conversation, as a dispatcher reads it. */
export interface Line {
  from: "rider" | "hopper" | "dispatcher";
  text: string;
  at: number;
}

export interface Conversation {
  id: string;
  /** The rider's number: 10 digits. */
  phone: string;
  /** The tenant it books with, once known. */
  tenant: string | null;
  lang: Lang | null;
  step: Step;
  /** The numbered list on offer at this step, empty when none. */
  choices: Choice[];
  pickup: Choice | null;
  dropoff: Choice | null;
  /** null for a ride now. */
  scheduledFor: number | null;
  riders: number;
  needs: Need[];
  /** Replies not understood in a row. */
  misses: number;
  transcript: Line[];
  startedAt: number;
  updatedAt: number;
}
