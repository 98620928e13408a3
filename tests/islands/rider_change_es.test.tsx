/** Arrive by and changing a booking on the rider screen, in Spanish (the cases: rider_change_cases.tsx). */
import { vi } from "vitest";
import { bookingHooks } from "./rider_booking_world.tsx";
import { changeCases } from "./rider_change_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

bookingHooks();

changeCases("es", {
  change: "Cambiar",
  cardNote: "Un conductor ya tiene este viaje: la recogida se puede mover como máximo 50 m.",
  moveHere: "Mover la recogida a donde estoy",
  later: "Más tarde",
  arriveBy: "Llegar antes de",
  pickMeUp: "Recogerme a las",
  date: "Fecha",
  time: "Hora",
  destination: "Destino",
  request: "Solicitar viaje",
  arriveNote: "Solicitar viaje lo reserva para llegar antes del mar, 6 de ene, 9:00 a.m.",
  upcoming: "Próximos viajes",
  arriveLine: "Llegar antes de las 9:00 a.m.",
  changeOf: /^Cambiar el viaje de mar, 6 de ene, 9:00/,
  form: "Cambiar su viaje",
  passengers: "Pasajeros",
  note: "Nota para el conductor",
  save: "Guardar cambios",
  keep: "Dejar como está",
  changedTime: "mar, 6 de ene, 10:30 a.m.",
  halfPastTen: "10:30 a. m.",
});
