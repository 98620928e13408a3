/** The driver's vehicle going online, in English (the cases: driver_vehicles_cases.tsx). */
import { vi } from "vitest";
import { vehicleCases } from "./driver_vehicles_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

vehicleCases("en", {
  question: "Which vehicle are you driving?",
  van: "12 seats · 2 wheelchair spaces",
  car: "6 seats · 0 wheelchair spaces",
  inUse: "In use by another driver",
  goOnline: "Go online",
  choose: "Choose your vehicle to go online.",
  held: "Van 1 is already driven by another driver who is online",
  unknown: "Unknown vehicle",
  wheelchairCheck: "My vehicle takes a wheelchair",
  online: "Online",
  offline: "Offline",
  wheelchairUser: "Wheelchair user",
});
