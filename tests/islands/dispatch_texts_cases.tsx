/**
 * The console's texters waiting for a person, in a page's language, on a fake server: the list oldest first with
 * number, language, places chosen and waiting time; the transcript with who wrote each line, a texter's markup shown as
 * text; a reply sent once however fast the clicks, with its counter; the 404 and 502 said in the page's language; and
 * the list read again with the fleet state. dispatch_texts.test.tsx and dispatch_texts_es.test.tsx run them.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DispatchConsole from "../../islands/DispatchConsole.tsx";
import { READ_EVERY_MS } from "../../hooks/dispatch/use_dispatch_state.ts";
import type { WaitingText } from "../../components/dispatch/TextsWaiting.tsx";
import type { FleetState } from "../../lib/fleet_view.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { resetMap } from "./fake_map.tsx";
import { stubSockets } from "./fake_wire.ts";
import { GREER } from "./rides_fixtures.ts";
import { callsTo, json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

export interface TextsWords {
  title: (count: number) => string;
  none: string;
  copy: string;
  copied: string;
  spanish: string;
  english: string;
  pickup: string;
  destination: string;
  waiting: RegExp;
  rider: string;
  hopper: string;
  dispatcher: string;
  reply: string;
  send: string;
  counter: (count: number) => string;
  ended: string;
  notSent: string;
}

const ZONE = "America/New_York";
/** 9:00 in Greer, South Carolina. */
const NINE = Date.UTC(2026, 10, 27, 14, 0);
const at = (minutes: number) => NINE + minutes * 60_000;
const flat = (text: string | null) => (text ?? "").replace(/\s/g, " ");
const SCRIPT = "<script>alert('x')</script> AGENT";

