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
} as const satisfies Record<string, Entry>;
