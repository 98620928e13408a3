/**
 * The map box (components/map/MapView.tsx) in happy-dom: the static map first
 * (the area, the places, the route, the pins) and whenever the WebGL map
 * cannot run, the WebGL map (stubbed here) loaded lazily once the person
 * reaches for the map, with a street style (MAP_STYLE_URL) as with the
 * built-in one.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MapView, resetWebglCheck } from "../../components/map/MapView.tsx";
import type { MapPin } from "../../components/map/types.ts";
import { GREER } from "./rides_fixtures.ts";

const webgl = vi.hoisted(() => ({ fail: false }));

vi.mock("../../components/map/ShuttleMap.tsx", () => ({
  default: ({ label }: { label: string }) => {
    if (webgl.fail) throw new Error("WebGL context could not be created");
    return (
      <div role="region" aria-label={label} data-testid="webgl-map">
        <canvas className="maplibregl-canvas" tabIndex={0} />
      </div>
    );
  },
}));

const PINS: MapPin[] = [
  { id: "pickup", kind: "pickup", at: { lat: GREER.lat, lng: GREER.lng }, title: "Pickup" },
  { id: "r1", kind: "ride", at: { lat: GREER.lat, lng: GREER.lng }, status: "accepted", title: "Your ride: Accepted" },
  { id: "d1", kind: "shuttle", at: { lat: 34.939, lng: -82.2275 }, title: "Shuttle: Grace Hopper" },
];

beforeEach(() => {
  webgl.fail = false;
});

afterEach(() => {
  cleanup();
  resetWebglCheck();
  vi.restoreAllMocks();
});

describe("MapView", () => {
  it("draws the static map (area and pins) where there is no WebGL, and never a blank box", async () => {
    resetWebglCheck(false);
    const { container } = render(<MapView area={GREER} styleUrl={null} pins={PINS} label="Map of Greer" />);
    await new Promise((r) => requestAnimationFrame(r));
    expect(container.querySelector(".map-box")).not.toBeNull();
    expect(screen.getByRole("region", { name: "Map of Greer" })).toBeDefined();
    const circle = container.querySelector("circle.static-map__area")!;
    expect(circle.getAttribute("r")).toBe("805");
    expect(container.querySelectorAll("svg image")).toHaveLength(2);
    expect(container.querySelector("circle.ride-fill--accepted")).not.toBeNull();
    expect([...container.querySelectorAll(".sr-only li")].map((li) => li.textContent)).toEqual([
      "Pickup",
      "Your ride: Accepted",
      "Shuttle: Grace Hopper",
    ]);
    expect(screen.queryByTestId("webgl-map")).toBeNull();
  });

  it("with a street style, keeps the static map until the person reaches for the map, then loads it in the same box", async () => {
    resetWebglCheck(true);
    const styleUrl = "https://tiles.example.org/style.json";
    const { container } = render(<MapView area={GREER} styleUrl={styleUrl} pins={PINS} label="Map of Greer" />);
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => setTimeout(r, 50));
    // Read, not touched: no WebGL map, no notice, the static map holds the place.
    expect(screen.queryByTestId("webgl-map")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    expect(container.querySelector(".static-map")).not.toBeNull();
    fireEvent.pointerDown(container.querySelector(".static-map")!);
    expect(await screen.findByTestId("webgl-map")).toBeDefined();
    expect(container.querySelector(".static-map")).toBeNull();
    expect(container.querySelectorAll(".map-box")).toHaveLength(1);
  });

  it("loads the WebGL map when the keyboard reaches the map", async () => {
    resetWebglCheck(true);
    render(<MapView area={GREER} styleUrl={null} pins={PINS} label="Map of Greer" />);
    const region = screen.getByRole("region", { name: "Map of Greer" });
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(await screen.findByTestId("webgl-map")).toBeDefined();
    // Focus follows into the WebGL map, whose canvas pans and zooms with the keys.
    await waitFor(() => expect(document.activeElement?.classList.contains("maplibregl-canvas")).toBe(true));
  });

  it("leaves focus where it is when a pointer reaches for the map", async () => {
    resetWebglCheck(true);
    const { container } = render(<MapView area={GREER} styleUrl={null} pins={PINS} label="Map of Greer" />);
    fireEvent.pointerOver(container.querySelector(".map-box")!);
    expect(await screen.findByTestId("webgl-map")).toBeDefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(document.body);
  });

  it("draws the places with their names and the route in stop order on the static map", () => {
    const places = [
      { id: "p1", name: "Greer Station", lat: 34.9391, lng: -82.2269, note: null },
      { id: "p2", name: "City Hall", lat: 34.9375, lng: -82.229, note: null },
    ];
    const route = [{ lat: 34.939, lng: -82.2275 }, { lat: GREER.lat, lng: GREER.lng }, { lat: 34.9375, lng: -82.229 }];
    const { container } = render(
      <MapView area={GREER} styleUrl={null} pins={PINS} places={places} route={route} label="Map of Greer" />,
    );
    expect([...container.querySelectorAll(".static-map__place text")].map((t) => t.textContent)).toEqual([
      "Greer Station",
      "City Hall",
    ]);
    // North is up: the first stop, north-west of the centre, is left of and above it.
    const points = container.querySelector("polyline.static-map__route")!.getAttribute("points")!.split(" ")
      .map((p) => p.split(",").map(Number));
    expect(points).toHaveLength(3);
    expect(points[1]).toEqual([0, 0]);
    expect(points[0][0]).toBeLessThan(0);
    expect(points[0][1]).toBeLessThan(0);
    expect(points[2][0]).toBeLessThan(0);
    expect(points[2][1]).toBeGreaterThan(0);
  });

  it("draws no route line for a route of fewer than two points", () => {
    const { container } = render(
      <MapView area={GREER} styleUrl={null} pins={PINS} route={[GREER]} label="Map of Greer" />,
    );
    expect(container.querySelector(".static-map__route")).toBeNull();
  });

  it("with the built-in style, keeps the static map until the person reaches for the map", async () => {
    resetWebglCheck(true);
    const { container } = render(<MapView area={GREER} styleUrl={null} pins={PINS} label="Map of Greer" />);
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("webgl-map")).toBeNull();
    expect(container.querySelector(".static-map")).not.toBeNull();
    fireEvent.pointerDown(container.querySelector(".map-box")!);
    expect(await screen.findByTestId("webgl-map")).toBeDefined();
    expect(container.querySelector(".static-map")).toBeNull();
  });

  it("with the built-in style, loads the WebGL map on a wheel over the map too", async () => {
    resetWebglCheck(true);
    const { container } = render(<MapView area={GREER} styleUrl={null} pins={PINS} label="Map of Greer" />);
    fireEvent.wheel(container.querySelector(".static-map")!);
    expect(await screen.findByTestId("webgl-map")).toBeDefined();
  });

  it("says the street map is unavailable where a street style cannot be drawn (no WebGL), over the area and pins", async () => {
    resetWebglCheck(false);
    const styleUrl = "https://tiles.openfreemap.org/styles/liberty";
    const { container } = render(<MapView area={GREER} styleUrl={styleUrl} pins={PINS} label="Map of Greer" />);
    // The first view is the static map, with no notice: the street map has not been asked for yet.
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.pointerDown(container.querySelector(".map-box")!);
    expect((await screen.findByRole("status")).textContent).toBe("Street map unavailable");
    expect(container.querySelector("circle.static-map__area")).not.toBeNull();
    expect(container.querySelectorAll("svg image")).toHaveLength(2);
    expect(screen.queryByTestId("webgl-map")).toBeNull();
  });

  it("says the street map is unavailable when the WebGL map of a street style fails, and never with the built-in style", async () => {
    resetWebglCheck(true);
    webgl.fail = true;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const styleUrl = "https://tiles.openfreemap.org/styles/liberty";
    const { container } = render(<MapView area={GREER} styleUrl={styleUrl} pins={PINS} label="Map of Greer" />);
    fireEvent.pointerDown(container.querySelector(".map-box")!);
    expect((await screen.findByRole("status")).textContent).toBe("Street map unavailable");
    expect(container.querySelector(".static-map")).not.toBeNull();
    cleanup();
    render(<MapView area={GREER} styleUrl={null} pins={PINS} label="Map of Greer" />);
    fireEvent.pointerDown(document.querySelector(".map-box")!);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("keeps the static map when the WebGL map fails", async () => {
    resetWebglCheck(true);
    webgl.fail = true;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(<MapView area={GREER} styleUrl={null} pins={PINS} label="Map of Greer" />);
    fireEvent.pointerDown(container.querySelector(".map-box")!);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(container.querySelector(".static-map")).not.toBeNull();
    expect(screen.getByRole("region", { name: "Map of Greer" })).toBeDefined();
  });
});
