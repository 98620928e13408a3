/**
 * Spanish for the audit trail read back: the admin's Activity
 * page and the provider's console (components/activity/). Keys are the
 * English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const activity = {
  // The dashboard card and the page (islands/AdminActivity.tsx).
  "Activity": "Actividad",
  "Who changed what, newest first": "Quién cambió qué, lo más reciente primero",
  "Loading activity...": "Cargando la actividad...",
  "The activity could not be loaded.": "No se pudo cargar la actividad.",
  "Nothing has been recorded yet.": "Todavía no hay nada registrado.",
  "Load more": "Cargar más",

  // An entry in words (components/activity/audit_words.ts).
  "someone": "alguien",
  "rider": "pasajero",
  "driver": "conductor",
  "dispatcher": "despachador",
  "admin": "administrador",
  "by {by}": "por {by}",
  "{target} was given the {role} role by {by}": "{by} dio a {target} el rol de {role}",
  "{target} lost the {role} role, taken by {by}": "{by} quitó a {target} el rol de {role}",
  "{target} was removed by {by}": "{by} quitó a {target} de la organización",
  "A member deleted their account": "Un miembro eliminó su cuenta",
  "Schedule saved": "Horario guardado",
  "Place {name} added": "Lugar {name} agregado",
  "Place {name} changed": "Lugar {name} cambiado",
  "Place {name} removed": "Lugar {name} eliminado",
  "Vehicle {name} added": "Vehículo {name} agregado",
  "Vehicle {name} changed": "Vehículo {name} cambiado",
  "Vehicle {name} removed": "Vehículo {name} eliminado",
  "Settings changed: {fields}": "Configuración cambiada: {fields}",
  "Trip deleted": "Viaje eliminado",
  "Trip assigned to a vehicle": "Viaje asignado a un vehículo",
  "Trip pinned to its vehicle": "Viaje fijado a su vehículo",
  "Trip unpinned": "Viaje liberado",
  "Trip changed by its rider: {fields}": "Viaje cambiado por su pasajero: {fields}",
  "Trip canceled: {reason}": "Viaje cancelado: {reason}",
  "Trip assigned to a vehicle over a limit": "Viaje asignado a un vehículo por encima de un límite",
  "Organization {name} created": "Organización {name} creada",
  "Service paused": "Servicio en pausa",
  "Service resumed": "Servicio reanudado",
  "{target}'s ride requests were resumed by {by}": "{by} reanudó las solicitudes de viaje de {target}",
  "{target}'s sign-in was unlocked by {by}": "{by} desbloqueó el inicio de sesión de {target}",
  // A dispatcher's booking for a rider by phone (domain/dispatch/book.ts).
  "{by} booked a ride for {target}": "{by} reservó un viaje para {target}",
  // The trail of the provider's own actions on numbers of no organisation (kv/number_locks.ts).
  "Provider": "Proveedor",
} as const satisfies Record<string, Entry>;
