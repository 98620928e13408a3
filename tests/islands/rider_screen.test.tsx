/**
 * The rider screen in happy-dom (spec section 2 "Rider screen", 4, 5, 7, 8,
 * 9): fetch, WebSocket and geolocation faked at the wire, the map replaced
 * by a stand-in that lists its pins and takes taps (tests/islands/fake_map.tsx).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AvailableDriver } from "../../lib/drivers.ts";
import type { Ride } from "../../lib/rides.ts";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { Schedule } from "../../lib/schemas.ts";
import { mapProps, pinsOnMap, resetMap, tapMap } from "./fake_map.tsx";
import { FakeSocket, restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { driver, GREER, INSIDE, makeRide, moved, OUTSIDE } from "./rides_fixtures.ts";
import { callsTo, json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";
import { inLanguage } from "../helpers/in_language.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

/** The timers the screen uses (faking set without clear would leave the clears real). */
const TIMERS: ("setTimeout" | "clearTimeout" | "setInterval" | "clearInterval")[] = [
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
];

const OUTSIDE_TEXT =
  "Sorry, that location is outside our service area. Please select a location within 1 mile of downtown Greer.";

interface Server {
  drivers: AvailableDriver[];
  my: Ride | null;
  schedule: Schedule | null;
  post: (body: Record<string, unknown>) => Response;
  put: (id: string, body: Record<string, unknown>) => Response;
}

let server: Server;
let loc: ReturnType<typeof spyLocation>;
/** The blocking alert() the screen no longer uses: a call would show here. */
let alertSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetSession();
  resetMap();
  loc = spyLocation();
  stubSockets();
  alertSpy = vi.fn();
  vi.stubGlobal("alert", alertSpy);
  server = {
    drivers: [driver("d1")],
    my: null,
    schedule: { "1": [{ start: "07:00", end: "19:00" }] },
    post: (body) => {
      const ride = makeRide({
        status: "pending",
        pickup: body.pickup as Ride["pickup"],
        dropoff: (body.dropoff as Ride["dropoff"]) ?? null,
        destination: (body.destination as string) ?? null,
        passengerCt: body.passengerCt as number,
        requestedAt: Date.now(),
        updatedAt: Date.now(),
      });
      server.my = ride;
      return json({ ride }, 201);
    },
    put: (_id, body) => {
      const ride = moved(server.my!, body.status as Ride["status"]);
      server.my = null;
      return json({ ride });
    },
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
});

function stubServer(roles: ("rider" | "driver")[] = ["rider"]) {
  return stubApi({
    roles,
    routes: {
      "GET /greer/api/drivers/available": () => json(server.drivers),
      "GET /greer/api/rides/my": () => json(server.my),
      "GET /greer/api/schedule": () => json({ schedule: server.schedule }),
      "POST /greer/api/rides": (init) => server.post(JSON.parse(String(init.body))),
    },
  });
}

/** PUT /greer/api/rides/{id} answers through server.put. */
function withPut(fetchMock: ReturnType<typeof stubApi>) {
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init = {}) => {
    const m = /^\/greer\/api\/rides\/([^/]+)$/.exec(String(input));
    if (m && init.method === "PUT") return Promise.resolve(server.put(m[1], JSON.parse(String(init.body))));
    return inner(input, init);
  });
  return fetchMock;
}

async function open({ gps = true, roles }: { gps?: boolean; roles?: ("rider" | "driver")[] } = {}) {
  signIn();
  const geo = stubGeolocation();
  const fetchMock = withPut(stubServer(roles));
  const view = render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
  await screen.findByRole("heading", { name: "Request a Ride" });
  await waitFor(() => expect(geo.watches.length).toBeGreaterThan(0));
  if (gps) geo.fix(GREER.lat, GREER.lng);
  return { ...view, geo, fetchMock };
}

/** The form is shown once the first /rides/my answer has come. */
async function formReady() {
  return await screen.findByRole("button", { name: "Request Ride" });
}

const card = () => screen.getByRole("region", { name: "Current Ride" });

