/** The dispatcher's console on a Spanish page (the cases: dispatch_console_cases.tsx). */
import { vi } from "vitest";
import { consoleCases } from "./dispatch_console_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

consoleCases("es", {
  title: "Despacho",
  seats: "Asientos ocupados: 3 de 12",
  nextStop: "Próxima parada: Recoger a Ben Ortiz · Library Steps · 9:14 a.m.",
  late: "Próxima recogida con 6 min de retraso",
  onTime: "Próxima recogida a tiempo",
  queueTitle: "Esperando un vehículo (1)",
  route: "Greer Station → City Hall",
  passengers: "2 pasajeros",
  waiting: /Esperando desde las 9:02 a\.\s?m\. \(hace 8 minutos\)/,
  alertsTitle: "Alertas",
  lateAlert: "Van 1: recogida de Ben Ortiz con 6 min de retraso",
  silentAlert: "Car 2: sin ubicación de Cal Carter desde hace 3 min",
  announced: "Nueva alerta: Car 2: sin ubicación de Cal Carter desde hace 3 min",
  assignTo: "Asignar a",
  assign: "Asignar",
  moveTo: "Mover a",
  move: "Mover",
  pin: "Fijar al vehículo",
  unpin: "Soltar",
  cancel: "Cancelar viaje",
  reason: "Motivo (se le dice al pasajero)",
  reasonNeeded: "Indique un motivo: se le dice al pasajero.",
  assignAnyway: "Asignar de todos modos",
  overLimit: "Este vehículo no puede llevar el viaje dentro de los límites",
  limit: "El pasajero esperaría más de 15 minutos",
  denied: "Acceso denegado: se requieren permisos de despachador",
});
