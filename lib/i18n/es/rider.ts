/** Spanish for the rider area (issue 17; words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const rider = {
  "Request a Ride": "Solicitar un viaje",
  "Map of the service area around {place}": "Mapa de la zona de servicio alrededor de {place}",
  "Current Ride": "Viaje actual",
  "Your driver": "Su conductor",
  "Not assigned yet": "Aún sin asignar",
  "Cancel Ride": "Cancelar viaje",
  "Reconnecting… updates every 15 seconds meanwhile.": "Reconectando… mientras tanto, se actualiza cada 15 segundos.",
  "Set pickup location": "Elegir lugar de recogida",
  "Use GPS instead": "Usar el GPS",
  "Tap the map or type a place": "Toque el mapa o escriba un lugar",
  "Request Ride": "Solicitar viaje",
  "Shuttle schedule": "Horario del transporte",
  "No drivers are online right now. The shuttle runs:":
    "No hay conductores en línea en este momento. El transporte funciona:",
  "Loading schedule...": "Cargando horario...",
  "The schedule could not be loaded. Please try again later.": "No se pudo cargar el horario. Inténtelo más tarde.",
  "Shuttle: {name}": "Vehículo: {name}",
  "Shuttle": "Vehículo",
  "Your ride: {status}": "Su viaje: {status}",
  "Tap the map where you want to be picked up.": "Toque el mapa donde quiere que lo recojan.",
  "The point you set on the map": "El punto que marcó en el mapa",
  "Your current location (GPS)": "Su ubicación actual (GPS)",
  "Finding your location...": "Buscando su ubicación...",
  "Sorry, that location is outside our service area. Please select a location within {distance} of {place}.":
    "Lo sentimos, ese lugar está fuera de nuestra zona de servicio. Seleccione un lugar a menos de {distance} de {place}.",
  "{count} miles": { one: "1 milla", other: "{count} millas" },
  "Failed to request ride.": "No se pudo solicitar el viaje.",
  "Failed to cancel ride.": "No se pudo cancelar el viaje.",
  "No ride to cancel.": "No hay ningún viaje para cancelar.",
  // Places (issue 18): the destination field's suggestions, the pickup's list and the map's place pins.
  "{count} places found": { one: "1 lugar encontrado", other: "{count} lugares encontrados" },
  "No places found": "No se encontraron lugares",
  "Suggested places": "Lugares sugeridos",
  "Or choose a place:": "O elija un lugar:",
  "Go here": "Ir aquí",
  "Pick up here": "Recogerme aquí",
  "Close": "Cerrar",
  // The rider's own driver on the map, and the arrival time on the Current Ride card (issue 20).
  "Your shuttle: {name}": "Su vehículo: {name}",
  "Your shuttle": "Su vehículo",
  "Arriving in about {minutes} min": "Llega en unos {minutes} min",
  "Arriving now": "Llegando ahora",
  "About {minutes} min to your destination": "Unos {minutes} min hasta su destino",
  "Running about {minutes} min late": "Con unos {minutes} min de retraso",
} as const satisfies Record<string, Entry>;
