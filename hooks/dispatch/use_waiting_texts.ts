/**
 * The texters waiting for a person, for the dispatcher's console: GET /{t}/api/dispatch/conversations read each time
 * the console reads its fleet state (`readWhen` changes: the socket's messages, every 15 s, a refresh), so both
 * follow the same rhythm. No socket message of their own: the existing doorbells would cost others (the drivers head
 * re-sends the riders' shuttles, the vehicles head re-reads the drivers' vehicles), and a hand-off is rare enough that
 * 15 s is soon. And a reply, POST .../conversations/{id}/reply.
 * One reply at a time; a 409 (the rider texted meanwhile) is sent once more, since the reply still stands.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { dispatchError } from "../../components/dispatch/texts.ts";
import type { TextProblem, WaitingText } from "../../components/dispatch/TextsWaiting.tsx";
import { useT } from "../../components/texts.tsx";

export interface WaitingTextsState {
  /** null until the first read answers. */
  conversations: WaitingText[] | null;
  /** The last read failed (the text says why). */
  error: string;
  /** The conversation a reply is being sent to. */
  sending: string | null;
  problem: TextProblem | null;
  /** Texts `text` to the conversation's rider; true once sent. */
  reply(id: string, text: string): Promise<boolean>;
}

export function useWaitingTexts(tenant: string, readWhen: unknown): WaitingTextsState {
  const t = useT();
  const [conversations, setConversations] = useState<WaitingText[] | null>(null);
  const [error, setError] = useState("");
  const [sending, setSending] = useState<string | null>(null);
  const [problem, setProblem] = useState<TextProblem | null>(null);
  const sendingRef = useRef(false);
  /** Bumped by each read and each reply: an older answer arriving late is dropped. */
  const generation = useRef(0);
  const base = `/${tenant}/api/dispatch/conversations`;

  const read = useCallback(async () => {
    const gen = ++generation.current;
    try {
      const next = await api<{ conversations: WaitingText[] }>(base, { tenant });
      if (gen !== generation.current) return;
      setConversations(next.conversations);
      setError("");
    } catch (err) {
      if (gen === generation.current) setError(dispatchError(err, t));
    }
  }, [base, tenant, t]);

  useEffect(() => {
    if (readWhen !== null && readWhen !== undefined) read();
  }, [readWhen, read]);

  const reply = useCallback(async (id: string, text: string) => {
    if (sendingRef.current) return false;
    sendingRef.current = true;
    setSending(id);
    setProblem(null);
    const send = () =>
      api<{ conversation: WaitingText }>(`${base}/${id}/reply`, { method: "POST", tenant, body: { text } });
    try {
      let answer;
      try {
        answer = await send();
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 409)) throw err;
        answer = await send();
      }
      generation.current++;
      setConversations((list) => list?.map((c) => c.id === id ? answer.conversation : c) ?? null);
      return true;
    } catch (err) {
      // A conversation that ended stays on screen, saying so, until the next read takes it away.
      setProblem({ id, text: replyError(err, t) });
      return false;
    } finally {
      sendingRef.current = false;
      setSending(null);
    }
  }, [base, tenant, t]);

  return { conversations, error, sending, problem, reply };
}

function replyError(err: unknown, t: ReturnType<typeof useT>): string {
  if (err instanceof ApiError && err.status === 404) return t("This conversation has ended.");
  if (err instanceof ApiError && err.status === 502) return t("The reply was not sent. Please try again.");
  return dispatchError(err, t);
}
