/**
 * A dispatcher books a ride for a person by their phone number (domain/dispatch/book.ts): the limits and the
 * texts of the call that are its own. Light: the booking panel reads them too.
 */
import type { Text } from "./i18n/catalogue.ts";

/** Bookings one dispatcher may make an hour: a burst is a search of who has a number, or texts sent in bulk. */
export const BOOKINGS_PER_HOUR = 60;

export const TOO_MANY_BOOKINGS: Text = "You can book {count} rides an hour for riders. Please try again later.";

/** The person, their membership or their number's hold moved while the ride was booked, every time it was tried. */
export const PERSON_CHANGED_TEXT: Text = "This person's account changed while the ride was booked. Please try again.";