describe("RiderScreen: the page and the map", () => {
  it("centres the map on the tenant's area with the style it was given, and labels it", async () => {
    signIn();
    stubGeolocation();
    stubServer();
    render(
      inLanguage(
        "en",
        "RiderScreen",
        <RiderScreen tenant="greer" area={GREER} mapStyleUrl="https://tiles.example.org/style.json" />,
      ),
    );
    await screen.findByRole("heading", { name: "Request a Ride" });
    expect(mapProps().area).toEqual(GREER);
    expect(mapProps().styleUrl).toBe("https://tiles.example.org/style.json");
    expect(screen.getByRole("region", { name: "Map of the service area around downtown Greer" })).toBeDefined();
  });

  it('shows "Loading..." until the drivers answer, then "N online", and follows driver updates live', async () => {
    signIn();
    stubGeolocation();
    let answer!: (res: Response) => void;
    stubApi({
      roles: ["rider"],
      routes: {
        "GET /greer/api/drivers/available": () => new Promise<Response>((r) => answer = r),
        "GET /greer/api/rides/my": () => json(null),
      },
    });
    render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    await screen.findByRole("heading", { name: "Request a Ride" });
    const count = document.querySelector(".online-count")!;
    expect(count.textContent).toBe("Loading...");
    // The drivers call goes out once the screen has its roles: wait for it on a slow machine.
    await waitFor(() => expect(typeof answer).toBe("function"));
    expect(count.textContent).toBe("Loading...");
    await act(async () => {
      answer(json([driver("d1"), driver("d2", 34.94, -82.228)]));
      await Promise.resolve();
    });
    await waitFor(() => expect(count.textContent).toBe("2 online"));

    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: "driver-updates", drivers: [driver("d1", 34.9401, -82.2261)] });
    await waitFor(() => expect(count.textContent).toBe("1 online"));
  });

  it("shows the available drivers' shuttles and moves them as they report", async () => {
    const { container } = await open();
    await formReady();
    await waitFor(() => expect(pinsOnMap(container).filter((p) => p.kind === "shuttle")).toHaveLength(1));
    expect(pinsOnMap(container).find((p) => p.kind === "shuttle")).toMatchObject({
      at: "34.939,-82.2275",
      title: "Shuttle: Grace Hopper",
    });
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: "driver-updates", drivers: [driver("d1", 34.9411, -82.2299)] });
    await waitFor(() => expect(pinsOnMap(container).find((p) => p.kind === "shuttle")?.at).toBe("34.9411,-82.2299"));
  });

  it("puts the pickup pin at the GPS position", async () => {
    const { container, geo } = await open({ gps: false });
    await formReady();
    expect(pinsOnMap(container).some((p) => p.kind === "pickup")).toBe(false);
    expect(screen.getByText("Finding your location...")).toBeDefined();
    geo.fix(34.939, -82.2268);
    expect(pinsOnMap(container).find((p) => p.kind === "pickup")?.at).toBe("34.939,-82.2268");
    expect(screen.getByText("Your current location (GPS)")).toBeDefined();
  });

  it("opens the socket /greer/ws/riders with a fresh single-use ticket, never the token", async () => {
    const { fetchMock } = await open();
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(FakeSocket.latest().url).toBe(`ws://${location.host}/greer/ws/riders?ticket=ticket-1`);
    const [[, init]] = callsTo(fetchMock, "POST", "/greer/api/ws-ticket");
    expect(init?.headers).toMatchObject({ authorization: "Bearer token-abc" });
  });
});

describe("RiderScreen: GPS (spec sections 8, 9)", () => {
  it("asks with high accuracy, a 15 s maximum age and a 27 s timeout", async () => {
    const { geo } = await open();
    expect(geo.watches[0].options).toEqual({ enableHighAccuracy: true, maximumAge: 15_000, timeout: 27_000 });
  });

  it('says "Error getting location: ..." when the position cannot be had', async () => {
    const { geo } = await open({ gps: false });
    await formReady();
    geo.fail(1, "User denied Geolocation");
    expect(screen.getByText("Error getting location: User denied Geolocation")).toBeDefined();
  });

  it('says "Geolocation not supported by your browser." without geolocation', async () => {
    signIn();
    stubGeolocation(false);
    stubServer();
    render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    expect(await screen.findByText("Geolocation not supported by your browser.")).toBeDefined();
  });
});

