/** The rider's card in automatic dispatch and a refused request, in Spanish (tests/islands/rider_shared_cases.tsx). */
import { vi } from "vitest";
import { sharedCardCases } from "./rider_shared_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

sharedCardCases("es", {
  region: "Viaje actual",
  shuttle: (vehicle, time) => `Su vehículo (${vehicle}) lo recogerá hacia las ${time}`,
  window: (from, to) => `entre las ${from} y las ${to}`,
  arrives: (time) => `Llega hacia las ${time}`,
  shared: "Viaje compartido",
  bookLater: "Reservar para más tarde",
  later: "Más tarde",
  request: "Solicitar viaje",
  destination: "Destino",
  refusal: "Ningún vehículo puede recogerle en menos de 15 minutos. Inténtelo pronto o reserve para más tarde.",
});
