/** The driver's vehicle going online, on a Spanish page (the cases: driver_vehicles_cases.tsx). */
import { vi } from "vitest";
import { vehicleCases } from "./driver_vehicles_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

vehicleCases("es", {
  question: "¿Qué vehículo maneja?",
  van: "12 asientos · 2 espacios para silla de ruedas",
  car: "6 asientos · 0 espacios para silla de ruedas",
  inUse: "En uso por otro conductor",
  goOnline: "Ponerse en línea",
  choose: "Elija su vehículo para ponerse en línea.",
  // The server answers in the request's language: the screen shows it as it came.
  held: "Otro conductor en línea ya maneja Van 1",
  unknown: "Vehículo desconocido",
  wheelchairCheck: "Mi vehículo admite silla de ruedas",
  online: "En línea",
  offline: "Sin conexión",
  wheelchairUser: "Usa silla de ruedas",
});
