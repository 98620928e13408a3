/**
 * The map box (components/map/MapView.tsx) in happy-dom: the static map first
 * and whenever the WebGL map cannot run, the WebGL map (stubbed here) loaded
 * lazily after the first frame (MAP_STYLE_URL) or once the person reaches for
 * the map (the built-in style).
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
    return <div role="region" aria-label={label} data-testid="webgl-map" />;
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

  it("loads the WebGL map of MAP_STYLE_URL after the first frame, in the same box", async () => {
    resetWebglCheck(true);
    const styleUrl = "https://tiles.example.org/style.json";
    const { container } = render(<MapView area={GREER} styleUrl={styleUrl} pins={PINS} label="Map of Greer" />);
    // First render: the static map holds the place.
    expect(container.querySelector(".static-map")).not.toBeNull();
    expect(await screen.findByTestId("webgl-map")).toBeDefined();
    expect(container.querySelector(".static-map")).toBeNull();
    expect(container.querySelectorAll(".map-box")).toHaveLength(1);
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
    // The first paint is the static map, with no notice yet.
    expect(screen.queryByRole("status")).toBeNull();
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
