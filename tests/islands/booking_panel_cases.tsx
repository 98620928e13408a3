/**
 * The dispatcher's booking form (islands/dispatch/BookingPanel.tsx), the same cases on an English and a Spanish
 * page: what it sends, what it checks before sending, the server's refusal as worded, and the confirmation that
 * names the number and the pickup time, the form cleared.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BookingPanel } from "../../islands/dispatch/BookingPanel.tsx";
import { TextsProvider } from "../../components/texts.tsx";
import { zonedMoment } from "../../lib/booking.ts";
import { bookingTimeText } from "../../lib/clock_time.ts";
import { textsFor } from "../../lib/i18n/catalogue.ts";
import { BOOKING_PANEL_AREAS } from "../../lib/i18n/islands.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Ride } from "../../lib/rides.ts";
import { makeRide, PLACES } from "./rides_fixtures.ts";
import { json, resetSession, signIn, stubApi } from "./signed_in.ts";

export interface PanelWords {
  title: string;
  phone: string;
  name: string;
  pickup: string;
  dropoff: string;
  passengers: string;
  note: string;
  wheelchair: string;
  book: string;
  later: string;
  date: string;
  time: string;
  bookForLater: string;
  phoneError: string;
  pickupNeeded: string;
  /** The server's 409, as it answers on this page's language. */
  noDrivers: string;
  bookedAsap: (phone: string, time: string) => string;
  bookedAt: (phone: string, time: string) => string;
}

const ZONE = "America/New_York";
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), [{ start: "00:00", end: "23:59" }]]));

