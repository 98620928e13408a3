/** The dispatcher's console on an English page (the cases: dispatch_console_cases.tsx). */
import { vi } from "vitest";
import { consoleCases } from "./dispatch_console_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

consoleCases("en", {
  title: "Dispatch",
  seats: "Seats in use: 3 of 12",
  nextStop: "Next stop: Pick up Ben Ortiz · Library Steps · 9:14 AM",
  late: "Next pickup 6 min late",
  onTime: "Next pickup on time",
  queueTitle: "Waiting for a vehicle (1)",
  route: "Greer Station → City Hall",
  passengers: "2 passengers",
  waiting: /Waiting since 9:02 AM \(8 minutes ago\)/,
  alertsTitle: "Alerts",
  lateAlert: "Van 1: pickup of Ben Ortiz 6 min late",
  silentAlert: "Car 2: no position from Cal Carter for 3 min",
  announced: "New alert: Car 2: no position from Cal Carter for 3 min",
  assignTo: "Assign to",
  assign: "Assign",
  moveTo: "Move to",
  move: "Move",
  pin: "Pin to vehicle",
  unpin: "Unpin",
  cancel: "Cancel ride",
  reason: "Reason (the rider is told)",
  reasonNeeded: "Please give a reason: the rider is told it.",
  assignAnyway: "Assign anyway",
  overLimit: "This vehicle cannot take the ride within the limits",
  limit: "The rider would wait more than 15 minutes",
  denied: "Access denied - dispatcher privileges required",
});
