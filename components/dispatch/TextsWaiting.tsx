/**
 * The texters who asked for a person (AGENT, or three replies not understood), oldest first: their number (with a
 * button to copy it, for a booking made for them), language, the places chosen so far, since when they wait, the
 * conversation line by line, and a reply texted to them (at most 160 characters). What a texter wrote is shown as
 * React text, never as markup.
 */
import { type FormEvent, useRef, useState } from "react";
import { stopClock } from "../../lib/driver_run.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { formatPhone } from "../../lib/phone.ts";
import { relativeTime } from "../../lib/relative_time.ts";
import type { Line } from "../../lib/sms_conversation.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

/** A conversation as GET /{t}/api/dispatch/conversations gives it. */
export interface WaitingText {
  id: string;
  phone: string;
  language: "en" | "es" | null;
  step: string;
  pickup: string | null;
  dropoff: string | null;
  startedAt: number;
  updatedAt: number;
  transcript: Line[];
}

/** A reply refused, shown with its conversation. */
export interface TextProblem {
  id: string;
  text: string;
}

export const REPLY_MAX = 160;

/** Who wrote a line; Hopper's own texts go by the product's name, the same in every language. */
const PRODUCT = "Hopper";
const WRITER: Record<"rider" | "dispatcher", Text> = { rider: "Rider", dispatcher: "Dispatcher" };
const LANGUAGE: Record<"en" | "es", Text> = { en: "Language: English", es: "Language: Spanish" };

export function TextsWaiting(
  { conversations, error, sending, problem, timeZone, now, onReply }: {
    conversations: readonly WaitingText[] | null;
    error: string;
    sending: string | null;
    problem: TextProblem | null;
    timeZone: string;
    now: number;
    onReply(id: string, text: string): Promise<boolean>;
  },
) {
  const t = useT();
  const orphan = problem && !conversations?.some((c) => c.id === problem.id) ? problem : null;
  return (
    <>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {orphan && <p className="notice notice--error" role="alert">{orphan.text}</p>}
      {conversations && conversations.length === 0 && <p className="empty-state">{t("No texter is waiting.")}</p>}
      {conversations && conversations.length > 0 && (
        <ol className="dispatch-queue">
          {conversations.map((c) => (
            <TextCard
              key={c.id}
              conversation={c}
              busy={sending !== null}
              sending={sending === c.id}
              problem={problem?.id === c.id ? problem.text : null}
              timeZone={timeZone}
              now={now}
              onReply={(text) => onReply(c.id, text)}
            />
          ))}
        </ol>
      )}
    </>
  );
}

function TextCard({ conversation: c, busy, sending, problem, timeZone, now, onReply }: {
  conversation: WaitingText;
  busy: boolean;
  sending: boolean;
  problem: string | null;
  timeZone: string;
  now: number;
  onReply(text: string): Promise<boolean>;
}) {
  const t = useT();
  const replyId = useDomId();
  const countId = useDomId();
  const [draft, setDraft] = useState("");
  const [copied, setCopied] = useState(false);
  const phoneRef = useRef<HTMLElement>(null);
  const phone = formatPhone(c.phone);
  const ready = draft.trim().length > 0 && draft.length <= REPLY_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    if (await onReply(draft.trim())) setDraft("");
  }

  /** Copies the digits; where the clipboard is refused (a page not served over HTTPS), selects them instead. */
  async function copy() {
    try {
      await navigator.clipboard.writeText(c.phone);
      setCopied(true);
    } catch {
      setCopied(false);
      if (phoneRef.current) getSelection()?.selectAllChildren(phoneRef.current);
    }
  }

  return (
    <li className="dispatch-card dispatch-text" data-conversation={c.id}>
      <p className="dispatch-ride__who">
        <strong className="dispatch-text__phone" ref={phoneRef}>{phone}</strong>
        <button type="button" className="button button--secondary button--small" onClick={copy}>
          {t("Copy number")}
        </button>
        {copied && <span role="status">{t("Number copied")}</span>}
      </p>
      <p>{c.language ? t(LANGUAGE[c.language]) : t("Language not chosen yet")}</p>
      <p>{t("Pickup: {place}", { place: c.pickup ?? t("not chosen yet") })}</p>
      <p>{t("Destination: {place}", { place: c.dropoff ?? t("not chosen yet") })}</p>
      <p className="dispatch-ride__since">
        {t("Waiting since {time} ({ago})", {
          time: stopClock(c.startedAt, t.lang, timeZone),
          ago: relativeTime(c.startedAt, now, t, timeZone),
        })}
      </p>
      <ol className="dispatch-transcript" aria-label={t("Texts with {phone}", { phone })}>
        {c.transcript.map((line, i) => (
          <li key={i} className={`dispatch-transcript__line dispatch-transcript__line--${line.from}`}>
            <span className="dispatch-transcript__who">
              {line.from === "hopper" ? PRODUCT : t(WRITER[line.from])} · {stopClock(line.at, t.lang, timeZone)}
            </span>
            <span className="dispatch-transcript__text">{line.text}</span>
          </li>
        ))}
      </ol>
      <form className="dispatch-cancel" onSubmit={submit} noValidate>
        <label htmlFor={replyId}>{t("Reply by text")}</label>
        <textarea
          id={replyId}
          rows={2}
          maxLength={REPLY_MAX}
          value={draft}
          aria-describedby={countId}
          onChange={(e) => setDraft(e.target.value)}
        />
        <p id={countId} className="dispatch-ride__since">
          {t("{count} of {max} characters", { count: draft.length, max: REPLY_MAX })}
        </p>
        {problem && <p className="notice notice--error" role="alert">{problem}</p>}
        <div className="dispatch-actions__row">
          <button type="submit" className="button" disabled={busy || !ready}>
            {sending ? t("Sending...") : t("Send reply")}
          </button>
        </div>
      </form>
    </li>
  );
}
