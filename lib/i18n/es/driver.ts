/** Spanish for the driver area (words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const driver = {
  // The screen (islands/DriverScreen.tsx) and its map's pins (components/driver/driver_pins.ts).
  "Driver Dashboard": "Panel del conductor",
  "Map of ride pickups around {place}": "Mapa de las recogidas alrededor de {place}",
  "Updates every 15 seconds while reconnecting.": "Se actualiza cada 15 segundos mientras se reconecta.",
  "Pickup for {name}": "Recogida de {name}",
  "Destination for {name}": "Destino de {name}",
  "You are here": "Usted está aquí",
  "Rider": "Pasajero",

  // The availability switch and the location prompt (components/driver/).
  "Available for rides": "Disponible para viajes",
  "Online": "En línea",
  "Offline": "Sin conexión",
  "Failed to update availability. Please try again.": "No se pudo actualizar su disponibilidad. Inténtelo de nuevo.",
  "Find Riders": "Buscar pasajeros",
  "Find your location": "Buscar su ubicación",

  // The vehicle chosen to go online with, where the tenant has vehicles (components/driver/VehiclePicker.tsx).
  "Which vehicle are you driving?": "¿Qué vehículo maneja?",
  "In use by another driver": "En uso por otro conductor",
  "Go online": "Ponerse en línea",
  "Choose your vehicle to go online.": "Elija su vehículo para ponerse en línea.",
  // As the admin's vehicles page says them (lib/i18n/es/places.ts), the same Spanish.
  "{count} seats": { one: "1 asiento", other: "{count} asientos" },
  "{count} wheelchair spaces": {
    one: "1 espacio para silla de ruedas",
    other: "{count} espacios para silla de ruedas",
  },

  // The ride list and its cards (components/driver/RideList.tsx, RideItem.tsx; buttons from lib/driver_actions.ts).
  "Active Ride Requests": "Solicitudes de viaje activas",
  "No active ride requests": "No hay solicitudes de viaje activas",
  "Phone": "Teléfono",
  "Accept": "Aceptar",
  "On my way": "Voy en camino",
  "Picked up": "A bordo",
  "No-show": "No se presentó",
  "Complete": "Completar",
  "Another ride is already in progress": "Ya hay otro viaje en curso",
  "Failed to update ride.": "No se pudo actualizar el viaje.",
  // The wait at the pickup before a no-show (lib/no_show_wait.ts): the button counts down.
  "No-show in {time}": "No se presentó (en {time})",
  "No-show opens after waiting at the pickup.": "«No se presentó» se habilita tras esperar en la recogida.",

  // Directions in the phone's maps app (components/driver/RideItem.tsx, lib/navigation.ts).
  "Navigate to pickup": "Navegar a la recogida",
  "Navigate to destination": "Navegar al destino",
  "Other maps app": "Otra app de mapas",

  // A ride booked ahead: its pickup time on the driver's card.
  "Pickup at {time}": "Recogida a las {time}",

  // Automatic dispatch: riders aboard stay with the vehicle until dropped off (domain/dispatch/hand_back.ts).
  "Drop off your riders before going offline": "Deje a sus pasajeros antes de desconectarse",
  "Drop off your riders before changing vehicle": "Deje a sus pasajeros antes de cambiar de vehículo",
  // The run of automatic dispatch (islands/driver/DriverRun.tsx, hooks/driver/use_run.ts).
  "Your stops": "Sus paradas",
  "Next stop": "Próxima parada",
  "Then": "Después",
  "No stops planned": "No hay paradas planificadas",
  "Pick up {name}": "Recoger a {name}",
  "Drop off {name}": "Dejar a {name}",
  "Dropped off": "Ya bajó",
  "Navigate": "Navegar",
  "New rider added: pick up at {time} at {place}": "Nuevo pasajero: recogida a las {time} en {place}",
  "New rider added: pick up at {time}": "Nuevo pasajero: recogida a las {time}",
  "Rider removed: {name} no longer rides with you": "Pasajero retirado: {name} ya no viaja con usted",
  "Pickup moved: {name} at {time}": "Recogida cambiada: {name} a las {time}",
  "Drop-off moved: {name} at {time}": "Bajada cambiada: {name} a las {time}",
} as const satisfies Record<string, Entry>;
