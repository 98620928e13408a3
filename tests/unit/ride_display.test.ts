/**
 * The pure parts of the rider and driver screens: messages, colours, labels,
 * the request checks, the driver's buttons, list updates, map taps, the area's
 * geometry and the live client's rules.
 */
import { describe, expect, it } from "vitest";
import { areaBounds, areaPolygon, destinationPoint } from "../../components/map/area.ts";
import { mapClick } from "../../components/map/click.ts";
import { fromLocal, toLocal } from "../../components/map/StaticMap.tsx";
import { OFFLINE_STYLE, SPEC_ZOOM, ZOOM } from "../../components/map/styles.ts";
import type { Ride } from "../../lib/rides.ts";
import { EN, ES } from "../helpers/translate.ts";
import { distanceMeters, outsideAreaText } from "../../lib/geo.ts";
import { GEO_OPTIONS, locationErrorText } from "../../browser/geolocation.ts";
import { backoffDelay, liveUrl, parseLiveMessage } from "../../browser/live_client.ts";
import { driverActions } from "../../lib/driver_actions.ts";
import { waitClock } from "../../lib/no_show_wait.ts";
import { nextRiderRide, sortDriverRides, upsertDriverRide } from "../../lib/ride_lists.ts";
import { checkRequest, typedDestination } from "../../lib/ride_request.ts";
import {
  destinationText,
  MARKER_COLOURS,
  markerColour,
  onlineText,
  passengersText,
  riderMessage,
  statusLabel,
} from "../../lib/ride_texts.ts";
import { RIDE_STATUSES, type RideStatus } from "../../lib/rides.ts";

