/** The driver's run in automatic dispatch, on an English page (the cases: driver_run_cases.tsx). */
import { vi } from "vitest";
import { runCases } from "./driver_run_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

runCases("en", {
  title: "Your stops",
  next: "Next stop",
  anaPickup: "Pick up Ana Ruiz · 2 passengers · Wheelchair user · Greer Station · 9:04 AM",
  benDropoff: "Drop off Ben Ortiz · City Hall · 9:10 AM",
  cyPickup: "Pick up Cy Young · 1 passenger · Library Steps · 9:03 AM",
  laterFirst: ["Drop off Ben Ortiz · City Hall · 9:10 AM", "Drop off Ana Ruiz · Library Steps · 9:15 AM"],
  pickedUp: "Picked up",
  droppedOff: "Dropped off",
  noShow: "No-show",
  navigate: "Navigate",
  added: "New rider added: pick up at 9:03 AM at Library Steps",
  removed: "Rider removed: Ana Ruiz no longer rides with you",
  moved: "Drop-off moved: Ben Ortiz at 9:14 AM",
  rideList: "Active Ride Requests",
  noRides: "No active ride requests",
  noStops: "No stops planned",
});
