/**
 * What a use case answers when one of its rules says no: a catalogue text
 * (lib/i18n/) and its values, never English. The edge puts it into the
 * reader's language once: a route with server/refusal_answer.ts, a text
 * message or the admin CLI with `refusalText`. A value that is itself a text
 * (a field's name, "5 minutes") is given as `{ text, values }` and translated
 * with it; a value only the reader's language can word (a day, a schedule's
 * hours) is given as a function of the translator. A rule shared with the
 * screens answers a `Said` (lib/i18n/format.ts): a refusal's text and values.
 */
import { type Text, translate, translator } from "../lib/i18n/catalogue.ts";
import type { Lang } from "../lib/i18n/lang.ts";
import type { Said, Worded } from "../lib/i18n/format.ts";

/** A value put into a refusal's text: a plain value, a text of its own, or one worded in the reader's language. */
export type RefusalValue = string | number | { text: Text; values?: RefusalValues } | Worded;
export type RefusalValues = Readonly<Record<string, RefusalValue>>;

/** The HTTP status a refusal answers with at an HTTP door (the CLI and texts ignore it). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429 | 502 | 503;

export interface Refusal {
  readonly refused: true;
  readonly status: RefusalStatus;
  readonly text: Text;
  readonly values?: RefusalValues;
  /** Seconds to wait before trying again (429, 503): the Retry-After header. */
  readonly retryAfter?: number;
  /** The input field refused (`serviceArea.radiusMeters`), for a form to mark: answered beside the text. */
  readonly field?: string;
}

/** A use case's answer: what it made, or why not. */
export type Outcome<T> = { readonly refused: false; readonly value: T } | Refusal;

export function refuse(
  status: RefusalStatus,
  text: Text,
  values?: RefusalValues,
  retryAfter?: number,
): Refusal {
  return retryAfter === undefined ? { refused: true, status, text, values } : {
    refused: true,
    status,
    text,
    values,
    retryAfter,
  };
}

/** A refusal of one input field: the text, and the field's path for the form that sent it. */
export function refuseField(status: RefusalStatus, field: string, text: Text, values?: RefusalValues): Refusal {
  return { ...refuse(status, text, values), field };
}

export function done<T>(value: T): Outcome<T> {
  return { refused: false, value };
}

/**
 * A refusal raised by code too deep to answer it itself (a middleware's
 * helper, a shared read): the app's error handler answers it as a route
 * answers a refusal.
 */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.text);
    this.name = "RefusalError";
  }
}

export function isRefusal(answer: unknown): answer is Refusal {
  return typeof answer === "object" && answer !== null && (answer as { refused?: unknown }).refused === true;
}

/** The refusal's text in `lang`, its values filled (texts among them translated too). */
export function refusalText(lang: Lang, refusal: Pick<Refusal, "text" | "values">): string {
  return translate(lang, refusal.text, plainValues(lang, refusal.values));
}

function plainValues(lang: Lang, values: RefusalValues | undefined): Record<string, string | number> | undefined {
  if (!values) return undefined;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "function") out[name] = value(translator(lang));
    else out[name] = typeof value === "object" ? refusalText(lang, value) : value;
  }
  return out;
}

/** A refusal from a rule shared with the screens, which says why as a `Said` (lib/i18n/format.ts). */
export function refuseSaid(status: RefusalStatus, reason: Said, retryAfter?: number): Refusal {
  return refuse(status, reason.text, reason.values, retryAfter);
}
