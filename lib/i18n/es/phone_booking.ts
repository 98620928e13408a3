/**
 * Spanish for a dispatcher's booking for a rider by phone (domain/dispatch/book.ts, islands/dispatch/BookingPanel.tsx).
 * Keys are the English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const phone_booking = {
  "You can book {count} rides an hour for riders. Please try again later.":
    "Puede reservar {count} viajes por hora para pasajeros. Inténtelo más tarde.",
  "This person's account changed while the ride was booked. Please try again.":
    "La cuenta de esta persona cambió mientras se reservaba el viaje. Inténtelo de nuevo.",
  // The dispatcher's booking form (islands/dispatch/BookingPanel.tsx).
  "Book a ride": "Reservar un viaje",
  "Book a ride for a caller": "Reservar un viaje para quien llama",
  "The ride is booked as if the caller asked for it, and they get the same texts.":
    "El viaje se reserva como si la persona lo hubiera pedido, y recibe los mismos mensajes de texto.",
  "Caller's phone number": "Teléfono de quien llama",
  "Caller's name (optional)": "Nombre (opcional)",
  "Kept only for someone new to the service.": "Solo se guarda para alguien nuevo en el servicio.",
  "Pickup place": "Lugar de recogida",
  "Drop-off place or destination": "Destino: lugar o texto",
  "Choose a place, or type where they are going.": "Elija un lugar o escriba adónde va.",
  "None ticked: the rider's own needs from their profile apply.":
    "Si no marca ninguna, se aplican las necesidades del perfil del pasajero.",
  "Book Ride books it for {time}.": "Reservar viaje lo reserva para {time}.",
  "Choose a pickup place from the list.": "Elija un lugar de recogida de la lista.",
  "The ride could not be booked. Please try again.": "No se pudo reservar el viaje. Inténtelo de nuevo.",
  "Ride booked for {phone}. Pickup at {time}.": "Viaje reservado para {phone}. Recogida: {time}.",
  "Ride booked for {phone}. Pickup as soon as a driver accepts (asked at {time}).":
    "Viaje reservado para {phone}. Recogida en cuanto un conductor lo acepte (pedido: {time}).",
  "Booking...": "Reservando...",
  "Book Ride": "Reservar viaje",
} as const satisfies Record<string, Entry>;