describe("RiderScreen: map taps (spec section 5)", () => {
  it('sets the destination: a flag on the map and "MAP LOCATION" in the field', async () => {
    const { container } = await open();
    await formReady();
    tapMap(INSIDE);
    expect((screen.getByLabelText("Destination") as HTMLInputElement).value).toBe("MAP LOCATION");
    expect(pinsOnMap(container).find((p) => p.kind === "destination")?.at).toBe(`${INSIDE.lat},${INSIDE.lng}`);
  });

  it("refuses a tap outside the area with the spec's alert, naming the area", async () => {
    const { container } = await open();
    await formReady();
    tapMap(OUTSIDE);
    // Said once, in the page (role "alert"), not with a blocking alert().
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([OUTSIDE_TEXT]);
    expect(alertSpy).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Destination") as HTMLInputElement).value).toBe("");
    expect(pinsOnMap(container).some((p) => p.kind === "destination")).toBe(false);
  });

  it("redraws the area and the header's name when the tenant's settings change, and judges taps by the new area", async () => {
    document.body.insertAdjacentHTML("afterbegin", '<span class="brand__tenant">· City of Greer</span>');
    document.title = "Request a Ride · City of Greer";
    await open();
    await formReady();
    const socket = FakeSocket.latest();
    socket.accept();
    // The area moves so far that OUTSIDE is now at its centre.
    const area = { lat: OUTSIDE.lat, lng: OUTSIDE.lng, radiusMeters: 500, label: "Trade Street" };
    socket.push({ type: "tenant", tenant: { code: "greer", name: "Greer Link", status: "active", serviceArea: area } });
    await waitFor(() => expect(mapProps().area).toEqual(area));
    expect(screen.getByRole("region", { name: "Map of the service area around Trade Street" })).toBeDefined();
    expect(document.querySelector(".brand__tenant")?.textContent).toBe("· Greer Link");
    expect(document.title).toBe("Request a Ride · Greer Link");
    tapMap(OUTSIDE);
    expect(screen.queryAllByRole("alert")).toEqual([]);
    tapMap(GREER);
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      "Sorry, that location is outside our service area. Please select a location within 1 mile of Trade Street.",
    ]);
    document.querySelector(".brand__tenant")?.remove();
  });

  it("takes the refusal away with the next tap inside the area", async () => {
    await open();
    await formReady();
    tapMap(OUTSIDE);
    expect(screen.getByRole("alert").textContent).toBe(OUTSIDE_TEXT);
    tapMap(INSIDE);
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByLabelText("Destination") as HTMLInputElement).value).toBe("MAP LOCATION");
  });

  it("sets the pickup while the picker is open, then offers Use GPS instead", async () => {
    const { container } = await open();
    await formReady();
    fireEvent.click(screen.getByRole("button", { name: "Set pickup location" }));
    expect(screen.getByText("Tap the map where you want to be picked up.")).toBeDefined();
    expect(mapProps().picking).toBe(true);
    tapMap(INSIDE);
    expect(pinsOnMap(container).find((p) => p.kind === "pickup")?.at).toBe(`${INSIDE.lat},${INSIDE.lng}`);
    expect(pinsOnMap(container).some((p) => p.kind === "destination")).toBe(false);
    expect(screen.getByText("The point you set on the map")).toBeDefined();
    expect(mapProps().picking).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Use GPS instead" }));
    expect(pinsOnMap(container).find((p) => p.kind === "pickup")?.at).toBe(`${GREER.lat},${GREER.lng}`);
    expect(screen.queryByRole("button", { name: "Use GPS instead" })).toBeNull();
  });

  it("closes the picker with Cancel, leaving the pickup as it was", async () => {
    const { container } = await open();
    await formReady();
    fireEvent.click(screen.getByRole("button", { name: "Set pickup location" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("Your current location (GPS)")).toBeDefined();
    tapMap(INSIDE);
    // Back to destination mode: the tap set the destination, not the pickup.
    expect(pinsOnMap(container).find((p) => p.kind === "pickup")?.at).toBe(`${GREER.lat},${GREER.lng}`);
    expect(pinsOnMap(container).find((p) => p.kind === "destination")).toBeDefined();
  });

  it("refuses a pickup outside the area too", async () => {
    const { container } = await open();
    await formReady();
    fireEvent.click(screen.getByRole("button", { name: "Set pickup location" }));
    tapMap(OUTSIDE);
    expect(screen.getByRole("alert").textContent).toBe(OUTSIDE_TEXT);
    expect(pinsOnMap(container).find((p) => p.kind === "pickup")?.at).toBe(`${GREER.lat},${GREER.lng}`);
  });

  it("ignores taps, even outside the area, while a ride is active", async () => {
    server.my = makeRide({ status: "accepted" });
    const { container } = await open();
    await screen.findByRole("region", { name: "Current Ride" });
    const before = pinsOnMap(container);
    tapMap(INSIDE);
    tapMap(OUTSIDE);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(pinsOnMap(container)).toEqual(before);
  });

  it('clears the map dropoff when another destination is typed, but not for "MAP LOCATION"', async () => {
    const { container } = await open();
    await formReady();
    tapMap(INSIDE);
    const field = screen.getByLabelText("Destination") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "MAP LOCATION" } });
    expect(pinsOnMap(container).some((p) => p.kind === "destination")).toBe(true);
    fireEvent.change(field, { target: { value: "Greer Station" } });
    expect(pinsOnMap(container).some((p) => p.kind === "destination")).toBe(false);
  });
});

