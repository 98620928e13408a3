/**
 * The booking form on the dispatcher's console, in English and in Spanish: "Book a ride" in the console's header
 * opens it (with the console's own texts, so a Spanish page says it all in Spanish), and a booking reads the fleet's
 * state again at once, so the caller's ride is in the queue without waiting for the socket.
 */
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DispatchConsole from "../../islands/DispatchConsole.tsx";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { resetMap } from "./fake_map.tsx";
import { stubSockets } from "./fake_wire.ts";
import { GREER, makeRide, PLACES } from "./rides_fixtures.ts";
import { callsTo, json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

const WORDS = {
  en: {
    book: "Book a ride",
    title: "Book a ride for a caller",
    phone: "Caller's phone number",
    pickup: "Pickup place",
    submit: "Book Ride",
    queue: (n: number) => `Waiting for a vehicle (${n})`,
  },
  es: {
    book: "Reservar un viaje",
    title: "Reservar un viaje para quien llama",
    phone: "Teléfono de quien llama",
    pickup: "Lugar de recogida",
    submit: "Reservar viaje",
    queue: (n: number) => `Esperando un vehículo (${n})`,
  },
} as const;

for (const lang of ["en", "es"] as Lang[]) {
  const w = WORDS[lang as keyof typeof WORDS];
  describe(`the console's booking form (${lang})`, () => {
    let queue: Ride[];
    beforeEach(() => {
      resetSession();
      resetMap();
      stubSockets();
      spyLocation();
      queue = [];
    });
    afterEach(() => {
      cleanup();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it("opens from the header, books, and shows the caller's ride in the queue at once", async () => {
      signIn(makeUser({ tenants: [{ code: "greer", name: "City of Greer", roles: ["dispatcher"] }] }));
      const fetchMock = stubApi({
        roles: ["dispatcher"],
        routes: {
          "GET /greer/api/dispatch/state": () => json({ vehicles: [], planned: [], queue, alerts: [] }),
          "GET /greer/api/places": () => json(PLACES),
          "GET /greer/api/rides/upcoming": () =>
            json({ rides: [], booking: { timezone: "America/New_York", maxDaysAhead: 7, schedule: {} } }),
          "POST /greer/api/dispatch/bookings": (init) => {
            const body = JSON.parse(String(init.body));
            const ride = makeRide({ riderName: "Rosa Diaz", riderPhone: body.phoneNumber, pickupName: "City Hall" });
            queue = [ride];
            return json({ ride, rider: { id: ride.creatorId, phoneNumber: body.phoneNumber, name: "Rosa Diaz" } }, 201);
          },
        },
      });
      render(
        inLanguage(
          lang,
          "DispatchConsole",
          <DispatchConsole tenant="greer" area={GREER} mapStyleUrl={null} timeZone="America/New_York" />,
        ),
      );
      const open = await screen.findByRole("button", { name: w.book });
      expect(screen.queryByRole("region", { name: w.title })).toBeNull();
      expect(open.getAttribute("aria-expanded")).toBe("false");
      fireEvent.click(open);
      expect(open.getAttribute("aria-expanded")).toBe("true");
      const panel = screen.getByRole("region", { name: w.title });
      await screen.findByRole("heading", { name: w.queue(0) });
      const reads = callsTo(fetchMock, "GET", "/greer/api/dispatch/state").length;

      fireEvent.change(within(panel).getByLabelText(w.phone), { target: { value: "8645550199" } });
      const pickup = await within(panel).findByRole("combobox", { name: w.pickup });
      fireEvent.change(pickup, { target: { value: "hall" } });
      fireEvent.click(within(panel).getByRole("option", { name: /City Hall/ }));
      fireEvent.click(within(panel).getByRole("button", { name: w.submit }));

      await screen.findByRole("heading", { name: w.queue(1) });
      expect(callsTo(fetchMock, "GET", "/greer/api/dispatch/state").length).toBeGreaterThan(reads);
      const queued = screen.getByRole("heading", { name: w.queue(1) }).closest("section")!;
      expect(queued.textContent).toContain("Rosa Diaz");
    });
  });
}
