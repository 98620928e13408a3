/**
 * What the rider screen's booking tests share, in English and
 * Spanish: a fake server with a weekday schedule in Greer and the rider's
 * bookings, the browser's clock at Monday 5 January 2026, 10:00 there.
 * Each test file mocks the map itself (vi.mock is hoisted per file).
 */
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Ride } from "../../lib/rides.ts";
import { resetMap } from "./fake_map.tsx";
import { restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { GREER, makeRide } from "./rides_fixtures.ts";
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";
import { inLanguage } from "../helpers/in_language.tsx";
export const START = Date.UTC(2026, 0, 5, 15, 0);
const WEEKDAY = [{ start: "07:00", end: "19:00" }];
const BOOKING = {
  timezone: "America/New_York",
  maxDaysAhead: 7,
  schedule: { "0": [], "1": WEEKDAY, "2": WEEKDAY, "3": WEEKDAY, "4": WEEKDAY, "5": WEEKDAY, "6": [] },
};

/** What the fake server holds: the rider's bookings, the bodies of the requests and changes sent. */
export const world = {
  upcoming: [] as Ride[],
  posted: [] as Record<string, unknown>[],
  changes: [] as Record<string, unknown>[],
  /** The server's refusal of the next change, when set. */
  refuseChange: null as string | null,
  /** The rider's active ride (GET /rides/my), when set. */
  current: null as Ride | null,
};
/** The fake server's pickup for a time to arrive by: 25 minutes before it. */
export const ARRIVE_LEAD = 25 * 60_000;

/** Registers the hooks each booking test file needs; call it at the file's top level. */
export function bookingHooks() {
  beforeEach(() => {
    vi.useFakeTimers({ now: START, toFake: ["Date"] });
    resetSession();
    resetMap();
    spyLocation();
    stubSockets();
    world.upcoming = [];
    world.posted = [];
    world.changes = [];
    world.refuseChange = null;
    world.current = null;
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    restoreGeolocation();
  });
}

export function booked(id: string, scheduledFor: number, destination: string): Ride {
  return { ...makeRide({ status: "scheduled", destination }), id, scheduledFor };
}

export async function open(lang: Lang = "en") {
  signIn();
  const geo = stubGeolocation();
  const fetchMock = stubApi({
    roles: ["rider"],
    routes: {
      // No driver is online: a booking needs none.
      "GET /greer/api/drivers/available": () => json([]),
      "GET /greer/api/rides/my": () => json(world.current),
      "GET /greer/api/schedule": () => json({ schedule: BOOKING.schedule }),
      "GET /greer/api/rides/upcoming": () => json({ rides: world.upcoming, booking: BOOKING }),
      "GET /greer/api/places": () => json([]),
      "POST /greer/api/rides": (init) => {
        const body = JSON.parse(String(init.body));
        world.posted.push(body);
        const ride = body.arriveBy
          ? {
            ...booked("01BOOKED00000000000000000X", body.arriveBy - ARRIVE_LEAD, body.destination),
            arriveBy: body.arriveBy,
          }
          : booked("01BOOKED00000000000000000X", body.scheduledFor, body.destination);
        world.upcoming = [...world.upcoming, ride];
        return json({ ride }, 201);
      },
    },
  });
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init = {}) => {
    const m = /^\/greer\/api\/rides\/([^/]+)$/.exec(String(input));
    if (m && init.method === "PUT" && m[1] === world.current?.id) {
      world.changes.push(JSON.parse(String(init.body)));
      if (world.refuseChange) return Promise.resolve(json({ error: world.refuseChange }, 409));
      return Promise.resolve(json({ ride: world.current }));
    }
    if (m && init.method === "PUT") {
      const ride = world.upcoming.find((r) => r.id === m[1])!;
      const body = JSON.parse(String(init.body));
      if (body.status === undefined) {
        world.changes.push(body);
        if (world.refuseChange) return Promise.resolve(json({ error: world.refuseChange }, 400));
        const { arriveBy: _, ...kept } = ride;
        const changed: Ride = body.arriveBy
          ? {
            ...kept,
            passengerCt: body.passengerCt,
            arriveBy: body.arriveBy,
            scheduledFor: body.arriveBy - ARRIVE_LEAD,
          }
          : { ...kept, passengerCt: body.passengerCt, scheduledFor: body.scheduledFor };
        world.upcoming = world.upcoming.map((r) => r.id === ride.id ? changed : r);
        return Promise.resolve(json({ ride: changed }));
      }
      world.upcoming = world.upcoming.filter((r) => r.id !== m[1]);
      return Promise.resolve(json({ ride: { ...ride, status: "canceled" } }));
    }
    return inner(input, init);
  });
  render(inLanguage(lang, "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  geo.fix(GREER.lat, GREER.lng);
  return fetchMock;
}

export const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
export const options = (label: string) => [...select(label).options].map((o) => o.text.replace(/\s/g, " "));
export const spaced = (text: string | null | undefined) => text?.replace(/\s/g, " ");