export function bookingPanelCases(lang: Lang, w: PanelWords) {
  let sent: Record<string, unknown>[];
  let answer: (body: Record<string, unknown>) => Response;
  const booked: Ride[] = [];

  beforeEach(() => {
    resetSession();
    signIn();
    sent = [];
    booked.length = 0;
    answer = (body) => {
      const ride = makeRide({ creatorId: "01NEWRIDER000000000000000", riderPhone: String(body.phoneNumber) });
      return json(
        { ride, rider: { id: ride.creatorId, phoneNumber: body.phoneNumber, name: null }, newPerson: true },
        201,
      );
    };
    stubApi({
      routes: {
        "GET /greer/api/places": () => json(PLACES),
        "GET /greer/api/rides/upcoming": () =>
          json({ rides: [], booking: { timezone: ZONE, maxDaysAhead: 7, schedule: EVERY_DAY } }),
        "POST /greer/api/dispatch/bookings": (init) => {
          const body = JSON.parse(String(init.body));
          sent.push(body);
          return answer(body);
        },
      },
    });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const open = async () => {
    render(
      <TextsProvider lang={lang} texts={textsFor(lang, BOOKING_PANEL_AREAS)}>
        <BookingPanel tenant="greer" onBooked={(ride) => booked.push(ride)} />
      </TextsProvider>,
    );
    const panel = screen.getByRole("region", { name: w.title });
    // The places are here once the combobox is.
    await within(panel).findByRole("combobox", { name: w.pickup });
    return panel;
  };
  const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
  const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
  /** The confirmation, a polite status of its own (the place fields' live regions are statuses too). */
  const done = async () => {
    const notice = await waitFor(() => {
      const found = screen.getAllByRole("status").find((el) => el.classList.contains("notice--success"));
      if (!found) throw new Error("no confirmation yet");
      return found;
    });
    return notice.textContent;
  };

  describe(`the booking form (${lang})`, () => {
    it("books for a number with places found by name, passengers, a need and a note; confirms and clears", async () => {
      await open();
      type(field(w.phone), "864-555-0199");
      type(field(w.name), "  Rosa Diaz ");
      const pickup = screen.getByRole("combobox", { name: w.pickup });
      type(pickup, "hall");
      fireEvent.keyDown(pickup, { key: "ArrowDown" });
      fireEvent.keyDown(pickup, { key: "Enter" });
      expect((pickup as HTMLInputElement).value).toBe("City Hall");
      const dropoff = screen.getByRole("combobox", { name: w.dropoff });
      type(dropoff, "stat");
      fireEvent.click(screen.getByRole("option", { name: /Greer Station/ }));
      expect((dropoff as HTMLInputElement).value).toBe("Greer Station");
      fireEvent.change(screen.getByLabelText(w.passengers), { target: { value: "2" } });
      fireEvent.click(screen.getByRole("checkbox", { name: w.wheelchair }));
      type(field(w.note), " Blue door ");
      fireEvent.click(screen.getByRole("button", { name: w.book }));

      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        phoneNumber: "8645550199",
        name: "Rosa Diaz",
        pickupPlaceId: PLACES[1].id,
        dropoffPlaceId: PLACES[3].id,
        passengerCt: 2,
        needs: ["wheelchair"],
        note: "Blue door",
      });
      await waitFor(() => expect(booked).toHaveLength(1));
      expect(await done()).toBe(w.bookedAsap("(864) 555-0199", bookingTimeText(booked[0].requestedAt, ZONE, lang)));
      expect(field(w.phone).value).toBe("");
      expect(field(w.name).value).toBe("");
      expect((screen.getByRole("combobox", { name: w.pickup }) as HTMLInputElement).value).toBe("");
      expect((screen.getByRole("checkbox", { name: w.wheelchair }) as HTMLInputElement).checked).toBe(false);
      expect(booked).toHaveLength(1);
    });

    it("sends typed text that names no place as the destination, and names a planned pickup's time", async () => {
      const pickupAt = Date.UTC(2026, 0, 5, 15, 12);
      answer = (body) =>
        json({
          ride: makeRide({ status: "accepted", pickupAt }),
          rider: { id: "01R", phoneNumber: body.phoneNumber, name: null },
          newPerson: false,
        }, 201);
      await open();
      type(field(w.phone), "(864) 555-0142");
      const pickup = screen.getByRole("combobox", { name: w.pickup });
      type(pickup, "park");
      fireEvent.click(screen.getByRole("option", { name: /Greer City Park/ }));
      type(screen.getByRole("combobox", { name: w.dropoff }), "  Grandma's house ");
      fireEvent.click(screen.getByRole("button", { name: w.book }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({
        phoneNumber: "8645550142",
        name: null,
        pickupPlaceId: PLACES[2].id,
        destination: "Grandma's house",
        passengerCt: 1,
      });
      expect(await done()).toBe(
        w.bookedAt("(864) 555-0142", bookingTimeText(pickupAt, ZONE, lang)),
      );
    });

    it("checks the number and the pickup before sending, in the page's language", async () => {
      await open();
      type(field(w.phone), "555-0199");
      fireEvent.click(screen.getByRole("button", { name: w.book }));
      expect((await screen.findByRole("alert")).textContent).toBe(w.phoneError);
      expect(field(w.phone).getAttribute("aria-invalid")).toBe("true");
      type(field(w.phone), "8645550199");
      type(screen.getByRole("combobox", { name: w.pickup }), "Somewhere");
      fireEvent.click(screen.getByRole("button", { name: w.book }));
      expect((await screen.findByRole("alert")).textContent).toBe(w.pickupNeeded);
      expect(sent).toEqual([]);
    });

    it("shows the server's refusal as worded and keeps the form; a 409 offers booking for later", async () => {
      answer = () => json({ error: w.noDrivers }, 409);
      await open();
      type(field(w.phone), "8645550199");
      const pickup = screen.getByRole("combobox", { name: w.pickup });
      type(pickup, "library");
      fireEvent.click(screen.getByRole("option", { name: /Public Library/ }));
      fireEvent.click(screen.getByRole("button", { name: w.book }));
      expect((await screen.findByRole("alert")).textContent).toBe(w.noDrivers);
      expect(field(w.phone).value).toBe("(864) 555-0199");
      expect((pickup as HTMLInputElement).value).toBe("Public Library");
      expect(document.querySelector(".notice--success")).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: w.bookForLater }));
      expect(await screen.findByLabelText(w.date)).toBeDefined();
    });

    it("books for later at the date and time chosen on the tenant's clock", async () => {
      await open();
      type(field(w.phone), "8645550199");
      type(screen.getByRole("combobox", { name: w.pickup }), "cafe");
      fireEvent.click(screen.getByRole("option", { name: /Café Central/ }));
      fireEvent.click(screen.getByRole("radio", { name: w.later }));
      const date = await screen.findByLabelText(w.date) as HTMLSelectElement;
      const secondDay = date.options[1].value;
      fireEvent.change(date, { target: { value: secondDay } });
      const time = screen.getByLabelText(w.time) as HTMLSelectElement;
      fireEvent.change(time, { target: { value: "14:30" } });
      fireEvent.click(screen.getByRole("button", { name: w.book }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0].scheduledFor).toBe(zonedMoment(secondDay, "14:30", ZONE));
    });
  });
}