const AREA = { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" };
const ME = "driver-me";
const OTHER = "driver-other";

let n = 0;
function ride(status: RideStatus, overrides: Partial<Ride> = {}): Ride {
  n++;
  return {
    id: `ride-${n}`,
    tenant: "greer",
    creatorId: "rider-1",
    assignedDriverId: status === "pending" ? null : ME,
    status,
    pickup: { lat: AREA.lat, lng: AREA.lng },
    dropoff: null,
    destination: "Library",
    passengerCt: 1,
    requestedAt: 1_000_000 + n,
    acceptedAt: null,
    onTheWayAt: null,
    arrivedAt: null,
    pickedUpAt: null,
    completedAt: null,
    canceledAt: null,
    noShowAt: null,
    riderName: "Ada",
    riderPhone: "8645550123",
    riderPhotoUrl: null,
    driverName: null,
    driverPhone: null,
    updatedAt: 1_000_000 + n,
    ...overrides,
  };
}

describe("rider messages (spec section 4)", () => {
  it("says the spec's words for each status", () => {
    expect(riderMessage("pending", EN)).toBe("You have a pending ride request");
    expect(riderMessage("accepted", EN)).toBe("Your ride has been accepted by a driver!");
    expect(riderMessage("on-the-way", EN)).toBe("Your driver is on the way!");
    expect(riderMessage("arrived", EN)).toBe("Your driver has arrived!");
    expect(riderMessage("completed", EN)).toBe("Ride completed!");
    expect(riderMessage("canceled", EN)).toBe("Your ride has been canceled.");
    expect(riderMessage("no-show", EN)).toBe("Ride marked as no-show.");
    // A booking made.
    expect(riderMessage("scheduled", EN)).toBe("Your ride is booked.");
  });

  it("has a message for every status, picked-up included", () => {
    for (const status of RIDE_STATUSES) {
      expect(riderMessage(status, EN)).toBeTruthy();
      expect(riderMessage(status, ES)).not.toBe(riderMessage(status, EN));
    }
  });
});

describe("marker colours (spec section 4)", () => {
  it("follows the spec: pending yellow, accepted blue, on-the-way green, arrived violet, completed grey, canceled red, no-show black", () => {
    expect(Object.fromEntries(RIDE_STATUSES.filter((s) => s !== "picked-up").map((s) => [s, markerColour(s)])))
      .toEqual({
        pending: "yellow",
        accepted: "blue",
        "on-the-way": "green",
        arrived: "violet",
        completed: "grey",
        canceled: "red",
        "no-show": "black",
        // A booking is purple.
        scheduled: "purple",
      });
  });

  it("gives every status a distinct hex, except picked-up sharing arrived's", () => {
    const hexes = RIDE_STATUSES.filter((s) => s !== "picked-up").map((s) => MARKER_COLOURS[s].hex);
    expect(new Set(hexes).size).toBe(hexes.length);
    for (const hex of hexes) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(MARKER_COLOURS["picked-up"].hex).toBe(MARKER_COLOURS.arrived.hex);
  });
});

describe("labels and small texts", () => {
  it("labels statuses as the admin's trip badges do", () => {
    expect(RIDE_STATUSES.map((s) => statusLabel(s, EN))).toEqual([
      "Pending",
      "Accepted",
      "On the way",
      "Arrived",
      "Picked up",
      "Completed",
      "Canceled",
      "No Show",
      "Scheduled",
    ]);
  });

  it('reads "Loading..." before the first count, then "N online"', () => {
    expect(onlineText(null, EN)).toBe("Loading...");
    expect(onlineText(0, EN)).toBe("0 online");
    expect(onlineText(3, EN)).toBe("3 online");
  });

  it("reads the destination: its text, a dropped pin, or TBD", () => {
    expect(destinationText({ destination: "Library", dropoff: null }, EN)).toBe("Library");
    expect(destinationText({ destination: null, dropoff: { lat: 1, lng: 2 } }, EN)).toBe("Dropped pin");
    expect(destinationText({ destination: "MAP LOCATION", dropoff: { lat: 1, lng: 2 } }, EN)).toBe("Dropped pin");
    expect(destinationText({ destination: null, dropoff: null }, EN)).toBe("TBD");
  });

  it("says each in Spanish on a Spanish screen", () => {
    expect(RIDE_STATUSES.map((s) => statusLabel(s, ES))).toEqual([
      "Pendiente",
      "Aceptado",
      "En camino",
      "Llegó",
      "A bordo",
      "Completado",
      "Cancelado",
      "No se presentó",
      "Programado",
    ]);
    expect(onlineText(null, ES)).toBe("Cargando...");
    expect(onlineText(3, ES)).toBe("3 en línea");
    expect(destinationText({ destination: null, dropoff: { lat: 1, lng: 2 } }, ES)).toBe("Punto en el mapa");
    expect(destinationText({ destination: "Biblioteca", dropoff: null }, ES)).toBe("Biblioteca");
    expect(destinationText({ destination: null, dropoff: null }, ES)).toBe("Por definir");
    expect(passengersText(1, ES)).toBe("1 pasajero");
    expect(passengersText(4, ES)).toBe("4 pasajeros");
    expect(riderMessage("arrived", ES)).toBe("¡Su conductor llegó!");
  });

  it("counts passengers", () => {
    expect(passengersText(1, EN)).toBe("1 passenger");
    expect(passengersText(4, EN)).toBe("4 passengers");
  });
});

describe("checkRequest (spec section 5)", () => {
  const base = {
    driversOnline: 2,
    pickup: { lat: 34.9, lng: -82.2 },
    dropoff: null,
    destination: "Library",
    passengers: 2,
  };

  it("checks drivers, then location, then destination, in that order", () => {
    expect(checkRequest({ ...base, driversOnline: 0, pickup: null, destination: "" }, EN)).toEqual({
      ok: false,
      error: "No drivers are currently available.",
    });
    expect(checkRequest({ ...base, driversOnline: null }, EN)).toMatchObject({ ok: false });
    expect(checkRequest({ ...base, pickup: null, destination: "" }, EN)).toEqual({
      ok: false,
      error: "Location not available.",
    });
    expect(checkRequest({ ...base, destination: "   " }, EN)).toEqual({
      ok: false,
      error: "Please select a destination on the map or enter a destination.",
    });
  });

  it("does not count the placeholder text as a destination", () => {
    expect(checkRequest({ ...base, destination: "MAP LOCATION" }, EN)).toMatchObject({ ok: false });
  });

  it("sends the map point without the placeholder, or the trimmed text", () => {
    expect(checkRequest({ ...base, dropoff: { lat: 1, lng: 2 }, destination: "MAP LOCATION" }, EN)).toEqual({
      ok: true,
      body: { pickup: base.pickup, dropoff: { lat: 1, lng: 2 }, passengerCt: 2 },
    });
    expect(checkRequest({ ...base, destination: "  Library " }, EN)).toEqual({
      ok: true,
      body: { pickup: base.pickup, destination: "Library", passengerCt: 2 },
    });
  });

  it("keeps passengers within 1 to 5", () => {
    const count = (passengers: number) => {
      const check = checkRequest({ ...base, passengers }, EN);
      return check.ok ? check.body.passengerCt : null;
    };
    expect([0, 1, 5, 6, Number.NaN].map(count)).toEqual([1, 1, 5, 5, 1]);
  });
});

describe("typedDestination (spec section 5)", () => {
  const point = { lat: 1, lng: 2 };
  it('clears the map dropoff for any text other than "MAP LOCATION"', () => {
    expect(typedDestination("MAP LOCATION", point)).toEqual({ destination: "MAP LOCATION", dropoff: point });
    expect(typedDestination("MAP LOCATIO", point)).toEqual({ destination: "MAP LOCATIO", dropoff: null });
    expect(typedDestination("", point)).toEqual({ destination: "", dropoff: null });
  });
});

describe("driverActions (spec section 4, transition table)", () => {
  const labels = (r: Ride, list: Ride[] = [r], me = ME) =>
    driverActions(r, list, me).map((a) => [a.label, a.to, a.disabledReason ?? null]);

  it("offers each status its moves, and cancel until the ride ends", () => {
    expect(labels(ride("pending"))).toEqual([["Accept", "accepted", null], ["Cancel", "canceled", null]]);
    expect(labels(ride("accepted"))).toEqual([["On my way", "on-the-way", null], ["Cancel", "canceled", null]]);
    expect(labels(ride("on-the-way", { reachedPickupAt: 0, noShowFrom: 1 }))).toEqual([
      ["Picked up", "arrived", null],
      ["No-show", "no-show", null],
      ["Cancel", "canceled", null],
    ]);
    expect(labels(ride("arrived"))).toEqual([["Complete", "completed", null], ["Cancel", "canceled", null]]);
    expect(labels(ride("picked-up"))).toEqual([["Complete", "completed", null], ["Cancel", "canceled", null]]);
    for (const status of ["completed", "canceled", "no-show"] as const) expect(labels(ride(status))).toEqual([]);
  });

  it("offers nothing on another driver's ride", () => {
    expect(labels(ride("accepted", { assignedDriverId: OTHER }))).toEqual([]);
  });

  it("disables the start while another of this driver's rides is on-the-way or arrived", () => {
    const waiting = ride("accepted");
    for (const busy of ["on-the-way", "arrived"] as const) {
      expect(labels(waiting, [waiting, ride(busy)])).toEqual([
        ["On my way", "on-the-way", "Another ride is already in progress"],
        ["Cancel", "canceled", null],
      ]);
    }
    // Someone else's ride in progress, or one of ours only accepted, does not block.
    expect(labels(waiting, [waiting, ride("on-the-way", { assignedDriverId: OTHER }), ride("accepted")])[0])
      .toEqual(["On my way", "on-the-way", null]);
  });

  it("holds No-show until the driver has waited at the pickup, counting down the wait", () => {
    const now = Date.UTC(2026, 0, 5, 15, 0, 0);
    const noShow = (r: Ride, at: number) => driverActions(r, [r], ME, at).find((a) => a.to === "no-show");
    // Not at the pickup yet: shown, disabled, with the reason under the buttons.
    expect(noShow(ride("on-the-way"), now)).toMatchObject({
      label: "No-show",
      disabledReason: "No-show opens after waiting at the pickup.",
    });
    const there = ride("on-the-way", { reachedPickupAt: now, noShowFrom: now + 180_000 });
    expect(noShow(there, now + 19_000)).toMatchObject({ label: "No-show", waitLeftMs: 161_000 });
    expect(noShow(there, now + 19_000)?.disabledReason).toBeUndefined();
    expect(waitClock(161_000)).toBe("2:41");
    expect(waitClock(4_001)).toBe("0:05");
    expect(noShow(there, now + 180_000)).toEqual({ to: "no-show", label: "No-show", tone: "danger" });
  });

  it("marks cancel and no-show as the danger moves", () => {
    expect(driverActions(ride("on-the-way"), [], ME).map((a) => a.tone)).toEqual(["primary", "danger", "danger"]);
  });
});

describe("upsertDriverRide and sortDriverRides", () => {
  it("adds pending rides and this driver's, drops others' and ended ones, in the spec's order", () => {
    const a = ride("pending", { requestedAt: 10 });
    const b = ride("pending", { requestedAt: 20 });
    let list = upsertDriverRide([], a, ME);
    list = upsertDriverRide(list, b, ME);
    expect(list.map((r) => r.id)).toEqual([b.id, a.id]);
    list = upsertDriverRide(list, { ...a, status: "accepted", assignedDriverId: ME, updatedAt: a.updatedAt + 1 }, ME);
    expect(list.map((r) => [r.id, r.status])).toEqual([[a.id, "accepted"], [b.id, "pending"]]);
    list = upsertDriverRide(
      list,
      { ...b, status: "accepted", assignedDriverId: OTHER, updatedAt: b.updatedAt + 1 },
      ME,
    );
    expect(list.map((r) => r.id)).toEqual([a.id]);
    list = upsertDriverRide(list, { ...a, status: "completed", updatedAt: a.updatedAt + 2 }, ME);
    expect(list).toEqual([]);
  });

  it("ignores a message older than the copy held", () => {
    const a = ride("accepted", { updatedAt: 50 });
    const list = upsertDriverRide([a], { ...a, status: "pending", assignedDriverId: null, updatedAt: 40 }, ME);
    expect(list).toEqual([a]);
  });

  it("sorts a fetched list: arrived, picked-up, on-the-way, accepted, pending, then newest first", () => {
    const list = [
      ride("pending", { requestedAt: 1 }),
      ride("accepted", { requestedAt: 2 }),
      ride("pending", { requestedAt: 3 }),
      ride("arrived", { requestedAt: 0 }),
      ride("picked-up", { requestedAt: 0 }),
      ride("on-the-way", { requestedAt: 0 }),
      ride("completed", { requestedAt: 9 }),
    ];
    expect(sortDriverRides(list).map((r) => [r.status, r.requestedAt])).toEqual([
      ["arrived", 0],
      ["picked-up", 0],
      ["on-the-way", 0],
      ["accepted", 2],
      ["pending", 3],
      ["pending", 1],
    ]);
  });
});

describe("nextRiderRide", () => {
  it("takes a newer copy of the ride and keeps the held one over an older copy", () => {
    const held = ride("accepted", { updatedAt: 100 });
    expect(nextRiderRide(held, { ...held, status: "on-the-way", updatedAt: 200 })?.status).toBe("on-the-way");
    expect(nextRiderRide(held, { ...held, status: "pending", updatedAt: 50 })).toBe(held);
    expect(nextRiderRide(null, held)).toBe(held);
  });
});

describe("mapClick (spec section 5)", () => {
  const inside = { lat: 34.94, lng: -82.2255 };
  const outside = { lat: 34.953, lng: -82.2271 };

  it("sets the destination inside the area, or the pickup while picking", () => {
    expect(mapClick({ point: inside, area: AREA, rideActive: false, picking: false })).toEqual({
      kind: "destination",
      point: inside,
    });
    expect(mapClick({ point: inside, area: AREA, rideActive: false, picking: true })).toEqual({
      kind: "pickup",
      point: inside,
    });
  });

  it("refuses a point outside the area with the spec's alert", () => {
    for (const picking of [false, true]) {
      expect(mapClick({ point: outside, area: AREA, rideActive: false, picking })).toEqual({ kind: "outside" });
    }
    // The screen shows the alert for it (components/rider/use_ride_form.ts).
    expect(outsideAreaText(AREA, EN)).toBe(
      "Sorry, that location is outside our service area. Please select a location within 1 mile of downtown Greer.",
    );
  });

  it("names the tenant's own area and radius", () => {
    const area = { lat: 40, lng: -75, radiusMeters: 3000, label: "the campus" };
    expect(mapClick({ point: { lat: 41, lng: -75 }, area, rideActive: false, picking: false })).toEqual({
      kind: "outside",
    });
    expect(outsideAreaText(area, EN)).toContain("within 2 miles of the campus.");
    expect(outsideAreaText({ ...area, radiusMeters: 1000 }, EN)).toContain("within 1 mile of the campus.");
    expect(outsideAreaText(area, ES)).toBe(
      "Lo sentimos, ese lugar está fuera de nuestra zona de servicio. Seleccione un lugar a menos de 2 millas de the campus.",
    );
    expect(outsideAreaText({ ...area, radiusMeters: 1000 }, ES)).toContain("a menos de 1 milla de the campus.");
  });

  it("ignores every tap while a ride is active", () => {
    for (const point of [inside, outside]) {
      for (const picking of [false, true]) {
        expect(mapClick({ point, area: AREA, rideActive: true, picking })).toEqual({ kind: "ignored" });
      }
    }
  });

  it("takes the edge of the circle as inside", () => {
    const [lng, lat] = destinationPoint(AREA, 804, 45);
    expect(mapClick({ point: { lat, lng }, area: AREA, rideActive: false, picking: false }).kind).toBe("destination");
    const [lng2, lat2] = destinationPoint(AREA, 806, 45);
    expect(mapClick({ point: { lat: lat2, lng: lng2 }, area: AREA, rideActive: false, picking: false }).kind).toBe(
      "outside",
    );
  });
});

describe("the area's geometry", () => {
  it("draws the circle as a closed ring of points at the radius", () => {
    const ring = areaPolygon(AREA, 64).geometry.coordinates[0];
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const [lng, lat] of ring) expect(distanceMeters(AREA, { lat, lng })).toBeCloseTo(805, 0);
  });

  it("bounds the map a few radii around the centre", () => {
    const [west, south, east, north] = areaBounds(AREA, 3);
    expect(distanceMeters(AREA, { lat: north, lng: AREA.lng })).toBeCloseTo(2415, 0);
    expect(distanceMeters(AREA, { lat: AREA.lat, lng: east })).toBeCloseTo(2415, 0);
    expect(south).toBeLessThan(AREA.lat);
    expect(west).toBeLessThan(AREA.lng);
  });

  it("projects the static map both ways", () => {
    const point = { lat: 34.9412, lng: -82.2301 };
    const { x, y } = toLocal(AREA, point);
    expect(Math.hypot(x, y)).toBeCloseTo(distanceMeters(AREA, point), -1);
    const back = fromLocal(AREA, x, y);
    expect(back.lat).toBeCloseTo(point.lat, 9);
    expect(back.lng).toBeCloseTo(point.lng, 9);
  });

  it("zooms the spec's 15 to 18 (start 16) of 256 px tiles: MapLibre's 14 to 17 (start 15)", () => {
    expect(SPEC_ZOOM).toEqual({ min: 15, max: 18, start: 16 });
    expect(ZOOM).toEqual({ min: 14, max: 17, start: 15 });
    // Same scale: metres per CSS pixel at Greer, Leaflet's formula at the spec's zoom, MapLibre's at ours.
    const cos = Math.cos((AREA.lat * Math.PI) / 180);
    expect((78271.517 * cos) / 2 ** ZOOM.start).toBeCloseTo((156543.034 * cos) / 2 ** SPEC_ZOOM.start, 6);
  });

  it("has a built-in style that fetches nothing", () => {
    expect(OFFLINE_STYLE.sources).toEqual({});
    expect(OFFLINE_STYLE.layers.map((l) => l.type)).toEqual(["background"]);
    expect(JSON.stringify(OFFLINE_STYLE)).not.toMatch(/glyphs|sprite|https?:/);
  });
});

