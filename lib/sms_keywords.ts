/**
 * What an incoming text asks for (routes/api/sms_inbound.ts): help, to stop
 * texts, or to start them again. Case and surrounding spaces never matter.
 *
 * HELP and its synonyms count as the first word ("help me please"): a reply
 * with the organisation's contacts does no harm when the guess is wrong. The
 * opt-out words count only as the whole message, as carriers and Twilio's own
 * opt-out handling read them: "Cancel my ride" must not stop a rider's texts
 * while Twilio, which saw no keyword, keeps delivering them.
 */
export type SmsKeyword = "help" | "stop" | "start";

const KEYWORDS: Readonly<Record<string, SmsKeyword>> = {
  HELP: "help",
  INFO: "help",
  AYUDA: "help",
  STOP: "stop",
  STOPALL: "stop",
  UNSUBSCRIBE: "stop",
  CANCEL: "stop",
  END: "stop",
  QUIT: "stop",
  PARAR: "stop",
  ALTO: "stop",
  START: "start",
  UNSTOP: "start",
  YES: "start",
};

/** Keywords only a Spanish speaker writes: the reply is Spanish when the person chose no language. */
const SPANISH = new Set(["AYUDA", "PARAR", "ALTO"]);

export interface ReadKeyword {
  keyword: SmsKeyword | null;
  /** The word was Spanish (AYUDA, PARAR, ALTO). */
  spanish: boolean;
}

/** The keyword of a text's body, or null for anything else (Hopper does not answer arbitrary texts). */
export function readKeyword(body: string): ReadKeyword {
  const words = body.trim().split(/\s+/);
  // "Help!", "STOP." : a closing mark is still the word.
  const word = (words[0] ?? "").replace(/[.!?¡¿]+$/u, "").replace(/^[¡¿]+/u, "").toUpperCase();
  const keyword = Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word] : null;
  if (keyword === null || (keyword !== "help" && words.length > 1)) return { keyword: null, spanish: false };
  return { keyword, spanish: SPANISH.has(word) };
}
