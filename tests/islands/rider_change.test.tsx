/** Arrive by and changing a booking on the rider screen, in English (the cases: rider_change_cases.tsx). */
import { vi } from "vitest";
import { bookingHooks } from "./rider_booking_world.tsx";
import { changeCases } from "./rider_change_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

bookingHooks();

changeCases("en", {
  change: "Change",
  cardNote: "A driver has this ride: the pickup can move by at most 50 m.",
  moveHere: "Move the pickup to where I am",
  later: "Later",
  arriveBy: "Arrive by",
  pickMeUp: "Pick me up at",
  date: "Date",
  time: "Time",
  destination: "Destination",
  request: "Request Ride",
  arriveNote: "Request Ride books it to arrive by Tue, Jan 6, 9:00 AM.",
  upcoming: "Upcoming rides",
  arriveLine: "Arrive by 9:00 AM",
  changeOf: /^Change the ride of Tue, Jan 6, 9:00/,
  form: "Change your ride",
  passengers: "Passengers",
  note: "Note for the driver",
  save: "Save changes",
  keep: "Keep as is",
  changedTime: "Tue, Jan 6, 10:30 AM",
  halfPastTen: "10:30 AM",
});
