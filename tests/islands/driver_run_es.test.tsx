/** The driver's run in automatic dispatch, on a Spanish page (the cases: driver_run_cases.tsx). */
import { vi } from "vitest";
import { runCases } from "./driver_run_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

runCases("es", {
  title: "Sus paradas",
  next: "Próxima parada",
  anaPickup: "Recoger a Ana Ruiz · 2 pasajeros · Usa silla de ruedas · Greer Station · 9:04 a.m.",
  benDropoff: "Dejar a Ben Ortiz · City Hall · 9:10 a.m.",
  cyPickup: "Recoger a Cy Young · 1 pasajero · Library Steps · 9:03 a.m.",
  laterFirst: ["Dejar a Ben Ortiz · City Hall · 9:10 a.m.", "Dejar a Ana Ruiz · Library Steps · 9:15 a.m."],
  pickedUp: "A bordo",
  droppedOff: "Ya bajó",
  noShow: "No se presentó",
  navigate: "Navegar",
  added: "Nuevo pasajero: recogida a las 9:03 a.m. en Library Steps",
  removed: "Pasajero retirado: Ana Ruiz ya no viaja con usted",
  moved: "Bajada cambiada: Ben Ortiz a las 9:14 a.m.",
  rideList: "Solicitudes de viaje activas",
  noRides: "No hay solicitudes de viaje activas",
  noStops: "No hay paradas planificadas",
});
