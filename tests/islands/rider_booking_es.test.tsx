/**
 * Booking ahead on the rider screen (issue 21), in Spanish: the Now / Later
 * choice, its days and times as a Spanish reader writes them, and the
 * Upcoming rides list. The browser's clock is Monday 5 January 2026,
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
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";
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

describe("RiderScreen: booking ahead, in Spanish", () => {
  it("offers Ahora / Más tarde, the days and times in Spanish, and books with Solicitar viaje", async () => {
    await open("es");
    expect(await screen.findByRole("group", { name: "Cuándo" })).toBeDefined();
    expect((screen.getByRole("radio", { name: "Ahora" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Más tarde" }));
    expect(options("Fecha")[0]).toBe("lun, 5 de ene");
    expect(options("Fecha")).toHaveLength(6);
    expect(options("Hora")[0]).toBe("10:30 a. m.");
    fireEvent.change(select("Fecha"), { target: { value: "2026-01-06" } });
    fireEvent.change(select("Hora"), { target: { value: "15:00" } });
    expect(options("Hora")).toContain("3:00 p. m.");
    expect(spaced(screen.getByText(/^Solicitar viaje lo reserva/).textContent)).toBe(
      "Solicitar viaje lo reserva para el mar, 6 de ene, 3:00 p.m.",
    );
    fireEvent.change(screen.getByLabelText("Destino"), { target: { value: "City Hall" } });
    fireEvent.click(screen.getByRole("button", { name: "Solicitar viaje" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ scheduledFor: Date.UTC(2026, 0, 6, 20, 0) });
    expect(await screen.findByText("Su viaje está reservado.")).toBeDefined();
  });

  it("lists the bookings under Próximos viajes with a Cancelar button each", async () => {
    upcoming = [booked("01BOOK1000000000000000000A", Date.UTC(2026, 0, 6, 14, 0), "City Hall")];
    await open("es");
    const list = await screen.findByRole("region", { name: "Próximos viajes" });
    await waitFor(() => expect(within(list).queryAllByRole("listitem")).toHaveLength(1));
    expect(spaced(within(list).getByRole("listitem").textContent)).toBe("mar, 6 de ene, 9:00 a.m.City HallCancelar");
    const cancel = within(list).getByRole("button", { name: /^Cancelar el viaje de mar, 6 de ene/ });
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Próximos viajes" })).toBeNull());
  });
});