export function textsCases(lang: Lang, w: TextsWords) {
  let conversations: WaitingText[];
  const state: FleetState = { vehicles: [], planned: [], queue: [], alerts: [] };

  beforeEach(() => {
    resetSession();
    resetMap();
    stubSockets();
    vi.useFakeTimers({ shouldAdvanceTime: true, now: at(12) });
    conversations = [
      {
        id: "01CONV00000000000000000001",
        phone: "5551230001",
        language: "es",
        step: "person",
        pickup: "Greer Station",
        dropoff: null,
        startedAt: at(2),
        updatedAt: at(4),
        transcript: [
          { from: "rider", text: "VIAJE", at: at(2) },
          { from: "hopper", text: "¿Dónde le recogemos?", at: at(2) },
          { from: "rider", text: SCRIPT, at: at(4) },
        ],
      },
      {
        id: "01CONV00000000000000000002",
        phone: "5551230002",
        language: "en",
        step: "person",
        pickup: null,
        dropoff: null,
        startedAt: at(7),
        updatedAt: at(7),
        transcript: [{ from: "rider", text: "AGENT", at: at(7) }],
      },
    ];
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function open(routes: Record<string, (init: RequestInit) => Response> = {}) {
    spyLocation();
    signIn(makeUser({ tenants: [{ code: "greer", name: "City of Greer", roles: ["dispatcher"] }] }));
    const fetchMock = stubApi({
      roles: ["dispatcher"],
      routes: {
        "GET /greer/api/dispatch/state": () => json(state),
        "GET /greer/api/dispatch/conversations": () => json({ conversations }),
        ...routes,
      },
    });
    render(
      inLanguage(
        lang,
        "DispatchConsole",
        <DispatchConsole tenant="greer" area={GREER} mapStyleUrl={null} timeZone={ZONE} />,
      ),
    );
    return fetchMock;
  }

  const section = async (count: number) =>
    (await screen.findByRole("heading", { name: w.title(count) })).closest("section")!;
  const cardOf = (id: string) => document.querySelector(`[data-conversation="${id}"]`) as HTMLElement;

  describe(`the texters waiting for a person (${lang})`, () => {
    it("lists them oldest first with number, language, places chosen, waiting time and transcript", async () => {
      open();
      const part = await section(2);
      const cards = within(part).getAllByRole("listitem").filter((li) => li.dataset.conversation);
      expect(cards.map((li) => li.dataset.conversation)).toEqual(conversations.map((c) => c.id));
      const first = flat(cards[0].textContent);
      expect(first).toContain("(555) 123-0001");
      expect(first).toContain(w.spanish);
      expect(first).toContain(`${w.pickup}Greer Station`);
      expect(first).toContain(w.destination);
      expect(first).toMatch(w.waiting);
      expect(flat(cards[1].textContent)).toContain(w.english);
      // The number copies as digits, for a booking made for the texter.
      const writeText = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
      fireEvent.click(within(cards[0]).getByRole("button", { name: w.copy }));
      expect(await within(cards[0]).findByRole("status")).toHaveProperty("textContent", w.copied);
      expect(writeText).toHaveBeenCalledWith("5551230001");
      const lines = cards[0].querySelectorAll(".dispatch-transcript__line");
      expect([...lines].map((l) => flat(l.querySelector(".dispatch-transcript__who")!.textContent))).toEqual([
        expect.stringContaining(w.rider),
        expect.stringContaining(w.hopper),
        expect.stringContaining(w.rider),
      ]);
      // The texter's markup is text on the screen, never an element.
      expect(lines[2].querySelector(".dispatch-transcript__text")!.textContent).toBe(SCRIPT);
      expect(document.querySelector("script")).toBeNull();
      expect(part.innerHTML).toContain("&lt;script&gt;");
    });

    it("says so when no texter is waiting", async () => {
      conversations = [];
      open();
      expect(flat((await section(0)).textContent)).toContain(w.none);
    });

    it("sends a reply once however fast the clicks, counts its characters, and shows it in the transcript", async () => {
      const id = conversations[0].id;
      let answer: (r: Response) => void = () => {};
      const fetchMock = open({
        [`POST /greer/api/dispatch/conversations/${id}/reply`]: () =>
          new Promise<Response>((r) => (answer = r)) as never,
      });
      await section(2);
      const card = cardOf(id);
      const box = within(card).getByLabelText(w.reply);
      expect(box.getAttribute("maxlength")).toBe("160");
      fireEvent.change(box, { target: { value: "Te llamo ya" } });
      expect(flat(card.textContent)).toContain(w.counter(11));
      const send = within(card).getByRole("button", { name: w.send });
      fireEvent.click(send);
      fireEvent.click(send);
      await waitFor(() => expect(send).toHaveProperty("disabled", true));
      const calls = callsTo(fetchMock, "POST", `/greer/api/dispatch/conversations/${id}/reply`);
      expect(calls).toHaveLength(1);
      expect(JSON.parse(String(calls[0][1]?.body))).toEqual({ text: "Te llamo ya" });
      const replied = {
        ...conversations[0],
        transcript: [...conversations[0].transcript, { from: "dispatcher" as const, text: "Te llamo ya", at: at(12) }],
      };
      await act(async () => {
        answer(json({ conversation: replied }));
        await Promise.resolve();
      });
      await waitFor(() => expect(card.querySelectorAll(".dispatch-transcript__line")).toHaveLength(4));
      const last = card.querySelectorAll(".dispatch-transcript__line")[3];
      expect(flat(last.textContent)).toContain(w.dispatcher);
      expect(flat(last.textContent)).toContain("Te llamo ya");
      expect((box as HTMLTextAreaElement).value).toBe("");
      expect(flat(card.textContent)).toContain(w.counter(0));
    });

    it("says in the page's language that a conversation ended (404) or a text was not sent (502)", async () => {
      const [ended, other] = conversations;
      open({
        [`POST /greer/api/dispatch/conversations/${ended.id}/reply`]: () =>
          json({ error: "Conversation not found" }, 404),
        [`POST /greer/api/dispatch/conversations/${other.id}/reply`]: () =>
          json({ error: "The text could not be sent. Please try again." }, 502),
      });
      await section(2);
      for (const [c, said] of [[ended, w.ended], [other, w.notSent]] as const) {
        const card = cardOf(c.id);
        fireEvent.change(within(card).getByLabelText(w.reply), { target: { value: "Hello" } });
        fireEvent.click(within(card).getByRole("button", { name: w.send }));
        expect(flat((await within(card).findByRole("alert")).textContent)).toBe(said);
        // The words stay for another try.
        expect((within(card).getByLabelText(w.reply) as HTMLTextAreaElement).value).toBe("Hello");
      }
    });

    it("sends a reply once more when the rider texted meanwhile (409)", async () => {
      const id = conversations[1].id;
      let calls = 0;
      open({
        [`POST /greer/api/dispatch/conversations/${id}/reply`]: () =>
          ++calls === 1 ? json({ error: "The conversation changed meanwhile. Please try again." }, 409) : json({
            conversation: {
              ...conversations[1],
              transcript: [...conversations[1].transcript, { from: "dispatcher", text: "On my way", at: at(12) }],
            },
          }),
      });
      await section(2);
      const card = cardOf(id);
      fireEvent.change(within(card).getByLabelText(w.reply), { target: { value: "On my way" } });
      fireEvent.click(within(card).getByRole("button", { name: w.send }));
      await waitFor(() => expect(card.querySelectorAll(".dispatch-transcript__line")).toHaveLength(2));
      expect(calls).toBe(2);
      expect(within(card).queryByRole("alert")).toBeNull();
    });

    it("reads the list again with the fleet state, every 15 s", async () => {
      const fetchMock = open();
      await section(2);
      const reads = callsTo(fetchMock, "GET", "/greer/api/dispatch/conversations").length;
      conversations = conversations.slice(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
      });
      await section(1);
      expect(callsTo(fetchMock, "GET", "/greer/api/dispatch/conversations").length).toBeGreaterThan(reads);
    });
  });
}