describe("RiderScreen: the request (spec sections 5, 8)", () => {
  it("offers 1 to 5 passengers, 1 first", async () => {
    await open();
    await formReady();
    const select = screen.getByLabelText("Passengers") as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["1", "2", "3", "4", "5"]);
    expect(select.value).toBe("1");
  });

  it('says "No drivers are currently available." and sends nothing when no driver is online', async () => {
    server.drivers = [];
    const { fetchMock } = await open();
    fireEvent.click(await formReady());
    expect((await screen.findByRole("alert")).textContent).toBe("No drivers are currently available.");
    expect(callsTo(fetchMock, "POST", "/greer/api/rides")).toHaveLength(0);
  });

  it('says "Location not available." without a pickup', async () => {
    const { fetchMock } = await open({ gps: false });
    await waitFor(() => expect(document.querySelector(".online-count")?.textContent).toBe("1 online"));
    tapMap(INSIDE);
    fireEvent.click(await formReady());
    expect((await screen.findByRole("alert")).textContent).toBe("Location not available.");
    expect(callsTo(fetchMock, "POST", "/greer/api/rides")).toHaveLength(0);
  });

  it("asks for a destination when there is none", async () => {
    const { fetchMock } = await open();
    await waitFor(() => expect(document.querySelector(".online-count")?.textContent).toBe("1 online"));
    fireEvent.click(await formReady());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please select a destination on the map or enter a destination.",
    );
    expect(callsTo(fetchMock, "POST", "/greer/api/rides")).toHaveLength(0);
  });

  it("sends the map point, the GPS pickup and the passengers, then shows the Current Ride card", async () => {
    const { fetchMock } = await open();
    await waitFor(() => expect(document.querySelector(".online-count")?.textContent).toBe("1 online"));
    tapMap(INSIDE);
    fireEvent.change(screen.getByLabelText("Passengers"), { target: { value: "3" } });
    fireEvent.click(await formReady());
    await screen.findByRole("region", { name: "Current Ride" });
    const [call] = callsTo(fetchMock, "POST", "/greer/api/rides");
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      pickup: { lat: GREER.lat, lng: GREER.lng },
      dropoff: INSIDE,
      passengerCt: 3,
    });
    const facts = within(card());
    expect(facts.getByText("You have a pending ride request")).toBeDefined();
    expect(facts.getByText("Dropped pin")).toBeDefined();
    expect(facts.getByText("3")).toBeDefined();
    expect(facts.getByText("Not assigned yet")).toBeDefined();
    expect(facts.getByText("just now")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Request Ride" })).toBeNull();
  });

  it("sends a typed destination and a chosen pickup", async () => {
    const { fetchMock } = await open();
    await waitFor(() => expect(document.querySelector(".online-count")?.textContent).toBe("1 online"));
    fireEvent.click(screen.getByRole("button", { name: "Set pickup location" }));
    tapMap(INSIDE);
    fireEvent.change(screen.getByLabelText("Destination"), { target: { value: "  Greer Station " } });
    fireEvent.click(await formReady());
    await screen.findByRole("region", { name: "Current Ride" });
    const [call] = callsTo(fetchMock, "POST", "/greer/api/rides");
    expect(JSON.parse(String(call[1]!.body))).toEqual({ pickup: INSIDE, destination: "Greer Station", passengerCt: 1 });
    expect(within(card()).getByText("Greer Station")).toBeDefined();
  });

  it("refetches the ride 500 ms after a request", async () => {
    const { fetchMock } = await open();
    await waitFor(() => expect(document.querySelector(".online-count")?.textContent).toBe("1 online"));
    tapMap(INSIDE);
    const before = callsTo(fetchMock, "GET", "/greer/api/rides/my").length;
    const button = await formReady();
    vi.useFakeTimers({ toFake: TIMERS });
    fireEvent.click(button);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(callsTo(fetchMock, "POST", "/greer/api/rides")).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(callsTo(fetchMock, "GET", "/greer/api/rides/my")).toHaveLength(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(callsTo(fetchMock, "GET", "/greer/api/rides/my")).toHaveLength(before + 1);
  });

  it('shows the server\'s refusal, or "Failed to request ride." when it gives no reason', async () => {
    server.post = () => json({ error: "No drivers are currently available. Please try again later." }, 409);
    await open();
    await waitFor(() => expect(document.querySelector(".online-count")?.textContent).toBe("1 online"));
    tapMap(INSIDE);
    fireEvent.click(await formReady());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "No drivers are currently available. Please try again later.",
    );
    server.post = () => new Response("bad gateway", { status: 502 });
    fireEvent.click(await formReady());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to request ride."));
  });
});

