/** The needs and note controls on a Spanish page (the cases: ride_needs_cases.tsx). */
import { vi } from "vitest";
import { needsCases } from "./ride_needs_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

needsCases("es", {
  wheelchair: "Usa silla de ruedas",
  serviceAnimal: "Animal de servicio",
  assistance: "Necesita ayuda para subir",
  accessibilityNeeds: "Necesidades de accesibilidad",
  saved: "Necesidades de accesibilidad guardadas.",
  needsForRide: "Necesidades para este viaje",
  noteForDriver: "Nota para el conductor",
  accept: "Aceptar",
  requestRide: "Solicitar viaje",
  vehicle: "Mi vehículo admite silla de ruedas",
});
