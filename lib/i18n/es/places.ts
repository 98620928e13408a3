/**
 * Spanish for the places area (words as in docs/glossary.md): a
 * tenant's named places, their rules (lib/places.ts, shared by the server and
 * the screens), the admin's places editor and the rider's suggestions. Keys
 * are the English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const places = {
  // The rules (lib/places.ts), answered by the server and shown by the editor.
  "Name": "Nombre",
  "Note": "Nota",
  "Name must be 1-{max} characters": "El nombre debe tener de 1 a {max} caracteres",
  "Note must be at most {max} characters": "La nota debe tener como máximo {max} caracteres",
  "A place needs numeric lat and lng": "Un lugar necesita lat y lng numéricas",
  "A place with this name already exists": "Ya existe un lugar con este nombre",
  "This organization already has {max} places": "Esta organización ya tiene {max} lugares",
  "Place not found": "No se encontró el lugar",
  "Unknown place": "Lugar desconocido",
  // A tenant's vehicles (lib/vehicles.ts): the name's rule is the places' one above.
  "Seats must be a whole number from {min} to {max}": "Los asientos deben ser un número entero de {min} a {max}",
  "Wheelchair spaces must be a whole number from {min} to {max}":
    "Los espacios para silla de ruedas deben ser un número entero de {min} a {max}",
  "A vehicle with this name already exists": "Ya existe un vehículo con este nombre",
  "Vehicle not found": "No se encontró el vehículo",
  "Unknown vehicle": "Vehículo desconocido",
  "{name} is already driven by another driver who is online": "Otro conductor en línea ya maneja {name}",
  // The vehicles editor (islands/AdminVehicles.tsx).
  "Failed to load vehicles": "No se pudieron cargar los vehículos",
  "Failed to save vehicle": "No se pudo guardar el vehículo",
  "Failed to delete vehicle": "No se pudo eliminar el vehículo",
  "Add vehicle": "Agregar vehículo",
  "New vehicle": "Vehículo nuevo",
  "The vans and cars your drivers drive, with their seats and wheelchair spaces.":
    "Las camionetas y los autos que manejan sus conductores, con sus asientos y espacios para silla de ruedas.",
  "Loading vehicles...": "Cargando vehículos...",
  "No vehicles yet. Add the first one.": "Todavía no hay vehículos. Agregue el primero.",
  "{count} seats": { one: "1 asiento", other: "{count} asientos" },
  "{count} wheelchair spaces": {
    one: "1 espacio para silla de ruedas",
    other: "{count} espacios para silla de ruedas",
  },
  "Delete vehicle {name}": "Eliminar vehículo {name}",
  "Delete vehicle": "Eliminar vehículo",
  "Drivers will no longer choose {name}.": "Los conductores ya no podrán elegir {name}.",
  "Seats": "Asientos",
  "Wheelchair spaces": "Espacios para silla de ruedas",
  "e.g. Van 1": "p. ej., Camioneta 1",
  // A place must be inside the service area: the rider's out-of-area text (lib/geo.ts), the same Spanish.
  "Sorry, that location is outside our service area. Please select a location within {distance} of {place}.":
    "Lo sentimos, ese lugar está fuera de nuestra zona de servicio. Seleccione un lugar a menos de {distance} de {place}.",
  "{count} miles": { one: "1 milla", other: "{count} millas" },

  // The admin's places editor (islands/AdminPlaces.tsx and components/admin/Place*.tsx).
  "Stops and landmarks riders can choose by name. Tap the map to add one; drag a pin, or use Move, to move it.":
    "Paradas y puntos de referencia que los pasajeros pueden elegir por su nombre. Toque el mapa para agregar uno; arrastre un marcador, o use Mover, para moverlo.",
  "Loading places...": "Cargando lugares...",
  "Failed to load places": "No se pudieron cargar los lugares",
  "Failed to save place": "No se pudo guardar el lugar",
  "Failed to delete place": "No se pudo eliminar el lugar",
  "Map of places": "Mapa de lugares",
  "Tap the map where {name} should be.": "Toque el mapa donde debe estar {name}.",
  "New place": "Nuevo lugar",
  "Add place": "Agregar lugar",
  "Note (optional)": "Nota (opcional)",
  "e.g. north entrance": "p. ej., entrada norte",
  "Save": "Guardar",
  "{count} of {max} places": "{count} de {max} lugares",
  "No places yet. Tap the map to add the first one.": "Aún no hay lugares. Toque el mapa para agregar el primero.",
  "Edit": "Editar",
  "Edit {name}": "Editar {name}",
  "Move": "Mover",
  "Move {name}": "Mover {name}",
  "Delete place {name}": "Eliminar el lugar {name}",
  "Delete place": "Eliminar lugar",
  "Riders will no longer find {name}. Rides already asked for keep it.":
    "Los pasajeros ya no encontrarán {name}. Los viajes ya solicitados lo conservan.",
  "{name} was added.": "Se agregó {name}.",
  "{name} was saved.": "Se guardó {name}.",
  "{name} moved.": "Se movió {name}.",
  "{name} was deleted.": "Se eliminó {name}.",
} as const satisfies Record<string, Entry>;