describe("RiderScreen: the Current Ride card (spec section 4)", () => {
  it.each(
    [
      ["pending", "You have a pending ride request"],
      ["accepted", "Your ride has been accepted by a driver!"],
      ["on-the-way", "Your driver is on the way!"],
      ["arrived", "Your driver has arrived!"],
    ] as const,
  )("shows %s as %j with the driver's name", async (status, message) => {
    server.my = status === "pending" ? makeRide() : moved(makeRide(), status);
    await open();
    const region = await screen.findByRole("region", { name: "Current Ride" });
    expect(within(region).getByText(message)).toBeDefined();
    expect(within(region).getByText("Greer City Park")).toBeDefined();
    expect(within(region).getByText("2")).toBeDefined();
    expect(within(region).getByText(status === "pending" ? "Not assigned yet" : "Grace Hopper")).toBeDefined();
    expect(within(region).getByText("just now")).toBeDefined();
  });

  it("shows the requested time relative to now", async () => {
    server.my = makeRide({ requestedAt: Date.now() - 5 * 60_000 });
    await open();
    expect(within(await screen.findByRole("region", { name: "Current Ride" })).getByText("5 minutes ago"))
      .toBeDefined();
  });

  it("marks the ride on the map in its status colour, with its pickup and destination", async () => {
    server.my = moved(makeRide({ dropoff: INSIDE }), "on-the-way");
    const { container } = await open();
    await screen.findByRole("region", { name: "Current Ride" });
    const pins = pinsOnMap(container);
    expect(pins.find((p) => p.kind === "ride")).toMatchObject({
      status: "on-the-way",
      at: `${GREER.lat},${GREER.lng}`,
    });
    expect(pins.find((p) => p.kind === "destination")?.at).toBe(`${INSIDE.lat},${INSIDE.lng}`);
  });

  it("shows the driver coming: their shuttle alone on the map, and the card's minutes falling to Arriving now", async () => {
    const ride = moved(makeRide({ dropoff: INSIDE }), "accepted", { driverName: "Grace Hopper" });
    server.my = ride;
    const { container } = await open();
    await screen.findByRole("region", { name: "Current Ride" });
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: "driver-updates", drivers: [driver("d1", 34.9401, -82.2261), driver("d2", 34.94, -82.23)] });
    const far = { lat: 34.9477, lng: -82.2271 };
    socket.push({ type: "driver-location", rideId: ride.id, location: far, etaMinutes: 5, lateMinutes: null });
    await waitFor(() => expect(within(card()).getByText("Arriving in about 5 min")).toBeDefined());
    // Their own driver only, kept in view with the pickup: no other shuttle may be taken for theirs.
    const shuttles = () => pinsOnMap(container).filter((p) => p.kind === "shuttle");
    expect(shuttles()).toEqual([
      { kind: "shuttle", at: `${far.lat},${far.lng}`, status: "", title: "Your shuttle: Grace Hopper" },
    ]);
    expect(mapProps().pins.filter((p) => p.keep).map((p) => p.id)).toEqual(["pickup", "my-driver"]);

    // A word about another ride is not this rider's.
    socket.push({ type: "driver-location", rideId: "other", location: GREER, etaMinutes: 1, lateMinutes: null });
    socket.push({ type: "driver-location", rideId: ride.id, location: far, etaMinutes: 9, lateMinutes: 6 });
    await waitFor(() => expect(within(card()).getByText("Running about 6 min late")).toBeDefined());
    expect(within(card()).getByText("Arriving in about 9 min")).toBeDefined();

    const near = { lat: GREER.lat + 0.0005, lng: GREER.lng }; // about 55 m from the pickup
    socket.push({ type: "driver-location", rideId: ride.id, location: near, etaMinutes: 2, lateMinutes: null });
    await waitFor(() => expect(within(card()).getByText("Arriving now")).toBeDefined());
    expect(within(card()).queryByText(/late/)).toBeNull();

    // Aboard ("Picked up" moves the ride to arrived): the minutes to the destination.
    socket.push({ type: "update", ride: moved(ride, "arrived") });
    socket.push({ type: "driver-location", rideId: ride.id, location: GREER, etaMinutes: 4, lateMinutes: null });
    await waitFor(() => expect(within(card()).getByText("About 4 min to your destination")).toBeDefined());
  });

  it("reads the driver's position and minutes from rides/my, before any socket message", async () => {
    const ride = moved(makeRide(), "on-the-way");
    server.my = { ...ride, driverLocation: GREER, etaMinutes: 3, lateMinutes: null } as Ride;
    await open();
    await waitFor(() => expect(within(card()).getByText("Arriving now")).toBeDefined());
  });

  it("follows each step live over the socket, to Ride completed!", async () => {
    const ride = makeRide();
    server.my = ride;
    const { container } = await open();
    await screen.findByRole("region", { name: "Current Ride" });
    const socket = FakeSocket.latest();
    socket.accept();
    let current = ride;
    for (
      const [status, message] of [
        ["accepted", "Your ride has been accepted by a driver!"],
        ["on-the-way", "Your driver is on the way!"],
        ["arrived", "Your driver has arrived!"],
      ] as const
    ) {
      current = moved(current, status);
      socket.push({ type: "update", ride: current });
      await waitFor(() => expect(within(card()).getByText(message)).toBeDefined());
      expect(pinsOnMap(container).find((p) => p.kind === "ride")?.status).toBe(status);
    }
    socket.push({ type: "update", ride: moved(current, "completed") });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Current Ride" })).toBeNull());
    expect(screen.getByText("Ride completed!")).toBeDefined();
    expect(await formReady()).toBeDefined();
  });

  it.each(
    [
      ["canceled", "Your ride has been canceled."],
      ["no-show", "Ride marked as no-show."],
    ] as const,
  )("says %s ends the ride with %j", async (status, message) => {
    const ride = moved(makeRide(), status === "no-show" ? "on-the-way" : "accepted");
    server.my = ride;
    await open();
    await screen.findByRole("region", { name: "Current Ride" });
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: "update", ride: moved(ride, status) });
    expect(await screen.findByText(message)).toBeDefined();
    expect(screen.queryByRole("region", { name: "Current Ride" })).toBeNull();
  });

  it("ignores a live message older than the ride it holds", async () => {
    const ride = moved(makeRide(), "on-the-way");
    server.my = ride;
    await open();
    await screen.findByText("Your driver is on the way!");
    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: "update", ride: { ...ride, status: "accepted", updatedAt: ride.updatedAt - 500 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText("Your driver is on the way!")).toBeDefined();
  });

  it("cancels with Cancel Ride, then says so and refetches 500 ms later", async () => {
    server.my = makeRide();
    const { fetchMock } = await open();
    await screen.findByRole("region", { name: "Current Ride" });
    const before = callsTo(fetchMock, "GET", "/greer/api/rides/my").length;
    fireEvent.click(screen.getByRole("button", { name: "Cancel Ride" }));
    expect(await screen.findByText("Your ride has been canceled.")).toBeDefined();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(String(put[0])).toMatch(/^\/greer\/api\/rides\/01RIDE/);
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: "canceled" });
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/rides/my").length).toBe(before + 1), {
      timeout: 2000,
    });
  });

  it('says "Failed to cancel ride." when the cancel fails, and keeps the card', async () => {
    server.my = makeRide();
    server.put = () => json({ error: "boom" }, 500);
    await open();
    await screen.findByRole("region", { name: "Current Ride" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel Ride" }));
    expect((await within(card()).findByRole("alert")).textContent).toBe("Failed to cancel ride.");
  });

  it('says "No ride to cancel." when the ride is no longer there', async () => {
    server.my = makeRide();
    server.put = () => json({ error: "Ride not found" }, 404);
    await open();
    await screen.findByRole("region", { name: "Current Ride" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel Ride" }));
    expect((await screen.findByRole("alert")).textContent).toBe("No ride to cancel.");
  });
});

describe("RiderScreen: live and polling (spec sections 7, 9)", () => {
  it("polls every 15 s while the socket is down, and stops once it is up", async () => {
    vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
    const ride = makeRide();
    server.my = ride;
    const { fetchMock } = await open();
    await screen.findByRole("region", { name: "Current Ride" });
    const rideCalls = () => callsTo(fetchMock, "GET", "/greer/api/rides/my").length;
    const start = rideCalls();
    // The socket never opened: the driver's accept arrives by polling.
    server.my = moved(ride, "accepted");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(rideCalls()).toBe(start + 1);
    expect(await screen.findByText("Your ride has been accepted by a driver!")).toBeDefined();
    expect(callsTo(fetchMock, "GET", "/greer/api/drivers/available").length).toBeGreaterThanOrEqual(2);

    // A socket that opens refetches once, then the polling stops.
    const socket = FakeSocket.all.find((s) => s.readyState === 0)!;
    socket.accept();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const afterOpen = rideCalls();
    expect(afterOpen).toBe(start + 2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(45_000);
    });
    expect(rideCalls()).toBe(afterOpen);
  });

  it.each([1001, 1013, 1006])(
    "reconnects with backoff after a close with %i, and refetches on the new open",
    async (code) => {
      vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
      vi.spyOn(Math, "random").mockReturnValue(0.5);
      const { fetchMock } = await open();
      await formReady();
      const first = FakeSocket.latest();
      first.accept();
      first.drop(code);
      expect(FakeSocket.all).toHaveLength(1);
      // Full jitter with random() = 0.5: half of the 1 s window, each time with a fresh ticket.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(250);
      });
      expect(FakeSocket.all).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(250);
      });
      await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
      expect(FakeSocket.latest().url).toMatch(/\?ticket=ticket-2$/);
      const calls = callsTo(fetchMock, "GET", "/greer/api/rides/my").length;
      FakeSocket.latest().accept();
      await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/rides/my").length).toBe(calls + 1));
      // Refused again: half of 1 s (the open reset the count), then half of 2 s.
      FakeSocket.latest().drop(code);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500);
      });
      await waitFor(() => expect(FakeSocket.all).toHaveLength(3));
      FakeSocket.latest().drop(code);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(600);
      });
      expect(FakeSocket.all).toHaveLength(3);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400);
      });
      await waitFor(() => expect(FakeSocket.all).toHaveLength(4));
    },
  );

  it("logs a 1008 close as an access restriction and keeps polling instead of redialling", async () => {
    vi.useFakeTimers({ toFake: TIMERS, shouldAdvanceTime: true });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fetchMock } = await open();
    await formReady();
    FakeSocket.latest().drop(1008);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("access restricted (close code 1008)"));
    const calls = callsTo(fetchMock, "GET", "/greer/api/rides/my").length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(FakeSocket.all).toHaveLength(1);
    expect(callsTo(fetchMock, "GET", "/greer/api/rides/my").length).toBe(calls + 4);
  });

  it("answers no stale fetch over a newer live change", async () => {
    const ride = makeRide();
    server.my = ride;
    signIn();
    stubGeolocation();
    let answer: ((res: Response) => void) | null = null;
    let calls = 0;
    stubApi({
      roles: ["rider"],
      routes: {
        "GET /greer/api/drivers/available": () => json([driver("d1")]),
        "GET /greer/api/rides/my": () => {
          calls++;
          return calls === 1 ? json(ride) : new Promise<Response>((r) => answer = r);
        },
      },
    });
    render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    await screen.findByText("You have a pending ride request");
    const socket = FakeSocket.latest();
    socket.accept(); // refetch starts, and hangs
    await waitFor(() => expect(answer).not.toBeNull());
    socket.push({ type: "update", ride: moved(ride, "accepted") });
    await screen.findByText("Your ride has been accepted by a driver!");
    await act(async () => {
      answer!(json(ride));
      await Promise.resolve();
    });
    expect(screen.getByText("Your ride has been accepted by a driver!")).toBeDefined();
  });
  it("keeps a ride fetch that the socket's drivers list overtook: a move made meanwhile is shown", async () => {
    const ride = makeRide();
    signIn();
    stubGeolocation();
    let answer: ((res: Response) => void) | null = null;
    let calls = 0;
    stubApi({
      roles: ["rider"],
      routes: {
        "GET /greer/api/drivers/available": () => json([driver("d1")]),
        "GET /greer/api/rides/my": () => {
          calls++;
          return calls === 1 ? json(ride) : new Promise<Response>((r) => answer = r);
        },
      },
    });
    render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    await screen.findByText("You have a pending ride request");
    const socket = FakeSocket.latest();
    socket.accept(); // the socket's refetch starts and hangs while the ride is accepted on the server
    await waitFor(() => expect(answer).not.toBeNull());
    socket.push({ type: "driver-updates", drivers: [driver("d1"), driver("d2")] });
    await act(async () => {
      answer!(json(moved(ride, "accepted")));
      await Promise.resolve();
    });
    await screen.findByText("Your ride has been accepted by a driver!");
  });
});

