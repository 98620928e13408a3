/** The dispatcher's booking form on a Spanish page (cases: booking_panel_cases.tsx). */
import { bookingPanelCases } from "./booking_panel_cases.tsx";

bookingPanelCases("es", {
  title: "Reservar un viaje para quien llama",
  phone: "Teléfono de quien llama",
  name: "Nombre (opcional)",
  pickup: "Lugar de recogida",
  dropoff: "Destino: lugar o texto",
  passengers: "Pasajeros",
  note: "Nota para el conductor",
  wheelchair: "Usa silla de ruedas",
  book: "Reservar viaje",
  later: "Más tarde",
  date: "Fecha",
  time: "Hora",
  bookForLater: "Reservar para más tarde",
  phoneError: "Escriba un número de teléfono válido de 10 dígitos",
  pickupNeeded: "Elija un lugar de recogida de la lista.",
  noDrivers: "No hay conductores disponibles en este momento. Inténtelo más tarde.",
  bookedAsap: (phone, time) =>
    `Viaje reservado para ${phone}. Recogida en cuanto un conductor lo acepte (pedido: ${time}).`,
  bookedAt: (phone, time) => `Viaje reservado para ${phone}. Recogida: ${time}.`,
});
