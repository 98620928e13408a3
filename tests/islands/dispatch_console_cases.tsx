/**
 * The dispatcher's console in a page's language, on a fake server and socket: the vehicles with their drivers, seats
 * in use, next stop and lateness; the queue oldest first; the alerts, a new one announced; each action's call (assign,
 * move, pin, cancel with its required reason), one call however fast the clicks; a 409 naming a limit offering
 * "Assign anyway", sent again with override; a refusal in the page's language; the state read again after a socket
 * message; and the access guard sending a driver away. dispatch_console.test.tsx and dispatch_console_es.test.tsx run
 * them in English and in Spanish with the words of each.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DispatchConsole from "../../islands/DispatchConsole.tsx";
import { READ_AFTER_MS, READ_EVERY_MS } from "../../hooks/dispatch/use_dispatch_state.ts";
import type { FleetAlert, FleetState } from "../../lib/fleet_view.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { PlanStopView } from "../../lib/planned_rides.ts";
import type { Ride } from "../../lib/rides.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { mapProps, resetMap } from "./fake_map.tsx";
import { FakeSocket, stubSockets } from "./fake_wire.ts";
import { GREER, makeRide } from "./rides_fixtures.ts";
import { callsTo, json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

export interface ConsoleWords {
  title: string;
  /** Van 1's card: its driver, seats, next stop and lateness lines. */
  seats: string;
  nextStop: string;
  late: string;
  onTime: string;
  queueTitle: string;
  /** Ana's queued ride: its route, passengers and since when she waits. */
  route: string;
  passengers: string;
  waiting: RegExp;
  alertsTitle: string;
  lateAlert: string;
  silentAlert: string;
  announced: string;
  assignTo: string;
  assign: string;
  moveTo: string;
  move: string;
  pin: string;
  unpin: string;
  cancel: string;
  reason: string;
  reasonNeeded: string;
  assignAnyway: string;
  /** What the fake server answers a 409 with, in the page's language, as the real one does. */
  overLimit: string;
  limit: string;
  /** A 403 with no text of its own, worded by the console. */
  denied: string;
}

const ZONE = "America/New_York";
/** 9:00 in Greer, South Carolina. */
const NINE = Date.UTC(2026, 10, 27, 14, 0);
const at = (minutes: number) => NINE + minutes * 60_000;
const VAN = { id: "01VAN0000000000000000000AA", name: "Van 1", seats: 12, wheelchairSpaces: 2 };
const CAR = { id: "01CAR0000000000000000000AA", name: "Car 2", seats: 6, wheelchairSpaces: 0 };

const stop = (ride: Ride, kind: "pickup" | "dropoff", minutes: number, name: string | null): PlanStopView => ({
  rideId: ride.id,
  kind,
  point: kind === "pickup" ? ride.pickup : ride.dropoff!,
  name,
  passengerCt: ride.passengerCt,
  needs: ride.needs ?? [],
  plannedAt: at(minutes),
});

const flat = (text: string | null) => (text ?? "").replace(/\s/g, " ");

