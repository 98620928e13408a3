/** The rider's card in automatic dispatch and a refused request, in English (tests/islands/rider_shared_cases.tsx). */
import { vi } from "vitest";
import { sharedCardCases } from "./rider_shared_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

sharedCardCases("en", {
  region: "Current Ride",
  shuttle: (vehicle, time) => `Your shuttle (${vehicle}) will pick you up at about ${time}`,
  window: (from, to) => `between ${from} and ${to}`,
  arrives: (time) => `Arrives about ${time}`,
  shared: "Shared ride",
  bookLater: "Book for later",
  later: "Later",
  request: "Request Ride",
  destination: "Destination",
  refusal: "No shuttle can pick you up within 15 minutes. Try again soon or book for later.",
});
