/** The needs and note controls in English (the cases: ride_needs_cases.tsx). */
import { vi } from "vitest";
import { needsCases } from "./ride_needs_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

needsCases("en", {
  wheelchair: "Wheelchair user",
  serviceAnimal: "Service animal",
  assistance: "Needs help boarding",
  accessibilityNeeds: "Accessibility needs",
  saved: "Accessibility needs saved.",
  needsForRide: "Needs for this ride",
  noteForDriver: "Note for the driver",
  accept: "Accept",
  requestRide: "Request Ride",
  vehicle: "My vehicle takes a wheelchair",
});