export function consoleCases(lang: Lang, w: ConsoleWords) {
  let state: FleetState;
  let ana: Ride, ben: Ride;

  beforeEach(() => {
    resetSession();
    resetMap();
    stubSockets();
    vi.useFakeTimers({ shouldAdvanceTime: true, now: at(10) });
    ana = makeRide({
      riderName: "Ana Ruiz",
      passengerCt: 2,
      pickupName: "Greer Station",
      destination: "City Hall",
      dropoff: { lat: 34.94, lng: -82.2255 },
      requestedAt: at(2),
    });
    ben = makeRide({
      riderName: "Ben Ortiz",
      status: "accepted",
      assignedDriverId: "driver-van",
      vehicleId: VAN.id,
      passengerCt: 1,
      pickupName: "Library Steps",
      destination: "Greer City Park",
      dropoff: { lat: 34.937, lng: -82.229 },
    });
    state = {
      vehicles: [
        {
          vehicle: CAR,
          driver: { id: "driver-car", name: "Cal Carter" },
          position: { lat: 34.939, lng: -82.226 },
          seatsInUse: 0,
          wheelchairsInUse: 0,
          stops: [],
        },
        {
          vehicle: VAN,
          driver: { id: "driver-van", name: "Dee Driver" },
          position: { lat: 34.938, lng: -82.227 },
          seatsInUse: 3,
          wheelchairsInUse: 0,
          stops: [stop(ben, "pickup", 14, "Library Steps"), stop(ben, "dropoff", 20, "Greer City Park")],
        },
      ],
      planned: [ben],
      queue: [ana],
      alerts: [{ kind: "late", vehicleId: VAN.id, driverId: "driver-van", rideId: ben.id, minutes: 6, since: at(5) }],
    };
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function open(routes: Record<string, (init: RequestInit) => Response> = {}, roles: ("dispatcher" | "driver")[] = [
    "dispatcher",
  ]) {
    spyLocation();
    signIn(makeUser({ tenants: [{ code: "greer", name: "City of Greer", roles }] }));
    const fetchMock = stubApi({
      roles,
      routes: { "GET /greer/api/dispatch/state": () => json(state), ...routes },
    });
    render(
      inLanguage(
        lang,
        "DispatchConsole",
        <DispatchConsole tenant="greer" area={GREER} mapStyleUrl={null} timeZone={ZONE} />,
      ),
    );
    return fetchMock;
  }

  const card = (name: string) => screen.getByText(name, { selector: "h3" }).closest("li")!;
  const queued = () => screen.getByRole("heading", { name: w.queueTitle }).closest("section")!;

  describe(`the dispatcher's console (${lang})`, () => {
    it("shows each vehicle with its driver, seats, next stop and lateness, the queue and the alerts", async () => {
      open();
      await screen.findByRole("heading", { level: 1, name: w.title });
      const van = await waitFor(() => card("Van 1"));
      expect(flat(van.textContent)).toContain("Dee Driver");
      expect(flat(van.textContent)).toContain(w.seats);
      expect(flat(van.textContent)).toContain(w.nextStop);
      expect(flat(van.textContent)).toContain(w.late);
      expect(flat(card("Car 2").textContent)).not.toContain(w.onTime);

      const queue = queued();
      expect(flat(queue.textContent)).toContain("Ana Ruiz");
      expect(flat(queue.textContent)).toContain(w.route);
      expect(flat(queue.textContent)).toContain(w.passengers);
      expect(flat(queue.textContent)).toMatch(w.waiting);

      const alerts = screen.getByRole("heading", { name: w.alertsTitle }).closest("section")!;
      expect(within(alerts).getAllByRole("listitem").map((li) => flat(li.textContent))).toEqual([w.lateAlert]);
      // The map: both vehicles, the van's two stops, Ana's pickup waiting.
      expect(mapProps().pins.map((p) => p.kind)).toEqual(["shuttle", "shuttle", "pickup", "destination", "ride"]);
      // The every-ride socket, as the admin trips screen opens it.
      await waitFor(() => expect(FakeSocket.all.map((s) => s.url)).toHaveLength(1));
      expect(FakeSocket.latest().url).toMatch(/\/greer\/ws\/drivers\?scope=all&ticket=ticket-1$/);
    });

    it("assigns a queued ride to the chosen vehicle with one call however fast the clicks", async () => {
      let answer: (r: Response) => void = () => {};
      const fetchMock = open({
        [`POST /greer/api/dispatch/rides/${ana.id}/assign`]: () => new Promise<Response>((r) => (answer = r)) as never,
      });
      await waitFor(() => card("Van 1"));
      const row = within(queued()).getByText("Ana Ruiz").closest("li")!;
      fireEvent.change(within(row).getByLabelText(w.assignTo), { target: { value: VAN.id } });
      const button = within(row).getByRole("button", { name: w.assign });
      fireEvent.click(button);
      fireEvent.click(button);
      await waitFor(() => expect(button).toHaveProperty("disabled", true));
      const calls = callsTo(fetchMock, "POST", `/greer/api/dispatch/rides/${ana.id}/assign`);
      expect(calls).toHaveLength(1);
      expect(JSON.parse(String(calls[0][1]?.body))).toEqual({ vehicleId: VAN.id, override: false });
      // The server places her: the console reads the state again and she leaves the queue.
      state = { ...state, queue: [] };
      const reads = callsTo(fetchMock, "GET", "/greer/api/dispatch/state").length;
      await act(async () => {
        answer(json({ ride: { ...ana, vehicleId: VAN.id } }));
        await Promise.resolve();
      });
      await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/dispatch/state").length).toBe(reads + 1));
      // She leaves the queue (its title counts one less).
      await waitFor(() => expect(screen.queryByText("Ana Ruiz", { selector: "strong" })).toBeNull());
    });

    it("shows a broken limit with its reason, and 'Assign anyway' sends the vehicle again with override", async () => {
      const sent: unknown[] = [];
      const fetchMock = open({
        [`POST /greer/api/dispatch/rides/${ben.id}/assign`]: (init) => {
          const body = JSON.parse(String(init.body));
          sent.push(body);
          return body.override
            ? json({ ride: { ...ben, vehicleId: CAR.id } })
            : json({ error: w.overLimit, limit: w.limit, limitCode: "wait" }, 409);
        },
      });
      const van = await waitFor(() => card("Van 1"));
      const row = within(van).getByText("Ben Ortiz").closest("li")!;
      // Only the other vehicle is offered for a move.
      expect(within(row).getAllByRole("option").map((o) => o.textContent)).toEqual(["Car 2"]);
      expect(within(row).getByLabelText(w.moveTo)).toBeTruthy();
      fireEvent.click(within(row).getByRole("button", { name: w.move }));
      const alert = await within(row).findByRole("alert");
      expect(flat(alert.textContent)).toContain(w.overLimit);
      expect(flat(alert.textContent)).toContain(w.limit);
      fireEvent.click(within(alert).getByRole("button", { name: w.assignAnyway }));
      await waitFor(() =>
        expect(sent).toEqual([{ vehicleId: CAR.id, override: false }, { vehicleId: CAR.id, override: true }])
      );
      await waitFor(() => expect(within(row).queryByRole("alert")).toBeNull());
      expect(callsTo(fetchMock, "POST", `/greer/api/dispatch/rides/${ben.id}/assign`)).toHaveLength(2);
    });

    it("offers no 'Assign anyway' for a limit no override lifts (the vehicle's seats)", async () => {
      open({
        [`POST /greer/api/dispatch/rides/${ben.id}/assign`]: () =>
          json({ error: w.overLimit, limit: w.limit, limitCode: "seats" }, 409),
      });
      const row = within(await waitFor(() => card("Van 1"))).getByText("Ben Ortiz").closest("li")!;
      fireEvent.click(within(row).getByRole("button", { name: w.move }));
      const alert = await within(row).findByRole("alert");
      expect(flat(alert.textContent)).toContain(w.limit);
      expect(within(alert).queryByRole("button", { name: w.assignAnyway })).toBeNull();
    });

    it("pins and unpins a planned ride", async () => {
      const fetchMock = open({
        [`PUT /greer/api/dispatch/rides/${ben.id}/pin`]: (init) => {
          const { pinned } = JSON.parse(String(init.body));
          ben = { ...ben, ...(pinned ? { pinned: true } : {}) };
          if (!pinned) delete ben.pinned;
          state = { ...state, planned: [ben] };
          return json({ ride: ben });
        },
      });
      const row = within(await waitFor(() => card("Van 1"))).getByText("Ben Ortiz").closest("li")!;
      fireEvent.click(within(row).getByRole("button", { name: w.pin }));
      const unpin = await within(card("Van 1")).findByRole("button", { name: w.unpin });
      expect(unpin.getAttribute("aria-pressed")).toBe("true");
      fireEvent.click(unpin);
      await within(card("Van 1")).findByRole("button", { name: w.pin });
      const calls = callsTo(fetchMock, "PUT", `/greer/api/dispatch/rides/${ben.id}/pin`);
      expect(calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ pinned: true }, { pinned: false }]);
    });

    it("cancels a ride only with a reason, and sends the reason", async () => {
      const fetchMock = open({
        [`POST /greer/api/dispatch/rides/${ana.id}/cancel`]: () => {
          state = { ...state, queue: [] };
          return json({ ride: { ...ana, status: "canceled" } });
        },
      });
      await waitFor(() => card("Van 1"));
      const row = within(queued()).getByText("Ana Ruiz").closest("li")!;
      fireEvent.click(within(row).getByRole("button", { name: w.cancel }));
      const form = row.querySelector("form")!;
      fireEvent.submit(form);
      expect(flat((await within(row).findByRole("alert")).textContent)).toBe(w.reasonNeeded);
      expect(callsTo(fetchMock, "POST", `/greer/api/dispatch/rides/${ana.id}/cancel`)).toHaveLength(0);
      fireEvent.change(within(row).getByLabelText(w.reason), { target: { value: "  Road closed  " } });
      fireEvent.click(within(form).getByRole("button", { name: w.cancel }));
      await waitFor(() =>
        expect(callsTo(fetchMock, "POST", `/greer/api/dispatch/rides/${ana.id}/cancel`)).toHaveLength(1)
      );
      const [, init] = callsTo(fetchMock, "POST", `/greer/api/dispatch/rides/${ana.id}/cancel`)[0];
      expect(JSON.parse(String(init?.body))).toEqual({ reason: "Road closed" });
      // She leaves the queue (its title counts one less).
      await waitFor(() => expect(screen.queryByText("Ana Ruiz", { selector: "strong" })).toBeNull());
    });

    it("says a refusal with no text of its own in the page's language", async () => {
      open({ [`PUT /greer/api/dispatch/rides/${ben.id}/pin`]: () => new Response("", { status: 403 }) });
      const row = within(await waitFor(() => card("Van 1"))).getByText("Ben Ortiz").closest("li")!;
      fireEvent.click(within(row).getByRole("button", { name: w.pin }));
      expect(flat((await within(row).findByRole("alert")).textContent)).toBe(w.denied);
    });

    it("reads the state again after the socket's messages, once per burst, and announces a new alert", async () => {
      const fetchMock = open();
      await waitFor(() => card("Van 1"));
      await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
      const socket = FakeSocket.latest();
      socket.accept();
      const reads = () => callsTo(fetchMock, "GET", "/greer/api/dispatch/state").length;
      await waitFor(() => expect(reads()).toBe(2)); // the first read, then the one on open
      const silent: FleetAlert = {
        kind: "silent",
        vehicleId: CAR.id,
        driverId: "driver-car",
        minutes: 3,
        since: at(7),
      };
      state = { ...state, alerts: [...state.alerts!, silent] };
      // A vehicle moved: one message, one read.
      socket.push({ type: "fleet" });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(READ_AFTER_MS + 50);
      });
      await waitFor(() => expect(reads()).toBe(3));
      // A burst (a plan re-timed moves several rides): one read for all of it.
      socket.push({ type: "update", ride: ben });
      socket.push({ type: "fleet" });
      socket.push({ type: "update", ride: ben });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(READ_AFTER_MS + 50);
      });
      await waitFor(() => expect(reads()).toBe(4));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(READ_AFTER_MS * 2);
      });
      expect(reads()).toBe(4);
      // Alerts grow with time: the state is read every 15 s however quiet the socket.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(READ_EVERY_MS);
      });
      await waitFor(() => expect(reads()).toBe(5));
      const status = await screen.findByText(w.announced);
      expect(status.getAttribute("aria-live")).toBe("polite");
      const alerts = screen.getByRole("heading", { name: w.alertsTitle }).closest("section")!;
      expect(within(alerts).getAllByRole("listitem").map((li) => flat(li.textContent))).toEqual([
        w.lateAlert,
        w.silentAlert,
      ]);
    });

    it("sends a driver, who may not dispatch, to the driver page", async () => {
      const fetchMock = open({}, ["driver"]);
      await waitFor(() => expect(location.replace).toHaveBeenCalledWith("/greer/driver"));
      expect(callsTo(fetchMock, "GET", "/greer/api/dispatch/state")).toHaveLength(0);
    });
  });
}
