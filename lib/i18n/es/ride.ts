/** Spanish for the ride area (words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const ride = {
  "You have a pending ride request": "Tiene una solicitud de viaje pendiente",
  "Your ride has been accepted by a driver!": "¡Un conductor aceptó su viaje!",
  "Your driver is on the way!": "¡Su conductor va en camino!",
  "Your driver has arrived!": "¡Su conductor llegó!",
  "You're in transit.": "Está en tránsito.",
  "Ride completed!": "¡Viaje completado!",
  "Your ride has been canceled.": "Su viaje fue cancelado.",
  "Ride marked as no-show.": "El viaje se marcó como que no se presentó.",
  "Pending": "Pendiente",
  "Accepted": "Aceptado",
  "On the way": "En camino",
  "Arrived": "Llegó",
  "Picked up": "A bordo",
  "Completed": "Completado",
  "Canceled": "Cancelado",
  "No Show": "No se presentó",
  "Dropped pin": "Punto en el mapa",
  "TBD": "Por definir",
  "{count} passengers": { one: "1 pasajero", other: "{count} pasajeros" },
  "Loading...": "Cargando...",
  "{count} online": "{count} en línea",
  "Status": "Estado",
  "Destination": "Destino",
  "Passengers": "Pasajeros",
  "Driver": "Conductor",
  "Requested": "Solicitado",
  "Cancel": "Cancelar",
  "Pickup": "Recogida",

  // Finding the phone's position (browser/geolocation.ts), on the rider's and the driver's screens.
  "Geolocation not supported by your browser.": "Su navegador no permite la geolocalización.",
  "Geolocation is not supported by this browser.": "Este navegador no permite la geolocalización.",
  "Error getting location: {reason}": "Error al obtener la ubicación: {reason}",
  "permission denied": "permiso denegado",
  "position unavailable": "ubicación no disponible",
  "timed out": "se agotó el tiempo",
  "unknown error": "error desconocido",

  // The map (components/map/): a street map that could not load, and OpenStreetMap's credit as OSM writes it.
  "Street map unavailable": "Mapa de calles no disponible",
  "© OpenStreetMap contributors": "© colaboradores de OpenStreetMap",

  // Booking ahead: the status and the rider's message for a ride booked for later.
  "Scheduled": "Programado",
  "Your ride is booked.": "Su viaje está reservado.",
  // A booking to arrive by a time, on the rider's Upcoming rides and the driver's card.
  "Arrive by {time}": "Llegar antes de las {time}",
} as const satisfies Record<string, Entry>;
