/** Admin Trips (spec section 2 "Admin Trips", section 8 Trips) in happy-dom, with a fake socket. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AdminTrips, { DELETE_CONFIRM } from "../../islands/AdminTrips.tsx";
import type { Ride } from "../../lib/rides.ts";
import { getToken } from "../../browser/auth_client.ts";
import { toTrip } from "../../lib/trips.ts";
import { callsTo, json, resetSession, type Route, signIn, spyLocation, stubApi } from "./signed_in.ts";
import { inLanguage } from "../helpers/in_language.tsx";

/** A WebSocket stand-in: records instances; the test opens it and pushes messages. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.());
  }
  push(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  drop(code: number) {
    act(() => this.onclose?.({ code }));
  }
}

let loc: ReturnType<typeof spyLocation>;
beforeEach(() => {
  resetSession();
  loc = spyLocation();
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const NOW = Date.now();
const MIN = 60_000;

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
    requestedAt: NOW - 5 * MIN,
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
  passengerCt: 3,
  assignedDriverId: "driver-1",
  driverName: "Dee Driver",
  driverPhone: "8645550101",
  requestedAt: NOW - 3 * 3600_000,
  acceptedAt: NOW - 2 * 3600_000,
  completedAt: NOW - 30 * MIN,
});
const WAITING = ride("01JWAIT0000000000000000000", { riderName: null, riderPhone: "18645550199" });
const COUNTS = {
  total: 7,
  counts: { pending: 1, accepted: 2, completed: 3, canceled: 1, "no-show": 0, scheduled: 0 },
};

const LIST = "GET /greer/api/admin/rides?limit=50";
const COUNTS_PATH = "GET /greer/api/admin/rides/counts";

function setUp(routes: Record<string, Route> = {}, roles: ("admin" | "super" | "rider")[] = ["admin"]) {
  signIn();
  return stubApi({
    roles,
    routes: {
      [LIST]: () => json([WAITING, DONE].map((ride) => toTrip(ride))),
      [COUNTS_PATH]: () => json(COUNTS),
      ...routes,
    },
  });
}

const rows = () => screen.getAllByRole("row").slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((c) => c.textContent);

describe("AdminTrips", () => {
  it("shows the admin guard's texts before the list", async () => {
    signIn();
    stubApi({ roles: ["rider"] });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeDefined();
    expect(loc.replace).toHaveBeenCalledWith("/greer/rider");
    cleanup();
    resetSession();
    stubApi({ roles: ["admin"] });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeDefined();
  });

  it("shows Loading trips... then the spec's columns, counts and tiles", async () => {
    let answer!: (res: Response) => void;
    setUp({ [LIST]: () => new Promise<Response>((r) => answer = r) });
    const { container } = render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    expect(await screen.findByText("Loading trips...")).toBeDefined();
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    expect(screen.getByText("Loading trips...")).toBeDefined();
    answer(json([WAITING, DONE].map((ride) => toTrip(ride))));
    expect(await screen.findByText("Showing 2 of 7 trips")).toBeDefined();

    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Trip Details",
      "Rider",
      "Driver",
      "Status",
      "Timeline",
      "Actions",
    ]);
    const [first, second] = rows();
    expect(cells(first)).toEqual([
      "Trip 01JWAIT01 passenger",
      "+1 (864) 555-0199",
      "No driver assigned",
      "Pending",
      "Requested5 minutes agoAcceptedN/ACompletedN/A",
      "",
    ]);
    expect(cells(second)).toEqual([
      "City Hall3 passengers",
      "Ada Lovelace(864) 555-0142",
      "Dee Driver(864) 555-0101",
      "Completed",
      "Requested3 hours agoAccepted2 hours agoCompleted30 minutes ago",
      "",
    ]);
    expect(first.querySelector(".status-badge")?.className).toBe("status-badge status-badge--pending");
    expect(second.querySelector(".status-badge")?.className).toBe("status-badge status-badge--completed");
    expect(within(first).getByRole("button", { name: "Delete trip Trip 01JWAIT0" })).toBeDefined();

    const tiles = [...container.querySelectorAll(".stat-tile")].map((t) => t.textContent);
    expect(tiles).toEqual(["1Pending", "2Accepted", "3Completed", "1Canceled", "0No Show", "0Scheduled"]);
    expect(screen.getByRole("button", { name: "Refresh" })).toBeDefined();
    const options = [...(screen.getByLabelText("Status") as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(["All Trips", "Pending", "Accepted", "Completed", "Canceled", "No Show", "Scheduled"]);
  });

  it("shows bookings ahead as Scheduled in purple, with a tile that filters them", async () => {
    const booked = ride("01JBOOK000000000000000000", { status: "scheduled", scheduledFor: NOW + 3600_000 });
    const fetchMock = setUp({
      [COUNTS_PATH]: () => json({ total: 8, counts: { ...COUNTS.counts, scheduled: 1 } }),
      "GET /greer/api/admin/rides?limit=50&status=scheduled": () => json([toTrip(booked)]),
    });
    const { container } = render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 8 trips");
    expect(container.querySelector(".stat-tile--scheduled")?.textContent).toBe("1Scheduled");
    fireEvent.click(screen.getByRole("button", { name: "1 Scheduled" }));
    expect(await screen.findByText("Showing 1 of 8 trips")).toBeDefined();
    expect(callsTo(fetchMock, "GET", "/greer/api/admin/rides?limit=50&status=scheduled")).toHaveLength(1);
    const badge = rows()[0].querySelector(".status-badge")!;
    expect(`${badge.textContent}:${badge.className}`).toBe("Scheduled:status-badge status-badge--scheduled");
  });

  it("shows the stages under way as accepted, in its blue, with their own words", async () => {
    setUp({
      [LIST]: () =>
        json([
          ride("01JA", { status: "on-the-way" }),
          ride("01JB", { status: "arrived" }),
          ride("01JC", { status: "picked-up" }),
          ride("01JD", { status: "no-show" }),
          ride("01JE", { status: "canceled" }),
        ].map((ride) => toTrip(ride))),
    });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 5 of 7 trips");
    const badges = rows().map((r) => {
      const badge = r.querySelector(".status-badge")!;
      return `${badge.textContent}:${badge.className.replace("status-badge status-badge--", "")}`;
    });
    expect(badges).toEqual([
      "On the way:accepted",
      "Arrived:accepted",
      "Picked up:accepted",
      "No Show:no-show",
      "Canceled:canceled",
    ]);
  });

  it("filters by status through the server, with the spec's empty texts", async () => {
    const fetchMock = setUp({
      "GET /greer/api/admin/rides?limit=50&status=no-show": () => json([]),
      "GET /greer/api/admin/rides?limit=50&status=completed": () => json([toTrip(DONE)]),
    });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "completed" } });
    expect(await screen.findByText("Showing 1 of 7 trips")).toBeDefined();
    expect(rows()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "no-show" } });
    expect(await screen.findByText("No trips with status no-show found.")).toBeDefined();
    // A tile filters too, and pressing it again shows every trip.
    fireEvent.click(screen.getByRole("button", { name: "3 Completed" }));
    await screen.findByText("Showing 1 of 7 trips");
    expect(screen.getByRole("button", { name: "3 Completed" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "3 Completed" }));
    await screen.findByText("Showing 2 of 7 trips");
    expect(callsTo(fetchMock, "GET", "/greer/api/admin/rides?limit=50&status=completed")).toHaveLength(2);
  });

  it("says No trips found. when there are none", async () => {
    setUp({ [LIST]: () => json([]), [COUNTS_PATH]: () => json({ ...COUNTS, total: 0 }) });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    expect(await screen.findByText("No trips found.")).toBeDefined();
  });

  it("pages in older trips with the cursor, and reads again on Refresh", async () => {
    const older = ride("01JAAA0000000000000000000", { destination: "Library" });
    const fetchMock = setUp({
      [LIST]: () =>
        new Response(JSON.stringify([WAITING, DONE].map((ride) => toTrip(ride))), {
          headers: { "x-next-cursor": "c1" },
        }),
      "GET /greer/api/admin/rides?limit=50&cursor=c1": () => json([toTrip(older)]),
    });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    fireEvent.click(screen.getByRole("button", { name: "Load more trips" }));
    expect(await screen.findByText("Showing 3 of 7 trips")).toBeDefined();
    expect(rows().map((r) => r.querySelector(".cell__main")?.textContent)).toEqual([
      "Trip 01JWAIT0",
      "City Hall",
      "Library",
    ]);
    expect(screen.queryByRole("button", { name: "Load more trips" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/admin/rides?limit=50")).toHaveLength(2));
    expect(callsTo(fetchMock, "GET", "/greer/api/admin/rides/counts")).toHaveLength(2);
    const call = callsTo(fetchMock, "GET", "/greer/api/admin/rides?limit=50")[0];
    expect(new Headers(call[1]?.headers).get("authorization")).toBe("Bearer token-abc");
  });

  it("deletes a trip after the spec's confirmation, and not without it", async () => {
    const fetchMock = setUp({ [`DELETE /greer/api/rides/${DONE.id}`]: () => json({ ok: true }) });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    fireEvent.click(screen.getByRole("button", { name: "Delete trip City Hall" }));
    const dialog = screen.getByRole("dialog", { name: "Delete trip" });
    expect(within(dialog).getByText(DELETE_CONFIRM)).toBeDefined();
    expect(DELETE_CONFIRM).toBe("Are you sure you want to delete this trip? This action cannot be undone.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo(fetchMock, "DELETE", `/greer/api/rides/${DONE.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete trip City Hall" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("City Hall")).toBeNull());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo(fetchMock, "DELETE", `/greer/api/rides/${DONE.id}`)).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/admin/rides/counts")).toHaveLength(2));
  });

  it("puts the focus on Cancel in the dialog, closes it with Escape and gives the focus back", async () => {
    const fetchMock = setUp();
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    const trigger = screen.getByRole("button", { name: "Delete trip City Hall" });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole("dialog", { name: "Delete trip" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(callsTo(fetchMock, "DELETE", `/greer/api/rides/${DONE.id}`)).toHaveLength(0);
  });

  it.each([
    [403, { error: "Access denied - admin privileges required" }, "Access denied - insufficient privileges"],
    [401, { error: "Your session has expired. Please log in again." }, "Authentication required - please log in"],
    [404, { error: "Ride not found" }, "Ride not found"],
    [500, null, "Failed to delete trip"],
  ])("says why a delete failed (%i) as an alert", async (status, body, text) => {
    setUp({ [`DELETE /greer/api/rides/${DONE.id}`]: () => new Response(body && JSON.stringify(body), { status }) });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    fireEvent.click(screen.getByRole("button", { name: "Delete trip City Hall" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    expect(screen.getByText("City Hall")).toBeDefined();
  });

  it.each([
    [403, { error: "Access denied - admin privileges required" }, "Access denied - admin privileges required"],
    [401, { error: "Your session has expired. Please log in again." }, "Authentication required - please log in"],
    [500, { error: "The store is down" }, "The store is down"],
    [502, null, "Failed to load trips"],
  ])("says why the trips could not load (%i)", async (status, body, text) => {
    setUp({ [LIST]: () => new Response(body && JSON.stringify(body), { status }) });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
    if (status === 401) expect(loc.assign).toHaveBeenCalledWith("/greer/login");
  });

  it("says Error: and the message when the network fails, and when the token is gone", async () => {
    setUp({ [LIST]: () => Promise.reject(new TypeError("Failed to fetch")) });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    expect((await screen.findByRole("alert")).textContent).toBe("Error: Failed to fetch");
    cleanup();
    resetSession();
    // Signed out in another tab between the guard and the list.
    signIn();
    const roles = () => {
      localStorage.removeItem("authToken");
      return json({ roles: ["admin"] });
    };
    stubApi({ roles, routes: { [COUNTS_PATH]: () => json(COUNTS) } });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    expect((await screen.findByRole("alert")).textContent).toBe("Authentication token not available.");
    expect(getToken()).toBeNull();
  });

  it("opens the every-ride socket and shows new and changed trips without Refresh", async () => {
    const fetchMock = setUp();
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    const socket = FakeSocket.all.at(-1)!;
    expect(socket.url).toBe(`ws://${location.host}/greer/ws/drivers?scope=all&ticket=ticket-1`);
    socket.open();
    expect(await screen.findByText("Live")).toBeDefined();
    // Opening reads the list again: a change made before the socket opened is not lost.
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/admin/rides?limit=50")).toHaveLength(2));
    await screen.findByText("Showing 2 of 7 trips");

    const fresh = ride("01JZNEW000000000000000000", { destination: "Train Station" });
    socket.push({ type: "new", ride: fresh });
    expect(rows()[0].querySelector(".cell__main")?.textContent).toBe("Train Station");
    socket.push({
      type: "update",
      ride: { ...fresh, status: "on-the-way", assignedDriverId: "d", driverName: "Dee Driver", driverPhone: "1" },
    });
    expect(within(rows()[0]).getByText("On the way")).toBeDefined();
    expect(within(rows()[0]).getByText("Dee Driver")).toBeDefined();
    expect(screen.getByText("Showing 3 of 7 trips")).toBeDefined();
    // The tiles follow shortly after.
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/admin/rides/counts").length).toBeGreaterThan(2));
  });

  it("drops a live trip that leaves the filter, and keeps out one older than what is loaded", async () => {
    setUp({
      "GET /greer/api/admin/rides?limit=50&status=pending": () =>
        new Response(JSON.stringify([toTrip(WAITING)]), { headers: { "x-next-cursor": "more" } }),
    });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "pending" } });
    await screen.findByText("Showing 1 of 7 trips");
    const socket = FakeSocket.all.at(-1)!;
    socket.push({ type: "update", ride: { ...WAITING, status: "accepted", assignedDriverId: "d" } });
    expect(await screen.findByText("No trips with status pending found.")).toBeDefined();
    // Older than the oldest loaded, with older pages still to load: it appears when its page does.
    socket.push({ type: "update", ride: ride("01JAOLD000000000000000000") });
    expect(screen.queryAllByRole("row")).toHaveLength(0);
  });

  it("stops on a 1008 close and reconnects after any other", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    setUp();
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    FakeSocket.all.at(-1)!.open();
    FakeSocket.all.at(-1)!.drop(1006);
    expect(await screen.findByText("Reconnecting...")).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].drop(1008);
    expect(await screen.findByText("Live updates off")).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeSocket.all).toHaveLength(2);
    expect(console.warn).toHaveBeenCalled();
  });

  it("logs a 1011 close (the server's check failed) and reconnects after it, as the rider and driver screens do", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    setUp();
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Showing 2 of 7 trips");
    FakeSocket.all.at(-1)!.open();
    expect(await screen.findByText("Live")).toBeDefined();
    FakeSocket.all.at(-1)!.drop(1011);
    expect(await screen.findByText("Reconnecting...")).toBeDefined();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("1011"));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[1].url).toBe(`ws://${location.host}/greer/ws/drivers?scope=all&ticket=ticket-2`);
    FakeSocket.all[1].open();
    expect(await screen.findByText("Live")).toBeDefined();
  });

  it("gives each time in the tenant's time zone, not the browser's", async () => {
    const old = ride("01JOLD0000000000000000000", { requestedAt: Date.UTC(2026, 0, 5, 23, 30) });
    setUp({ [LIST]: () => json([old].map((ride) => toTrip(ride))) });
    render(inLanguage("en", "AdminTrips", <AdminTrips tenant="greer" timeZone="Asia/Tokyo" />));
    await screen.findByText("Showing 1 of 7 trips");
    // Older than a week: the time of day, in Tokyo (23:30 UTC is 8:30 AM there), with the full date as its title.
    const requested = screen.getAllByRole("row")[1].querySelector("time")!;
    expect(requested.textContent).toBe("8:30 AM");
    expect(requested.getAttribute("title")).toBe("Jan 6, 2026, 8:30 AM");
  });
});
