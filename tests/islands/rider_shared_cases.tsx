/**
 * The rider's card in automatic dispatch and a refused request, in English and Spanish (each test file mocks the map
 * itself, vi.mock being hoisted per file): which shuttle comes and when, the window, the arrival, "Shared ride" or
 * not, never another rider; a refusal's own words and "Book for later", which opens Later with the places kept.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RiderScreen from "../../islands/RiderScreen.tsx";
import { clockTime } from "../../lib/clock_time.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { resetMap } from "./fake_map.tsx";
import { FakeSocket, restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { driver, GREER, makeRide, moved } from "./rides_fixtures.ts";
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

const MIN = 60_000;
const WEEKDAY = [{ start: "00:00", end: "23:59" }];
const BOOKING = {
  timezone: "America/New_York",
  maxDaysAhead: 7,
  schedule: { "0": WEEKDAY, "1": WEEKDAY, "2": WEEKDAY, "3": WEEKDAY, "4": WEEKDAY, "5": WEEKDAY, "6": WEEKDAY },
};

export interface Words {
  region: string;
  shuttle(vehicle: string, time: string): string;
  window(from: string, to: string): string;
  arrives(time: string): string;
  shared: string;
  bookLater: string;
  later: string;
  request: string;
  destination: string;
  refusal: string;
}

type Planned = Ride & { vehicleName?: string | null; shared?: boolean; window?: { from: number; to: number } | null };

export function sharedCardCases(lang: Lang, words: Words) {
  let my: Planned | null;
  let posted: Record<string, unknown>[];
  let answer: (body: Record<string, unknown>) => Response;

  beforeEach(() => {
    resetSession();
    resetMap();
    spyLocation();
    stubSockets();
    my = null;
    posted = [];
    answer = () => json({ error: words.refusal }, 409);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    restoreGeolocation();
  });

  async function open(timeZone?: string) {
    signIn();
    const geo = stubGeolocation();
    stubApi({
      roles: ["rider"],
      routes: {
        "GET /greer/api/drivers/available": () => json([driver("d1")]),
        "GET /greer/api/rides/my": () => json(my),
        "GET /greer/api/schedule": () => json({ schedule: BOOKING.schedule }),
        "GET /greer/api/rides/upcoming": () => json({ rides: [], booking: BOOKING }),
        "POST /greer/api/rides": (init) => {
          const body = JSON.parse(String(init.body));
          posted.push(body);
          return answer(body);
        },
      },
    });
    render(
      inLanguage(
        lang,
        "RiderScreen",
        <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} timeZone={timeZone} />,
      ),
    );
    await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
    geo.fix(GREER.lat, GREER.lng);
  }

  function planned(extra: Partial<Planned>): Planned {
    const pickupAt = Date.now() + 6 * MIN;
    return {
      ...moved(makeRide({ dropoff: { lat: 34.95, lng: -82.22 } }), "accepted"),
      vehicleId: "01VEHICLE0000000000000000A",
      pickupAt,
      dropoffAt: pickupAt + 14 * MIN,
      vehicleName: "Van 2",
      shared: true,
      window: { from: pickupAt - 2 * MIN, to: pickupAt + 5 * MIN },
      ...extra,
    };
  }

  const time = (ms: number) => clockTime(ms, lang);

  describe(`the rider's card in automatic dispatch (${lang})`, () => {
    it("says which shuttle comes and when, the window, the arrival and Shared ride", async () => {
      my = planned({});
      await open();
      const card = await screen.findByRole("region", { name: words.region });
      const text = card.textContent ?? "";
      await waitFor(() =>
        expect(within(card).getByText(words.shuttle("Van 2", time(my!.pickupAt!)), { exact: false }))
      );
      expect(text).toContain(words.window(time(my.window!.from), time(my.window!.to)));
      expect(text).toContain(words.arrives(time(my.dropoffAt!)));
      expect(within(card).getByText(words.shared)).toBeTruthy();
    });

    it("says its times on the tenant's clocks, as the texts do, not on the phone's", async () => {
      const phone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
      // Half an hour off any whole-hour zone: every time reads differently on the two clocks.
      const zone = phone === "Asia/Kolkata" ? "America/New_York" : "Asia/Kolkata";
      my = planned({});
      await open(zone);
      const card = await screen.findByRole("region", { name: words.region });
      const there = (ms: number) => clockTime(ms, lang, zone);
      await waitFor(() => expect(card.textContent).toContain(words.shuttle("Van 2", there(my!.pickupAt!))));
      expect(card.textContent).toContain(words.window(there(my.window!.from), there(my.window!.to)));
      expect(card.textContent).toContain(words.arrives(there(my.dropoffAt!)));
      for (const at of [my.pickupAt!, my.window!.from, my.window!.to, my.dropoffAt!]) {
        expect(card.textContent).not.toContain(time(at));
      }
    });

    it("hears a live message about the ride and reads its shuttle facts again: Shared ride once another joins", async () => {
      my = planned({ shared: false });
      await open();
      const card = await screen.findByRole("region", { name: words.region });
      await waitFor(() => expect(card.textContent).toContain(words.arrives(time(my!.dropoffAt!))));
      expect(card.textContent).not.toContain(words.shared);
      await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
      const socket = FakeSocket.latest();
      socket.accept();

      // Another rider joins the van: the ride message carries the ride alone (its later drop-off), never the other's.
      const { vehicleName: _v, shared: _s, window: _w, ...alone } = planned({ shared: true });
      const joined = { ...alone, id: my.id, dropoffAt: my.dropoffAt! + 3 * MIN, updatedAt: Date.now() + 1000 };
      my = { ...my, ...joined, shared: true };
      socket.push({ type: "update", ride: joined });
      await waitFor(() => expect(card.textContent).toContain(words.shared));
      expect(card.textContent).toContain(words.arrives(time(joined.dropoffAt)));
      // The vehicle's name stayed on the card while the facts were read again.
      expect(card.textContent).toContain(words.shuttle("Van 2", time(joined.pickupAt!)));
    });

    it("says nothing of sharing for a ride alone, and no shuttle lines in drivers mode", async () => {
      my = planned({ shared: false });
      await open();
      const card = await screen.findByRole("region", { name: words.region });
      await waitFor(() => expect(card.textContent).toContain(words.arrives(time(my!.dropoffAt!))));
      expect(card.textContent).not.toContain(words.shared);
      cleanup();

      my = moved(makeRide(), "accepted");
      await open();
      const plain = await screen.findByRole("region", { name: words.region });
      expect(plain.textContent).not.toContain(words.shuttle("", "").slice(0, 8));
      expect(plain.querySelector(".ride-card__shuttle")).toBeNull();
    });

    it("offers Book for later beside the refusal only, not beside the page's own error on the next try", async () => {
      await open();
      const destination = await screen.findByLabelText(words.destination);
      fireEvent.change(destination, { target: { value: "Library Steps" } });
      fireEvent.click(await screen.findByRole("button", { name: words.request }));
      expect((await screen.findByRole("alert")).textContent).toBe(words.refusal);
      expect(await screen.findByRole("button", { name: words.bookLater })).toBeTruthy();

      // The next try is stopped on the page (no destination): its error shows alone.
      fireEvent.change(destination, { target: { value: "" } });
      fireEvent.click(screen.getByRole("button", { name: words.request }));
      await waitFor(() => expect(screen.getByRole("alert").textContent).not.toBe(words.refusal));
      expect(screen.getByRole("alert").textContent).not.toBe("");
      expect(posted).toHaveLength(1);
      expect(screen.queryByRole("button", { name: words.bookLater })).toBeNull();
    });

    it("shows a refusal in the server's words and Book for later, which opens Later with the places kept", async () => {
      await open();
      fireEvent.change(await screen.findByLabelText(words.destination), { target: { value: "Library Steps" } });
      fireEvent.click(await screen.findByRole("button", { name: words.request }));
      expect((await screen.findByRole("alert")).textContent).toBe(words.refusal);
      fireEvent.click(await screen.findByRole("button", { name: words.bookLater }));
      await waitFor(() =>
        expect(screen.getByRole<HTMLInputElement>("radio", { name: words.later }).checked).toBe(true)
      );
      expect(screen.queryByRole("button", { name: words.bookLater })).toBeNull();
      expect(screen.getByLabelText<HTMLInputElement>(words.destination).value).toBe("Library Steps");

      answer = (body) => json({ ride: { ...makeRide({ status: "scheduled" }), scheduledFor: body.scheduledFor } }, 201);
      fireEvent.click(screen.getByRole("button", { name: words.request }));
      await waitFor(() => expect(posted).toHaveLength(2));
      expect(posted[1]).toMatchObject({ destination: "Library Steps", pickup: posted[0].pickup });
      expect(typeof posted[1].scheduledFor).toBe("number");
    });
  });
}