describe("RiderScreen: the schedule when no driver is online", () => {
  it("shows the weekly schedule, grouped, in 12-hour times, only while no driver is online", async () => {
    server.drivers = [];
    const weekday = [{ start: "07:00", end: "19:00" }];
    server.schedule = { "1": weekday, "2": weekday, "3": weekday, "4": weekday, "5": weekday };
    const { container } = await open();
    expect(await screen.findByRole("heading", { name: "Shuttle schedule" })).toBeDefined();
    await screen.findByText("Mon – Fri");
    const rows = [...container.querySelectorAll(".schedule__row")].map((row) =>
      [...row.children].map((c) => c.textContent)
    );
    expect(rows).toEqual([["Sun", "No service"], ["Mon – Fri", "7:00 AM – 7:00 PM"], ["Sat", "No service"]]);

    const socket = FakeSocket.latest();
    socket.accept();
    socket.push({ type: "driver-updates", drivers: [driver("d9")] });
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Shuttle schedule" })).toBeNull());
  });

  it('says "No schedule available" for an empty schedule', async () => {
    server.drivers = [];
    server.schedule = {};
    await open();
    expect(await screen.findByText("No schedule available")).toBeDefined();
  });

  it("shows Loading schedule... then an error when the schedule cannot be loaded", async () => {
    server.drivers = [];
    signIn();
    stubGeolocation();
    let answer!: (res: Response) => void;
    stubApi({
      roles: ["rider"],
      routes: {
        "GET /greer/api/drivers/available": () => json([]),
        "GET /greer/api/rides/my": () => json(null),
        "GET /greer/api/schedule": () => new Promise<Response>((r) => answer = r),
      },
    });
    render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    expect(await screen.findByText("Loading schedule...")).toBeDefined();
    await waitFor(() => expect(typeof answer).toBe("function"));
    answer(json({ error: "boom" }, 500));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The schedule could not be loaded. Please try again later.",
    );
  });
});

describe("RiderScreen: access", () => {
  it("is open to drivers too, and sends a signed-out visitor to login", async () => {
    await open({ roles: ["driver"] });
    expect(await formReady()).toBeDefined();
    cleanup();
    resetSession();
    render(inLanguage("en", "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
    expect(screen.queryByRole("heading", { name: "Request a Ride" })).toBeNull();
  });
});
