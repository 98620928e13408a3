/**
 * Places in a ride request, the rules the server and the rider's
 * screen share (lib/ride_request.ts, lib/place_names.ts): what a place
 * stands for, what the screen sends when one is chosen, and when typing
 * drops it; and how the destination field finds places.
 */
import { describe, expect, it } from "vitest";
import { findPlaces } from "../../lib/place_names.ts";
import type { Place } from "../../lib/places.ts";
import { checkRequest, placeDestination, placeParts, typedDestination } from "../../lib/ride_request.ts";
import { EN, ES } from "../helpers/translate.ts";

const STATION: Place = {
  id: "01PLACE0000000000000000001",
  name: "Greer Station",
  lat: 34.9375,
  lng: -82.2283,
  note: "Trade Street side",
};
const HALL: Place = { id: "01PLACE0000000000000000002", name: "City Hall", lat: 34.9386, lng: -82.2272, note: null };
const CAFE: Place = { id: "01PLACE0000000000000000003", name: "Café Central", lat: 34.94, lng: -82.226, note: null };
const GPS = { lat: 34.939, lng: -82.227 };

const draft = {
  driversOnline: 1,
  pickup: GPS,
  dropoff: null,
  destination: "",
  passengers: 2,
};

describe("placeParts", () => {
  it("gives a pickup place's point and label, a dropoff place's point and name", () => {
    expect(placeParts(STATION, HALL)).toEqual({
      pickup: { lat: 34.9375, lng: -82.2283 },
      pickupName: "Greer Station (Trade Street side)",
      dropoff: { lat: 34.9386, lng: -82.2272 },
      destination: "City Hall",
    });
    expect(placeParts(HALL, null)).toEqual({ pickup: { lat: 34.9386, lng: -82.2272 }, pickupName: "City Hall" });
    expect(placeParts(undefined, null)).toEqual({});
  });
});

describe("checkRequest with places", () => {
  it("sends a chosen destination place as its id alone, not its point or name", () => {
    const chosen = placeDestination(HALL);
    expect(checkRequest({ ...draft, ...chosen }, EN)).toEqual({
      ok: true,
      body: { pickup: GPS, dropoffPlaceId: HALL.id, passengerCt: 2 },
    });
  });

  it("sends a chosen pickup place as its id, in place of the GPS point", () => {
    expect(checkRequest({ ...draft, pickup: null, pickupPlace: STATION, destination: "Library" }, EN)).toEqual({
      ok: true,
      body: { pickupPlaceId: STATION.id, destination: "Library", passengerCt: 2 },
    });
    expect(checkRequest({ ...draft, pickupPlace: STATION, ...placeDestination(HALL) }, EN)).toEqual({
      ok: true,
      body: { pickupPlaceId: STATION.id, dropoffPlaceId: HALL.id, passengerCt: 2 },
    });
  });

  it("still checks drivers first and a destination, in the page's language", () => {
    expect(checkRequest({ ...draft, driversOnline: 0, ...placeDestination(HALL) }, EN)).toEqual({
      ok: false,
      error: "No drivers are currently available.",
    });
    expect(checkRequest({ ...draft, pickupPlace: STATION }, ES)).toEqual({
      ok: false,
      error: "Seleccione un destino en el mapa o escriba un destino.",
    });
  });

  it("keeps the request's body as before without places", () => {
    expect(checkRequest({ ...draft, destination: "Library", pickupPlace: null, dropoffPlace: null }, EN)).toEqual({
      ok: true,
      body: { pickup: GPS, destination: "Library", passengerCt: 2 },
    });
  });
});

describe("typedDestination with a place", () => {
  const chosen = placeDestination(CAFE);

  it("keeps the place while the field still holds its name", () => {
    expect(typedDestination("Café Central", chosen.dropoff, CAFE)).toEqual(chosen);
  });

  it("drops the place and its point for any other text, the placeholder included", () => {
    expect(typedDestination("Café Centra", chosen.dropoff, CAFE)).toEqual({
      destination: "Café Centra",
      dropoff: null,
    });
    expect(typedDestination("MAP LOCATION", chosen.dropoff, CAFE)).toEqual({
      destination: "MAP LOCATION",
      dropoff: null,
    });
    expect(typedDestination("", chosen.dropoff, CAFE)).toEqual({ destination: "", dropoff: null });
  });
});

describe("findPlaces", () => {
  const places = [STATION, HALL, CAFE, { ...HALL, id: "x", name: "Greer City Park" }];

  it("ignores case and accents", () => {
    expect(findPlaces(places, "cafe").map((p) => p.name)).toEqual(["Café Central"]);
    expect(findPlaces(places, "CAFÉ cen").map((p) => p.name)).toEqual(["Café Central"]);
  });

  it("ranks names starting with the text, then words, then any part, by name within each", () => {
    expect(findPlaces(places, "gre").map((p) => p.name)).toEqual(["Greer City Park", "Greer Station"]);
    expect(findPlaces(places, "c").map((p) => p.name)).toEqual(["Café Central", "City Hall", "Greer City Park"]);
    expect(findPlaces(places, "all").map((p) => p.name)).toEqual(["City Hall"]);
  });

  it("finds nothing for blank text", () => {
    expect(findPlaces(places, "   ")).toEqual([]);
  });
});
