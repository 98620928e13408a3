/**
 * Stands in for components/map/MapView.tsx in happy-dom, where MapLibre cannot
 * run: it lists the pins it was given and lets a test tap the map at a point.
 *
 *   vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));
 *   tapMap({ lat: 34.94, lng: -82.227 });
 *   placeOnMap("City Hall", "destination");  // "Go here" in a place's popup
 */
import { act } from "@testing-library/react";
import type { MapViewProps, PlaceUse } from "../../components/map/types.ts";
import type { Point } from "../../lib/geo.ts";

let latest: MapViewProps | null = null;

export function MapView(props: MapViewProps) {
  latest = props;
  return (
    <div data-testid="map" role="region" aria-label={props.label} data-picking={String(!!props.picking)}>
      <ul>
        {props.pins.map((pin) => (
          <li
            key={`${pin.kind}:${pin.id}`}
            data-kind={pin.kind}
            data-status={pin.status ?? ""}
            data-at={`${pin.at.lat},${pin.at.lng}`}
          >
            {pin.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The props the map was last rendered with. */
export function mapProps(): MapViewProps {
  if (!latest) throw new Error("the map has not been rendered");
  return latest;
}

/** A tap on the map at `point`, as MapLibre would report it. */
export function tapMap(point: Point): void {
  const onPick = mapProps().onPick;
  if (!onPick) throw new Error("this map takes no taps");
  act(() => {
    onPick(point);
  });
}

/** A pin dragged and dropped at `point` (the WebGL map's draggable pins). */
export function dragPin(id: string, point: Point): void {
  const onPinMove = mapProps().onPinMove;
  if (!onPinMove) throw new Error("this map moves no pins");
  act(() => {
    onPinMove(id, point);
  });
}

/** The pins on the map, as [kind, lat,lng, status] rows. */
export function pinsOnMap(container: HTMLElement): { kind: string; at: string; status: string; title: string }[] {
  return [...container.querySelectorAll<HTMLElement>('[data-testid="map"] li')].map((li) => ({
    kind: li.dataset.kind ?? "",
    at: li.dataset.at ?? "",
    status: li.dataset.status ?? "",
    title: li.textContent ?? "",
  }));
}

export function resetMap(): void {
  latest = null;
}

/** The names of the places the map was given, in order. */
export function placesOnMap(): string[] {
  return (mapProps().places ?? []).map((place) => place.name);
}

/** A place chosen on the map, as its popup's "Go here" ("destination") or "Pick up here" ("pickup") would. */
export function placeOnMap(name: string, use: PlaceUse): void {
  const { places = [], onPlace } = mapProps();
  const place = places.find((p) => p.name === name);
  if (!place) throw new Error(`the map shows no place "${name}"`);
  if (!onPlace) throw new Error("this map takes no places");
  act(() => onPlace(place, use));
}
