/**
 * Booking ahead on the rider screen (issue 21): the Now / Later choice, the
 * form's button booking for the time chosen, and the Upcoming rides list
 * with its Cancel buttons. The browser's clock is Monday 5 January 2026,
 * 10:00 in Greer (America/New_York); the schedule runs 07:00-19:00 Monday
 * to Friday there.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Ride } from "../../lib/rides.ts";
import { resetMap } from "./fake_map.tsx";
import { restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { GREER, makeRide } from "./rides_fixtures.ts";
import { callsTo, json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";
import { inLanguage } from "../helpers/in_language.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

const START = Date.UTC(2026, 0, 5, 15, 0);
const WEEKDAY = [{ start: "07:00", end: "19:00" }];
const BOOKING = {
  timezone: "America/New_York",
  maxDaysAhead: 7,
  schedule: { "0": [], "1": WEEKDAY, "2": WEEKDAY, "3": WEEKDAY, "4": WEEKDAY, "5": WEEKDAY, "6": [] },
};

let upcoming: Ride[];
let posted: Record<string, unknown>[];

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ["Date"] });
  resetSession();
  resetMap();
  spyLocation();
  stubSockets();
  upcoming = [];
  posted = [];
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
});

function booked(id: string, scheduledFor: number, destination: string): Ride {
  return { ...makeRide({ status: "scheduled", destination }), id, scheduledFor };
}

async function open(lang: Lang = "en") {
  signIn();
  const geo = stubGeolocation();
  const fetchMock = stubApi({
    roles: ["rider"],
    routes: {
      // No driver is online: a booking needs none.
      "GET /greer/api/drivers/available": () => json([]),
      "GET /greer/api/rides/my": () => json(null),
      "GET /greer/api/schedule": () => json({ schedule: BOOKING.schedule }),
      "GET /greer/api/rides/upcoming": () => json({ rides: upcoming, booking: BOOKING }),
      "POST /greer/api/rides": (init) => {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        const ride = booked("01BOOKED00000000000000000X", body.scheduledFor, body.destination);
        upcoming = [...upcoming, ride];
        return json({ ride }, 201);
      },
    },
  });
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init = {}) => {
    const m = /^\/greer\/api\/rides\/([^/]+)$/.exec(String(input));
    if (m && init.method === "PUT") {
      const ride = upcoming.find((r) => r.id === m[1])!;
      upcoming = upcoming.filter((r) => r.id !== m[1]);
      return Promise.resolve(json({ ride: { ...ride, status: "canceled" } }));
    }
    return inner(input, init);
  });
  render(inLanguage(lang, "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  geo.fix(GREER.lat, GREER.lng);
  return fetchMock;
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const options = (label: string) => [...select(label).options].map((o) => o.text.replace(/\s/g, " "));
const spaced = (text: string | null | undefined) => text?.replace(/\s/g, " ");

describe("RiderScreen: booking ahead", () => {
  it("books for later with no driver online, offering only the days and times of the schedule", async () => {
    const fetchMock = await open();
    const later = await screen.findByRole("radio", { name: "Later" });
    expect((screen.getByRole("radio", { name: "Now" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("group", { name: "When" })).toBeDefined();
    fireEvent.click(later);

    // Today from 30 minutes on, then the weekdays of the next 7 days: no weekend.
    expect(options("Date")).toEqual([
      "Mon, Jan 5",
      "Tue, Jan 6",
      "Wed, Jan 7",
      "Thu, Jan 8",
      "Fri, Jan 9",
      "Mon, Jan 12",
    ]);
    expect(options("Time")[0]).toBe("10:30 AM");
    expect(options("Time").at(-1)).toBe("6:45 PM");
    fireEvent.change(select("Date"), { target: { value: "2026-01-06" } });
    expect(options("Time")[0]).toBe("7:00 AM");
    fireEvent.change(select("Time"), { target: { value: "09:00" } });
    expect(spaced(screen.getByText(/^Request Ride books it for/).textContent)).toBe(
      "Request Ride books it for Tue, Jan 6, 9:00 AM.",
    );

    fireEvent.change(screen.getByLabelText("Destination"), { target: { value: "City Hall" } });
    fireEvent.click(screen.getByRole("button", { name: "Request Ride" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // 9:00 in Greer is 14:00 UTC.
    expect(posted[0]).toMatchObject({ destination: "City Hall", scheduledFor: Date.UTC(2026, 0, 6, 14, 0) });
    expect(await screen.findByText("Your ride is booked.")).toBeDefined();
    const list = await screen.findByRole("region", { name: "Upcoming rides" });
    await waitFor(() =>
      expect(spaced(within(list).getByRole("listitem").textContent)).toContain("Tue, Jan 6, 9:00 AM")
    );
    expect(callsTo(fetchMock, "POST", "/greer/api/rides")).toHaveLength(1);
  });

  it("asks for a ride now as before when Now is chosen: no time is sent", async () => {
    await open();
    fireEvent.click(await screen.findByRole("radio", { name: "Later" }));
    fireEvent.click(screen.getByRole("radio", { name: "Now" }));
    expect(screen.queryByLabelText("Date")).toBeNull();
    fireEvent.change(screen.getByLabelText("Destination"), { target: { value: "City Hall" } });
    fireEvent.click(screen.getByRole("button", { name: "Request Ride" }));
    // Now with no driver online: the screen's own refusal, nothing sent.
    expect((await screen.findByRole("alert")).textContent).toBe("No drivers are currently available.");
    expect(posted).toEqual([]);
  });

  it("lists the bookings soonest first, each with its time and a Cancel button that cancels it", async () => {
    upcoming = [
      booked("01BOOK1000000000000000000A", Date.UTC(2026, 0, 6, 14, 0), "City Hall"),
      booked("01BOOK2000000000000000000B", Date.UTC(2026, 0, 8, 20, 30), "Greer Station"),
    ];
    const fetchMock = await open();
    const list = await screen.findByRole("region", { name: "Upcoming rides" });
    const items = () => within(list).queryAllByRole("listitem").map((li) => spaced(li.textContent));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()).toEqual(["Tue, Jan 6, 9:00 AMCity HallCancel", "Thu, Jan 8, 3:30 PMGreer StationCancel"]);
    const cancel = within(list).getAllByRole("button", { name: /^Cancel the ride of Tue, Jan 6, 9:00/ });
    fireEvent.click(cancel[0]);
    await waitFor(() => expect(items()).toEqual(["Thu, Jan 8, 3:30 PMGreer StationCancel"]));
    const put = callsTo(fetchMock, "PUT", "/greer/api/rides/01BOOK1000000000000000000A");
    expect(JSON.parse(String(put[0][1]?.body))).toEqual({ status: "canceled" });
  });
});