describe("geolocation (spec sections 8, 9)", () => {
  it("asks with high accuracy, a 15 s maximum age and a 27 s timeout", () => {
    expect(GEO_OPTIONS).toEqual({ enableHighAccuracy: true, maximumAge: 15000, timeout: 27000 });
  });

  it("reads \"Error getting location: ...\" with the browser's message, or the code's meaning", () => {
    expect(locationErrorText({ code: 1, message: "User denied Geolocation" }, EN)).toBe(
      "Error getting location: User denied Geolocation",
    );
    expect(locationErrorText({ code: 3, message: "" }, EN)).toBe("Error getting location: timed out");
  });

  it("says the code's meaning in Spanish, since the browser's message is in the browser's language", () => {
    expect(locationErrorText({ code: 1, message: "User denied Geolocation" }, ES)).toBe(
      "Error al obtener la ubicación: permiso denegado",
    );
    expect(locationErrorText({ code: 9, message: "" }, ES)).toBe("Error al obtener la ubicación: error desconocido");
  });
});

describe("live client rules", () => {
  it("builds the socket URL with the token in the query string", () => {
    expect(liveUrl("greer", "riders", "a.b+c", { protocol: "http:", host: "localhost:8000" })).toBe(
      "ws://localhost:8000/greer/ws/riders?token=a.b%2Bc",
    );
    expect(liveUrl("greer", "drivers", "t", { protocol: "https:", host: "rides.example.org" })).toBe(
      "wss://rides.example.org/greer/ws/drivers?token=t",
    );
  });

  it("backs off with full jitter: random(0, min(30 s, 1 s · 2^attempt))", () => {
    const top = () => 1 - Number.EPSILON;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((a) => Math.round(backoffDelay(a, top)))).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      30000,
      30000,
      30000,
    ]);
    expect(backoffDelay(3, () => 0.5)).toBe(4000);
    expect(backoffDelay(0, () => 0)).toBe(0);
  });

  it("reads the server's messages and ignores anything else", () => {
    const r = ride("pending");
    expect(parseLiveMessage(JSON.stringify({ type: "new", ride: r }))).toEqual({ type: "new", ride: r });
    expect(parseLiveMessage(JSON.stringify({ type: "driver-updates", drivers: [] }))).toEqual({
      type: "driver-updates",
      drivers: [],
    });
    // The fleet moved (scope=all sockets): the dispatcher's console reads its state again.
    expect(parseLiveMessage('{"type":"fleet"}')).toEqual({ type: "fleet" });
    expect(parseLiveMessage('{"type":"pong"}')).toBeNull();
    expect(parseLiveMessage("not json")).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: "update" }))).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});
