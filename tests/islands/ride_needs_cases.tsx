/**
 * The needs and note controls on the screens, in a page's language: the profile's
 * needs, the driver's card (needs first, before Accept; the note), the
 * rider's needs and note beside Request Ride, and the driver's accessible
 * vehicle check. ride_needs.test.tsx and ride_needs_es.test.tsx run them in
 * English and in Spanish with the words of each.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RideItem } from "../../components/driver/RideItem.tsx";
import DriverScreen from "../../islands/DriverScreen.tsx";
import ProfileSettings from "../../islands/ProfileSettings.tsx";
import RiderScreen from "../../islands/RiderScreen.tsx";
import { driverActions } from "../../lib/driver_actions.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { resetMap } from "./fake_map.tsx";
import { restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { driver, DRIVER_ID, GREER, makeRide } from "./rides_fixtures.ts";
import { callsTo, json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

export interface NeedsWords {
  wheelchair: string;
  serviceAnimal: string;
  assistance: string;
  accessibilityNeeds: string;
  saved: string;
  needsForRide: string;
  noteForDriver: string;
  accept: string;
  requestRide: string;
  vehicle: string;
}

export function needsCases(lang: Lang, w: NeedsWords) {
  beforeEach(() => {
    resetSession();
    resetMap();
    spyLocation();
    stubSockets();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    restoreGeolocation();
  });

  describe(`Profile Settings: standing needs (${lang})`, () => {
    it("shows each need with its words, saves a ticked one at once and says so", async () => {
      const user = makeUser({ needs: [] });
      signIn(user);
      const fetchMock = stubApi({
        roles: ["rider"],
        routes: {
          "GET /api/users/profile": () => json({ user }),
          "PUT /api/users/profile": (init) => json({ user: { ...user, ...JSON.parse(String(init.body)) } }),
        },
      });
      render(inLanguage(lang, "ProfileSettings", <ProfileSettings tenant="greer" />));
      const group = await screen.findByRole("group", { name: w.accessibilityNeeds });
      const wheelchair = within(group).getByRole("checkbox", { name: w.wheelchair }) as HTMLInputElement;
      expect(wheelchair.checked).toBe(false);
      expect(within(group).getAllByRole("checkbox")).toHaveLength(4);
      fireEvent.click(wheelchair);
      expect(await within(group).findByText(w.saved)).toBeDefined();
      const [call] = callsTo(fetchMock, "PUT", "/api/users/profile");
      expect(JSON.parse(String(call[1]!.body))).toEqual({ needs: ["wheelchair"] });
      expect((within(group).getByRole("checkbox", { name: w.wheelchair }) as HTMLInputElement).checked).toBe(true);
    });
  });

  describe(`the driver's card (${lang})`, () => {
    it("shows the rider's needs first, with words, before Accept, and the note", () => {
      const ride: Ride = makeRide({ needs: ["wheelchair", "service-animal"], note: "blue door, ring twice" });
      render(
        inLanguage(
          lang,
          "DriverScreen",
          <ul>
            <RideItem
              ride={ride}
              actions={driverActions(ride, [ride], DRIVER_ID)}
              busy={false}
              error={null}
              onAction={() => {}}
            />
          </ul>,
        ),
      );
      const card = screen.getByRole("listitem", { name: "Ada Lovelace" });
      const needs = within(card).getByRole("list", { name: w.accessibilityNeeds });
      // First on the card: before the rider's name and before Accept.
      expect(card.firstElementChild).toBe(needs);
      expect([...needs.querySelectorAll("li")].map((li) => li.textContent)).toEqual([w.wheelchair, w.serviceAnimal]);
      const accept = within(card).getByRole("button", { name: w.accept });
      expect(needs.compareDocumentPosition(accept) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(card).getByText(w.noteForDriver).parentElement?.textContent).toBe(
        `${w.noteForDriver}blue door, ring twice`,
      );
    });

    it("shows no needs list and no note for a ride without them", () => {
      const ride = makeRide();
      render(
        inLanguage(
          lang,
          "DriverScreen",
          <ul>
            <RideItem
              ride={ride}
              actions={driverActions(ride, [ride], DRIVER_ID)}
              busy={false}
              error={null}
              onAction={() => {}}
            />
          </ul>,
        ),
      );
      expect(screen.queryByRole("list", { name: w.accessibilityNeeds })).toBeNull();
      expect(screen.queryByText(w.noteForDriver)).toBeNull();
    });
  });

  describe(`the rider's needs and note beside Request Ride (${lang})`, () => {
    async function open(standing: Ride["needs"]) {
      signIn(makeUser({ needs: standing }));
      const geo = stubGeolocation();
      let sent: Record<string, unknown> | null = null;
      const fetchMock = stubApi({
        roles: ["rider"],
        routes: {
          "GET /greer/api/drivers/available": () => json([driver("d1")]),
          "GET /greer/api/rides/my": () => json(null),
          "POST /greer/api/rides": (init) => {
            sent = JSON.parse(String(init.body));
            return json({ error: "stop here" }, 409);
          },
        },
      });
      render(inLanguage(lang, "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
      await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
      geo.fix(GREER.lat, GREER.lng);
      const options = await screen.findByRole("group", { name: w.needsForRide });
      return { options, fetchMock, sent: () => sent };
    }

    it("starts from the profile's needs and sends the ones chosen for this ride with the note", async () => {
      const { options, sent } = await open(["wheelchair"]);
      expect((within(options).getByRole("checkbox", { name: w.wheelchair }) as HTMLInputElement).checked).toBe(true);
      fireEvent.click(within(options).getByRole("checkbox", { name: w.assistance }));
      fireEvent.change(within(options).getByLabelText(w.noteForDriver), { target: { value: "blue door, ring twice" } });
      const destination = document.querySelector<HTMLInputElement>("input[id$='-destination']")!;
      fireEvent.change(destination, { target: { value: "City Hall" } });
      fireEvent.click(screen.getByRole("button", { name: w.requestRide }));
      await waitFor(() => expect(sent()).not.toBeNull());
      expect(sent()).toMatchObject({ needs: ["wheelchair", "assistance"], note: "blue door, ring twice" });
      expect(await screen.findByText("stop here")).toBeDefined();
    });

    it("leaves the needs to the server (the profile's) when the rider does not change them", async () => {
      const { sent } = await open(["service-animal"]);
      const destination = document.querySelector<HTMLInputElement>("input[id$='-destination']")!;
      fireEvent.change(destination, { target: { value: "City Hall" } });
      fireEvent.click(screen.getByRole("button", { name: w.requestRide }));
      await waitFor(() => expect(sent()).not.toBeNull());
      expect(sent()).not.toHaveProperty("needs");
      expect(sent()).not.toHaveProperty("note");
    });
  });

  describe(`the driver's vehicle (${lang})`, () => {
    it("asks it while offline, shows the remembered answer, sends a change at once and goes with going online", async () => {
      signIn(makeUser({ id: DRIVER_ID, tenants: [{ code: "greer", name: "City of Greer", roles: ["driver"] }] }));
      const geo = stubGeolocation();
      const fetchMock = stubApi({
        roles: ["driver"],
        routes: {
          "GET /greer/api/drivers/availability": () => json({ isAvailable: false, wheelchairAccessible: true }),
          "PUT /greer/api/drivers/availability": (init) => json({ ...JSON.parse(String(init.body)) }),
          "GET /greer/api/driver/rides": () => json([]),
        },
      });
      render(inLanguage(lang, "DriverScreen", <DriverScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
      await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
      geo.fix(GREER.lat, GREER.lng);
      const check = await screen.findByRole("checkbox", { name: w.vehicle }) as HTMLInputElement;
      await waitFor(() => expect(check.checked).toBe(true));
      fireEvent.click(check);
      await waitFor(() => expect(callsTo(fetchMock, "PUT", "/greer/api/drivers/availability")).toHaveLength(1));
      const puts = () => callsTo(fetchMock, "PUT", "/greer/api/drivers/availability");
      expect(JSON.parse(String(puts()[0][1]!.body))).toMatchObject({ isAvailable: false, wheelchairAccessible: false });
      await waitFor(() => expect(check.checked).toBe(false));
      // Going online sends the answer with it, and the question steps aside.
      fireEvent.click(screen.getByRole("switch"));
      await waitFor(() => expect(puts()).toHaveLength(2));
      expect(JSON.parse(String(puts()[1][1]!.body))).toMatchObject({ isAvailable: true, wheelchairAccessible: false });
      await waitFor(() => expect(screen.queryByRole("checkbox", { name: w.vehicle })).toBeNull());
    });
  });
}
