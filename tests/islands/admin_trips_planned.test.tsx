/**
 * Admin Trips with automatic dispatch, in English and Spanish: a planned ride shows its vehicle and its planned
 * against actual pickup and drop-off, a pending ride no vehicle took reads "Unassigned" (in place of "No driver
 * assigned", not beside it), a ride changed live names its vehicle, and a drivers-mode screen is as it was.
 */
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AdminTrips from "../../islands/AdminTrips.tsx";
import type { Ride } from "../../lib/rides.ts";
import { toTrip } from "../../lib/trips.ts";
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";
import { inLanguage } from "../helpers/in_language.tsx";

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {}
  push(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

/** 10:30 on Monday 5 January 2026 in Greer (America/New_York, UTC-5). */
const NOW = Date.UTC(2026, 0, 5, 15, 30);
const MIN = 60_000;
const at = (hour: number, minute: number) => Date.UTC(2026, 0, 5, 15 + hour - 10, minute);
const ZONE = "America/New_York";
const VANS = [{ id: "van-2", name: "Van 2", seats: 8, wheelchairSpaces: 1 }, {
  id: "van-7",
  name: "Van 7",
  seats: 8,
  wheelchairSpaces: 0,
}];

beforeEach(() => {
  resetSession();
  spyLocation();
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ride(id: string, overrides: Partial<Ride> = {}): Ride {
  return {
    id,
    tenant: "greer",
    creatorId: "rider-1",
    assignedDriverId: null,
    status: "pending",
    pickup: { lat: 1, lng: 2 },
    dropoff: null,
    destination: null,
    passengerCt: 1,
    requestedAt: at(10, 0),
    acceptedAt: null,
    onTheWayAt: null,
    arrivedAt: null,
    pickedUpAt: null,
    completedAt: null,
    canceledAt: null,
    noShowAt: null,
    riderName: "Ada Lovelace",
    riderPhone: "8645550142",
    riderPhotoUrl: null,
    driverName: null,
    driverPhone: null,
    updatedAt: NOW,
    ...overrides,
  };
}

const DONE = ride("01JDONE0000000000000000000", {
  status: "completed",
  destination: "City Hall",
  assignedDriverId: "driver-1",
  driverName: "Dee Driver",
  driverPhone: "8645550101",
  acceptedAt: at(10, 1),
  arrivedAt: at(10, 5),
  completedAt: at(10, 23),
  vehicleId: "van-2",
  pickupAt: at(10, 4),
  dropoffAt: at(10, 20),
});
const ABOARD = ride("01JRIDE0000000000000000000", {
  status: "arrived",
  destination: "Library Steps",
  assignedDriverId: "driver-1",
  driverName: "Dee Driver",
  driverPhone: "8645550101",
  acceptedAt: at(10, 2),
  arrivedAt: at(10, 10),
  vehicleId: "van-2",
  pickupAt: at(10, 9),
  dropoffAt: at(10, 41),
});
const UNTAKEN = ride("01JWAIT0000000000000000000", { riderName: "Ben Ortiz" });
const names = (id: string) => VANS.find((v) => v.id === id)?.name ?? null;

function setUp(automatic: boolean) {
  signIn();
  stubApi({
    roles: ["admin"],
    routes: {
      "GET /greer/api/admin/rides?limit=50": () => json([UNTAKEN, ABOARD, DONE].map((r) => toTrip(r, names))),
      "GET /greer/api/admin/rides/counts": () =>
        json({ total: 3, counts: { pending: 1, accepted: 1, completed: 1, canceled: 0, "no-show": 0, scheduled: 0 } }),
      "GET /greer/api/admin/vehicles": () => json(VANS),
    },
  });
  return render(inLanguage(lang, "AdminTrips", <AdminTrips tenant="greer" timeZone={ZONE} automatic={automatic} />));
}
let lang: "en" | "es" = "en";

const rows = () => screen.getAllByRole("row").slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((c) => c.textContent?.replace(/\s/g, " "));

describe.each([
  {
    lang: "en" as const,
    showing: "Showing 3 of 3 trips",
    unassigned: "Unassigned",
    noDriver: "No driver assigned",
    done: [
      "City Hall1 passengerVehicle: Van 2",
      "Requested30 minutes agoAccepted29 minutes agoCompleted7 minutes ago" +
      "PickupPlanned 10:04 AM Actual 10:05 AMDrop-offPlanned 10:20 AM Actual 10:23 AM",
    ],
    aboard: "PickupPlanned 10:09 AM Actual 10:10 AMDrop-offPlanned 10:41 AM Actual N/A",
    moved: "Vehicle: Van 7",
  },
  {
    lang: "es" as const,
    showing: "Mostrando 3 de 3 viajes",
    unassigned: "Sin asignar",
    noDriver: "Sin conductor asignado",
    done: [
      "City Hall1 pasajeroVehículo: Van 2",
      "Solicitadohace 30 minutosAceptadohace 29 minutosCompletadohace 7 minutos" +
      "RecogidaPrevisto 10:04 a.m. Real 10:05 a.m.DestinoPrevisto 10:20 a.m. Real 10:23 a.m.",
    ],
    aboard: "RecogidaPrevisto 10:09 a.m. Real 10:10 a.m.DestinoPrevisto 10:41 a.m. Real N/D",
    moved: "Vehículo: Van 7",
  },
])("AdminTrips with planned rides in $lang", (c) => {
  beforeEach(() => {
    lang = c.lang;
  });

  it("shows each planned ride's vehicle, planned and actual times, and Unassigned for a ride no vehicle took", async () => {
    setUp(true);
    expect(await screen.findByText(c.showing)).toBeDefined();
    const [untaken, aboard, done] = rows();
    expect(cells(untaken)[2]).toBe(c.unassigned);
    expect(within(untaken).queryByText(c.noDriver)).toBeNull();
    // A ride the dispatcher never planned has no vehicle line and no planned times.
    expect(cells(untaken)[0]).not.toContain(":");
    expect(cells(done)[0]).toBe(c.done[0]);
    expect(cells(done)[4]).toBe(c.done[1]);
    expect(cells(aboard)[4]).toContain(c.aboard);
  });

  it("names the vehicle of a ride planned while the screen is open", async () => {
    setUp(true);
    await screen.findByText(c.showing);
    const socket = FakeSocket.all.at(-1)!;
    act(() => socket.onopen?.());
    socket.push({
      type: "update",
      ride: { ...UNTAKEN, status: "accepted", assignedDriverId: "driver-2", vehicleId: "van-7", pickupAt: NOW + MIN },
    });
    expect(await screen.findByText(c.moved)).toBeDefined();
    expect(screen.queryByText(c.unassigned)).toBeNull();
  });

  it("keeps the drivers-mode words for a pending ride with no driver", async () => {
    setUp(false);
    await screen.findByText(c.showing);
    expect(cells(rows()[0])[2]).toBe(c.noDriver);
    expect(screen.queryByText(c.unassigned)).toBeNull();
  });
});
