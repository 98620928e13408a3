/** A driver as riders see them on the map: online with a fresh location (kv/drivers.ts decides who counts). */
import type { Point } from "./geo.ts";

export interface AvailableDriver {
  id: string;
  name: string | null;
  location: Point;
}
