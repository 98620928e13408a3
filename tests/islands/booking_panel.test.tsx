/** The dispatcher's booking form on an English page (cases: booking_panel_cases.tsx). */
import { bookingPanelCases } from "./booking_panel_cases.tsx";

bookingPanelCases("en", {
  title: "Book a ride for a caller",
  phone: "Caller's phone number",
  name: "Caller's name (optional)",
  pickup: "Pickup place",
  dropoff: "Drop-off place or destination",
  passengers: "Passengers",
  note: "Note for the driver",
  wheelchair: "Wheelchair user",
  book: "Book Ride",
  later: "Later",
  date: "Date",
  time: "Time",
  bookForLater: "Book for later",
  phoneError: "Please enter a valid 10-digit phone number",
  pickupNeeded: "Choose a pickup place from the list.",
  noDrivers: "No drivers are currently available. Please try again later.",
  bookedAsap: (phone, time) => `Ride booked for ${phone}. Pickup as soon as a driver accepts (asked at ${time}).`,
  bookedAt: (phone, time) => `Ride booked for ${phone}. Pickup at ${time}.`,
});
