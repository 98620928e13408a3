/**
 * The places on the maps, in happy-dom: on the WebGL map
 * (components/map/PlacePins.tsx, react-map-gl's Marker and Popup stubbed to
 * plain elements) a pin is a button that opens a popup with "Go here" and
 * "Pick up here", closed by Escape or its close button with focus back on
 * the pin.
 */
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlacePins } from "../../components/map/PlacePins.tsx";
import type { PlaceUse } from "../../components/map/types.ts";
import type { Place } from "../../lib/places.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { PLACES } from "./rides_fixtures.ts";

vi.mock("react-map-gl/maplibre", () => ({
  Marker: ({ children, className }: { children: ReactNode; className?: string }) => (
    <div className={className}>{children}</div>
  ),
  Popup: ({ children, className }: { children: ReactNode; className?: string }) => (
    <div className={className} data-testid="popup">{children}</div>
  ),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Pins({ onPlace }: { onPlace(place: Place, use: PlaceUse): void }) {
  const [open, setOpen] = useState<string | null>(null);
  return <PlacePins places={PLACES} open={open} onOpen={setOpen} onPlace={onPlace} />;
}

describe("places on the WebGL map", () => {
  it("draws each place as a labelled button that opens its popup", () => {
    const onPlace = vi.fn();
    render(inLanguage("en", "RiderScreen", <Pins onPlace={onPlace} />));
    const pins = screen.getAllByRole("button");
    expect(pins.map((b) => b.textContent)).toEqual(PLACES.map((p) => p.name));
    const hall = screen.getByRole("button", { name: "City Hall" });
    expect(hall.getAttribute("aria-haspopup")).toBe("dialog");
    expect(hall.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(hall);
    expect(hall.getAttribute("aria-expanded")).toBe("true");
    const dialog = screen.getByRole("dialog", { name: "City Hall" });
    expect(within(dialog).getByText("Main entrance")).toBeDefined();
    fireEvent.click(within(dialog).getByRole("button", { name: "Go here" }));
    expect(onPlace).toHaveBeenCalledWith(PLACES[1], "destination");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(hall);
  });

  it('offers "Pick up here", and closes on Escape or its close button with focus back on the pin', () => {
    const onPlace = vi.fn();
    render(inLanguage("en", "RiderScreen", <Pins onPlace={onPlace} />));
    const station = screen.getByRole("button", { name: "Greer Station" });
    fireEvent.click(station);
    fireEvent.keyDown(screen.getByRole("button", { name: "Go here" }), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(station);
    fireEvent.click(station);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(station);
    fireEvent.click(station);
    fireEvent.click(screen.getByRole("button", { name: "Pick up here" }));
    expect(onPlace).toHaveBeenCalledWith(PLACES[3], "pickup");
    expect(onPlace).toHaveBeenCalledTimes(1);
  });

  it("a second tap on the pin closes its popup", () => {
    render(inLanguage("en", "RiderScreen", <Pins onPlace={() => {}} />));
    const park = screen.getByRole("button", { name: "Greer City Park" });
    fireEvent.click(park);
    fireEvent.click(park);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says the popup's choices in Spanish", () => {
    render(inLanguage("es", "RiderScreen", <Pins onPlace={() => {}} />));
    fireEvent.click(screen.getByRole("button", { name: "Public Library" }));
    const dialog = screen.getByRole("dialog", { name: "Public Library" });
    expect(within(dialog).getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? b.textContent)).toEqual([
      "Ir aquí",
      "Recogerme aquí",
      "Cerrar",
    ]);
  });
});
