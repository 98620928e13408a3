/** The standing rides page's fixtures: a rider, two named places and one Monday-Wednesday-Friday ride. */
import { json, type Route, signIn, stubApi } from "./signed_in.ts";

export const PLACES = [
  { id: "01PLACE0000000000000000001", name: "Greer Station", lat: 34.939, lng: -82.226, note: null },
  { id: "01PLACE0000000000000000002", name: "Dialysis Center", lat: 34.937, lng: -82.229, note: null },
];

export const MWF = {
  id: "01STANDING0000000000000001",
  tenant: "greer",
  riderId: "01USER0000000000000000000",
  createdBy: "01USER0000000000000000000",
  createdAt: 0,
  updatedAt: 0,
  trip: { pickupPlaceId: PLACES[0].id, dropoffPlaceId: PLACES[1].id, passengerCt: 1 },
  weekdays: [1, 3, 5],
  arriveBy: "09:00",
  startDate: "2026-01-05",
  endDate: null,
  skipDates: [],
  paused: false,
  nextDates: ["2026-01-07", "2026-01-09", "2026-01-12"],
  booked: {},
};

export const LIST = "GET /greer/api/rides/recurring";

export function setUpStanding(routes: Record<string, Route> = {}, rides: unknown[] = [MWF]) {
  signIn();
  return stubApi({
    roles: ["rider"],
    routes: {
      [LIST]: () => json({ standingRides: rides, maxStandingRides: 5 }),
      "GET /greer/api/places": () => json(PLACES),
      ...routes,
    },
  });
}
