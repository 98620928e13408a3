/**
 * The driver screen in happy-dom (spec section 2 "Driver screen", 4, 7, 9):
 * fetch, WebSocket, geolocation and the Wake Lock faked at the wire, the map
 * replaced by a stand-in that lists its pins (tests/islands/fake_map.tsx).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Ride } from "../../lib/rides.ts";
import DriverScreen from "../../islands/DriverScreen.tsx";
import { mapProps, pinsOnMap, resetMap } from "./fake_map.tsx";
import { FakeSocket, restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { DRIVER_ID, GREER, makeRide, moved } from "./rides_fixtures.ts";
import { callsTo, json, makeUser, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";
import { inLanguage } from "../helpers/in_language.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

const TIMERS: ("setTimeout" | "clearTimeout" | "setInterval" | "clearInterval")[] = [
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
];
const ME = DRIVER_ID;
const OTHER_DRIVER = "01OTHER000000000000000000";

interface Server {
  available: boolean;
  rides: Ride[];
  put: (id: string, status: string) => Response;
}

let server: Server;
let loc: ReturnType<typeof spyLocation>;

beforeEach(() => {
  resetSession();
  resetMap();
  loc = spyLocation();
  stubSockets();
  server = {
    available: false,
    rides: [],
    put: (id, status) => {
      const ride = server.rides.find((r) => r.id === id)!;
      const next = moved({ ...ride, assignedDriverId: ride.assignedDriverId ?? ME }, status as Ride["status"]);
      server.rides = server.rides.map((r) => (r.id === id ? next : r));
      return json({ ride: next });
    },
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
  // deno-lint-ignore no-explicit-any
  delete (navigator as any).wakeLock;
});

function stubServer(roles: ("rider" | "driver" | "admin")[] = ["driver"]) {
  const fetchMock = stubApi({
    roles,
    routes: {
      "GET /greer/api/drivers/availability": () => json({ isAvailable: server.available }),
      "PUT /greer/api/drivers/availability": (init) => {
        const body = JSON.parse(String(init.body));
        server.available = body.isAvailable;
        return json({ isAvailable: body.isAvailable, location: body.location ?? null });
      },
      "PUT /greer/api/users/location": (init) => json(JSON.parse(String(init.body))),
      "GET /greer/api/driver/rides": () => json(server.rides),
    },
  });
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init = {}) => {
    const m = /^\/greer\/api\/rides\/([^/]+)$/.exec(String(input));
    if (m && init.method === "PUT") return Promise.resolve(server.put(m[1], JSON.parse(String(init.body)).status));
    return inner(input, init);
  });
  return fetchMock;
}

async function open({ gps = true, roles }: { gps?: boolean; roles?: ("rider" | "driver" | "admin")[] } = {}) {
  signIn(
    makeUser({ id: ME, name: "Grace Hopper", tenants: [{ code: "greer", name: "City of Greer", roles: ["driver"] }] }),
  );
  const geo = stubGeolocation();
  const fetchMock = stubServer(roles);
  const view = render(
    inLanguage("en", "DriverScreen", <DriverScreen tenant="greer" area={GREER} mapStyleUrl={null} />),
  );
  await screen.findByRole("heading", { name: "Active Ride Requests" });
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  if (gps) geo.fix(GREER.lat, GREER.lng);
  return { ...view, geo, fetchMock };
}

const toggle = () => screen.getByRole("switch", { name: /Available for rides/ });
const cards = () => screen.queryAllByRole("listitem").filter((li) => li.classList.contains("ride-item"));
const cardOf = (name: string) => cards().find((li) => within(li).queryByRole("heading", { name }))!;
const buttonsOf = (card: HTMLElement) =>
  within(card).getAllByRole("button").map((b) => [b.textContent, (b as HTMLButtonElement).disabled]);

describe("DriverScreen: availability", () => {
  it("shows the stored availability, then switches it on with the current location", async () => {
    const { fetchMock } = await open();
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
    expect(toggle().textContent).toContain("Offline");
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
    expect(toggle().textContent).toContain("Online");
    const [call] = callsTo(fetchMock, "PUT", "/greer/api/drivers/availability");
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      isAvailable: true,
      location: { lat: GREER.lat, lng: GREER.lng },
      // The vehicle goes with every switch, as the server remembers it (no, here).
      wheelchairAccessible: false,
    });

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
    expect(JSON.parse(String(callsTo(fetchMock, "PUT", "/greer/api/drivers/availability")[1][1]!.body)))
      .toMatchObject({ isAvailable: false });
  });

  it("shows the switch off when the provider pauses the service, and the pause's text when going online", async () => {
    const { fetchMock } = await open();
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
    // The provider pauses: the server took the driver offline and refuses going online.
    server.available = false;
    const paused = "This service is paused. Contact City of Greer for details.";
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init = {}) =>
      init.method === "PUT" && String(input) === "/greer/api/drivers/availability"
        ? Promise.resolve(json({ error: paused }, 503))
        : inner(input, init)
    );
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({
      type: "tenant",
      tenant: { code: "greer", name: "City of Greer", status: "suspended", serviceArea: GREER },
    });
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
    fireEvent.click(toggle());
    expect((await screen.findByRole("alert")).textContent).toBe(paused);
    expect(toggle().getAttribute("aria-checked")).toBe("false");
  });

  it("says so when the switch fails, and stays as it was", async () => {
    const { fetchMock } = await open();
    await waitFor(() => expect(toggle().hasAttribute("disabled")).toBe(false));
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init = {}) =>
      init.method === "PUT" && String(input) === "/greer/api/drivers/availability"
        ? Promise.resolve(json({ error: "boom" }, 500))
        : inner(input, init)
    );
    fireEvent.click(toggle());
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update availability. Please try again.");
    expect(toggle().getAttribute("aria-checked")).toBe("false");
  });

  it('offers "Find your location" while offline without a location, and asks the GPS again', async () => {
    const { geo } = await open({ gps: false });
    const find = await screen.findByRole("button", { name: "Find your location" });
    geo.fail(3, "Timeout expired");
    expect(screen.getByText("Error getting location: Timeout expired")).toBeDefined();
    expect(geo.watches.filter((w) => w.active)).toHaveLength(1);
    fireEvent.click(find);
    expect(geo.watches).toHaveLength(2);
    expect(geo.watches.filter((w) => w.active)).toHaveLength(1);
    geo.fix(GREER.lat, GREER.lng);
    expect(screen.queryByRole("button", { name: "Find your location" })).toBeNull();
  });

  it('offers "Find Riders" while online without a location', async () => {
    server.available = true;
    await open({ gps: false });
    expect(await screen.findByRole("button", { name: "Find Riders" })).toBeDefined();
  });

  it('says "Geolocation is not supported by this browser." without geolocation', async () => {
    signIn(makeUser({ id: ME }));
    stubGeolocation(false);
    stubServer();
    render(inLanguage("en", "DriverScreen", <DriverScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    expect(await screen.findByText("Geolocation is not supported by this browser.")).toBeDefined();
  });

  it("asks the GPS with high accuracy, a 15 s maximum age and a 27 s timeout", async () => {
    const { geo } = await open();
    expect(geo.watches[0].options).toEqual({ enableHighAccuracy: true, maximumAge: 15_000, timeout: 27_000 });
  });
});

describe("DriverScreen: position reports (spec section 9)", () => {
  it("sends the position while online once it has moved 10 m or more", async () => {
    server.available = true;
    const { geo, fetchMock } = await open();
    const sent = () =>
      callsTo(fetchMock, "PUT", "/greer/api/users/location").map(([, i]) => JSON.parse(String(i!.body)));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ location: { lat: GREER.lat, lng: GREER.lng } });
    // ~5.6 m north: not yet.
    geo.fix(GREER.lat + 0.00005, GREER.lng);
    await new Promise((r) => setTimeout(r, 10));
    expect(sent()).toHaveLength(1);
    // ~11 m from the last one sent.
    geo.fix(GREER.lat + 0.0001, GREER.lng);
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({ location: { lat: GREER.lat + 0.0001, lng: GREER.lng } });
  });

  it("sends nothing while offline", async () => {
    const { geo, fetchMock } = await open();
    geo.fix(GREER.lat + 0.001, GREER.lng);
    await new Promise((r) => setTimeout(r, 10));
    expect(callsTo(fetchMock, "PUT", "/greer/api/users/location")).toHaveLength(0);
  });

  it("while holding an accepted ride, sends the position at least every 15 s, standing still or offline", async () => {
    vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
    server.rides = [makeRide({ status: "accepted", assignedDriverId: ME, riderName: "Waiting" })];
    const { fetchMock } = await open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const sent = () => callsTo(fetchMock, "PUT", "/greer/api/users/location").length;
    // Offline, and the position has not moved: the fix is still reported for the rider.
    await waitFor(() => expect(sent()).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(sent()).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(sent()).toBe(3);
  });

  it("sends no position on a timer without a held ride", async () => {
    vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
    server.available = true;
    const { fetchMock } = await open();
    const sent = () => callsTo(fetchMock, "PUT", "/greer/api/users/location").length;
    await waitFor(() => expect(sent()).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(45_000);
    });
    expect(sent()).toBe(1);
  });

  it("online and standing still, sends the position every 4 minutes so the driver stays available", async () => {
    vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
    server.available = true;
    const { fetchMock } = await open();
    const sent = () => callsTo(fetchMock, "PUT", "/greer/api/users/location").length;
    await waitFor(() => expect(sent()).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * 60_000);
    });
    expect(sent()).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * 60_000);
    });
    expect(sent()).toBe(3);
  });

  it("puts the driver's own position on the map", async () => {
    const { container } = await open();
    expect(pinsOnMap(container).find((p) => p.kind === "shuttle")).toMatchObject({
      at: `${GREER.lat},${GREER.lng}`,
      title: "You are here",
    });
    expect(mapProps().area).toEqual(GREER);
  });
});

describe("DriverScreen: keeping the screen awake", () => {
  it("takes a screen Wake Lock while online and releases it when going offline", async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = vi.fn(() => Promise.resolve({ released: false, release }));
    Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
    await open();
    await waitFor(() => expect(toggle().hasAttribute("disabled")).toBe(false));
    expect(request).not.toHaveBeenCalled();
    fireEvent.click(toggle());
    await waitFor(() => expect(request).toHaveBeenCalledWith("screen"));
    fireEvent.click(toggle());
    await waitFor(() => expect(release).toHaveBeenCalled());
  });

  it("works on without the Wake Lock API", async () => {
    server.available = true;
    await open();
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
  });
});

describe("DriverScreen: the ride list (spec sections 2, 4)", () => {
  it('says "No active ride requests" when there is none', async () => {
    await open();
    expect(await screen.findByText("No active ride requests")).toBeDefined();
  });

  it("sorts by status priority, then newest first", async () => {
    const t = Date.now() - 600_000;
    server.rides = [
      makeRide({ riderName: "Old pending", requestedAt: t }),
      makeRide({ riderName: "New pending", requestedAt: t + 60_000 }),
      moved(makeRide({ riderName: "Accepted", requestedAt: t - 60_000 }), "accepted", { assignedDriverId: ME }),
      moved(makeRide({ riderName: "Arrived", requestedAt: t - 120_000 }), "arrived", { assignedDriverId: ME }),
      moved(makeRide({ riderName: "Picked up", requestedAt: t }), "picked-up", { assignedDriverId: ME }),
    ];
    await open();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(cards().map((li) => within(li).getByRole("heading").textContent)).toEqual([
      "Arrived",
      "Picked up",
      "Accepted",
      "New pending",
      "Old pending",
    ]);
  });

  it("shows the rider's name, passengers, a tap-to-call phone, the destination, the time and the status", async () => {
    server.rides = [
      makeRide({ riderName: "Ada Lovelace", passengerCt: 3, requestedAt: Date.now() - 2 * 60_000 }),
      makeRide({ riderName: null, destination: null, dropoff: null, passengerCt: 1, riderPhone: "8645550177" }),
      makeRide({ riderName: "Pin Rider", destination: null, dropoff: { lat: 34.94, lng: -82.226 } }),
    ];
    await open();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const ada = within(cardOf("Ada Lovelace"));
    expect(ada.getByText("3 passengers")).toBeDefined();
    const phone = ada.getByRole("link", { name: "(864) 555-0123" });
    expect(phone.getAttribute("href")).toBe("tel:+18645550123");
    expect(ada.getByText("Greer City Park")).toBeDefined();
    expect(ada.getByText("2 minutes ago")).toBeDefined();
    expect(ada.getByText("Pending")).toBeDefined();

    const unnamed = within(cardOf("Rider"));
    expect(unnamed.getByText("1 passenger")).toBeDefined();
    expect(unnamed.getByText("TBD")).toBeDefined();
    expect(unnamed.getByRole("link", { name: "(864) 555-0177" }).getAttribute("href")).toBe("tel:+18645550177");
    expect(within(cardOf("Pin Rider")).getByText("Dropped pin")).toBeDefined();
  });

  it("shows each ride's pickup on the map in its status colour", async () => {
    server.rides = [
      makeRide({ riderName: "A", pickup: { lat: 34.939, lng: -82.227 } }),
      moved(makeRide({ riderName: "B", pickup: { lat: 34.94, lng: -82.228 } }), "on-the-way", { assignedDriverId: ME }),
    ];
    const { container } = await open();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const dots = pinsOnMap(container).filter((p) => p.kind === "ride").map((p) => [p.at, p.status]);
    expect(dots).toEqual([["34.94,-82.228", "on-the-way"], ["34.939,-82.227", "pending"]]);
  });

  it.each(
    [
      ["pending", null, [["Accept", false], ["Cancel", false]]],
      ["accepted", ME, [["On my way", false], ["Cancel", false]]],
      // Not at the pickup yet: No-show waits (lib/no_show_wait.ts; the countdown below).
      ["on-the-way", ME, [["Picked up", false], ["No-show", true], ["Cancel", false]]],
      ["arrived", ME, [["Complete", false], ["Cancel", false]]],
      ["picked-up", ME, [["Complete", false], ["Cancel", false]]],
    ] as const,
  )("offers the moves of a %s ride", async (status, assigned, buttons) => {
    server.rides = [
      status === "pending" ? makeRide({ riderName: "R" }) : moved(makeRide({ riderName: "R" }), status, {
        assignedDriverId: assigned,
      }),
    ];
    await open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(buttonsOf(cardOf("R"))).toEqual(buttons);
  });

  it("holds No-show until the driver has reached the pickup, saying why", async () => {
    server.rides = [moved(makeRide({ riderName: "Ada" }), "on-the-way", { assignedDriverId: ME })];
    await open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const button = within(cardOf("Ada")).getByRole("button", { name: "No-show" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("title")).toBe("No-show opens after waiting at the pickup.");
    expect(within(cardOf("Ada")).getByText("No-show opens after waiting at the pickup.")).toBeDefined();
  });

  it("counts No-show down from the arrival at the pickup, then offers it and sends it", async () => {
    vi.useFakeTimers({ toFake: [...TIMERS, "Date"], shouldAdvanceTime: true });
    const now = Date.now();
    server.rides = [
      moved(makeRide({ riderName: "Ada" }), "on-the-way", {
        assignedDriverId: ME,
        reachedPickupAt: now - 19_000,
        noShowFrom: now + 161_000,
      }),
    ];
    const { fetchMock } = await open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const noShow = () => within(cardOf("Ada")).getAllByRole("button")[1] as HTMLButtonElement;
    // Real time runs on too (shouldAdvanceTime): the seconds may have moved a little.
    expect(noShow().textContent).toMatch(/^No-show in 2:[34]\d$/);
    expect(noShow().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(noShow().textContent).toMatch(/^No-show in 1:[34]\d$/);
    expect(noShow().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(105_000);
    });
    expect(noShow().textContent).toBe("No-show");
    expect(noShow().disabled).toBe(false);
    expect(within(cardOf("Ada")).queryByText("No-show opens after waiting at the pickup.")).toBeNull();
    fireEvent.click(noShow());
    await waitFor(() => expect(callsTo(fetchMock, "PUT", `/greer/api/rides/${server.rides[0].id}`)).toHaveLength(1));
    const [call] = callsTo(fetchMock, "PUT", `/greer/api/rides/${server.rides[0].id}`);
    expect(JSON.parse(String(call[1]!.body))).toEqual({ status: "no-show" });
  });

  it('disables the start of a second ride with "Another ride is already in progress"', async () => {
    server.rides = [
      moved(makeRide({ riderName: "Going" }), "on-the-way", { assignedDriverId: ME }),
      moved(makeRide({ riderName: "Waiting" }), "accepted", { assignedDriverId: ME }),
    ];
    await open();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const waiting = cardOf("Waiting");
    expect(buttonsOf(waiting)).toEqual([["On my way", true], ["Cancel", false]]);
    expect(within(waiting).getByText("Another ride is already in progress")).toBeDefined();
    expect(within(cardOf("Going")).queryByText("Another ride is already in progress")).toBeNull();
  });

  it("moves a ride through accept, start, Picked up and complete, each with a PUT of its status", async () => {
    server.rides = [makeRide({ riderName: "Ada" })];
    const { fetchMock } = await open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const steps = [
      ["Accept", "accepted", "Accepted"],
      ["On my way", "on-the-way", "On the way"],
      ["Picked up", "arrived", "Arrived"],
    ] as const;
    for (const [button, status, label] of steps) {
      fireEvent.click(within(cardOf("Ada")).getByRole("button", { name: button }));
      await waitFor(() => expect(within(cardOf("Ada")).getByText(label)).toBeDefined());
      const last = fetchMock.mock.calls.filter(([u, i]) => i?.method === "PUT" && String(u).includes("/api/rides/")).at(
        -1,
      )!;
      expect(JSON.parse(String(last[1]!.body))).toEqual({ status });
    }
    fireEvent.click(within(cardOf("Ada")).getByRole("button", { name: "Complete" }));
    expect(await screen.findByText("No active ride requests")).toBeDefined();
  });

  it("shows the server's refusal on the card and reloads the list", async () => {
    server.rides = [makeRide({ riderName: "Ada" })];
    server.put = () => json({ error: "Cannot change a ride from accepted to accepted" }, 409);
    const { fetchMock } = await open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const before = callsTo(fetchMock, "GET", "/greer/api/driver/rides").length;
    fireEvent.click(within(cardOf("Ada")).getByRole("button", { name: "Accept" }));
    expect((await within(cardOf("Ada")).findByRole("alert")).textContent).toBe(
      "Cannot change a ride from accepted to accepted",
    );
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/driver/rides").length).toBe(before + 1));
  });

  it('says "Failed to update ride." when the server gives no reason', async () => {
    server.rides = [makeRide({ riderName: "Ada" })];
    server.put = () => new Response("bad gateway", { status: 502 });
    await open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cardOf("Ada")).getByRole("button", { name: "Cancel" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update ride.");
  });
});

describe("DriverScreen: live over /greer/ws/drivers (spec section 7)", () => {
  it("adds a new request without reload, and drops a ride another driver took or that ended", async () => {
    await open();
    await screen.findByText("No active ride requests");
    const socket = FakeSocket.latest();
    expect(socket.url).toBe(`ws://${location.host}/greer/ws/drivers?ticket=ticket-1`);
    socket.accept();
    const ride = makeRide({ riderName: "Newcomer" });
    socket.push({ type: "new", ride });
    await waitFor(() => expect(cards()).toHaveLength(1));
    const other = makeRide({ riderName: "Other" });
    socket.push({ type: "new", ride: other });
    await waitFor(() => expect(cards()).toHaveLength(2));

    socket.push({ type: "update", ride: moved(other, "accepted", { assignedDriverId: OTHER_DRIVER }) });
    await waitFor(() => expect(cards()).toHaveLength(1));
    socket.push({ type: "update", ride: moved(ride, "canceled", { assignedDriverId: null }) });
    expect(await screen.findByText("No active ride requests")).toBeDefined();
  });

  it("redraws the area and the header's name when an admin moves the service area", async () => {
    document.body.insertAdjacentHTML("afterbegin", '<span class="brand__tenant">· City of Greer</span>');
    await open();
    await screen.findByText("No active ride requests");
    const socket = FakeSocket.latest();
    socket.accept();
    const area = { lat: 34.95, lng: -82.23, radiusMeters: 1200, label: "Trade Street" };
    socket.push({ type: "tenant", tenant: { code: "greer", name: "Greer Link", status: "active", serviceArea: area } });
    await waitFor(() => expect(mapProps().area).toEqual(area));
    expect(screen.getByRole("region", { name: "Map of ride pickups around Trade Street" })).toBeDefined();
    expect(document.querySelector(".brand__tenant")?.textContent).toBe("· Greer Link");
    expect(screen.getByText("No active ride requests")).toBeDefined();
    document.querySelector(".brand__tenant")?.remove();
  });

  it("keeps the list order as updates arrive", async () => {
    const t = Date.now() - 60_000;
    const a = makeRide({ riderName: "A", requestedAt: t });
    const b = makeRide({ riderName: "B", requestedAt: t + 1000 });
    server.rides = [a, b];
    await open();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((li) => within(li).getByRole("heading").textContent)).toEqual(["B", "A"]);
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: "update", ride: moved(a, "accepted", { assignedDriverId: ME }) });
    await waitFor(() => expect(cards().map((li) => within(li).getByRole("heading").textContent)).toEqual(["A", "B"]));
  });

  it.each([1008, 1011])("logs a close with %i as an access restriction", async (code) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await open();
    FakeSocket.latest().drop(code);
    expect(warn).toHaveBeenCalledWith(`live drivers socket: access restricted (close code ${code})`);
  });

  it("redials after 1011 (a server fault) but not after 1008 (refused)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    await open();
    vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
    FakeSocket.latest().drop(1011);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.latest().drop(1008);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("refetches the list on every open and polls it every 15 s while the socket is down", async () => {
    vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
    const { fetchMock } = await open();
    const listCalls = () => callsTo(fetchMock, "GET", "/greer/api/driver/rides").length;
    const start = listCalls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(listCalls()).toBe(start + 1);
    FakeSocket.latest().accept();
    await waitFor(() => expect(listCalls()).toBe(start + 2));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(listCalls()).toBe(start + 2);
  });
});

describe("DriverScreen: access", () => {
  it("sends a rider to the rider page", async () => {
    signIn();
    stubGeolocation();
    stubServer(["rider"]);
    render(inLanguage("en", "DriverScreen", <DriverScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/rider"));
    expect(screen.queryByText("Active Ride Requests")).toBeNull();
  });

  it("lets an admin work a shift", async () => {
    await open({ roles: ["admin"] });
    expect(screen.getByRole("heading", { name: "Active Ride Requests" })).toBeDefined();
  });
});

describe("DriverScreen: a booking handed over", () => {
  it("marks the card with its pickup time, on this phone's clock, before its buttons", async () => {
    const at = Date.UTC(2026, 0, 6, 14, 0);
    server.rides = [{ ...makeRide({ status: "pending", riderName: "Booked Ahead" }), scheduledFor: at }];
    await open();
    const card = (await screen.findByRole("heading", { name: "Booked Ahead" })).closest("li")!;
    const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }).format(at);
    const mark = card.querySelector(".ride-item__booked")!;
    expect(mark.textContent).toBe(`Pickup at ${time}`);
    const accept = within(card).getByRole("button", { name: /Accept/ });
    expect(mark.compareDocumentPosition(accept) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says when a rider booked to arrive by a time must be there, under the pickup time", async () => {
    const at = Date.UTC(2026, 0, 6, 13, 31);
    const by = Date.UTC(2026, 0, 6, 14, 0);
    server.rides = [{ ...makeRide({ status: "pending", riderName: "Arrives By" }), scheduledFor: at, arriveBy: by }];
    await open();
    const card = (await screen.findByRole("heading", { name: "Arrives By" })).closest("li")!;
    const clock = (ms: number) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }).format(ms);
    expect([...card.querySelectorAll(".ride-item__booked")].map((p) => p.textContent)).toEqual([
      `Pickup at ${clock(at)}`,
      `Arrive by ${clock(by)}`,
    ]);
  });
});
