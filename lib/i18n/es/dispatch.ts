/** Spanish for the dispatcher's console (islands/DispatchConsole.tsx). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const dispatch = {
  // The page and its parts.
  "Dispatch": "Despacho",
  "Loading the fleet...": "Cargando la flota...",
  "Alerts": "Alertas",
  "No alerts.": "No hay alertas.",
  "New alert: {text}": "Nueva alerta: {text}",
  "Waiting for a vehicle ({count})": "Esperando un vehículo ({count})",
  "Vehicles online ({count})": "Vehículos en línea ({count})",
  "Map of the online vehicles and their next stops around {place}":
    "Mapa de los vehículos en línea y sus próximas paradas alrededor de {place}",
  // As the driver's map says them (lib/i18n/es/driver.ts), the same Spanish.
  "Pickup for {name}": "Recogida de {name}",
  "Destination for {name}": "Destino de {name}",
  "Pick up {name}": "Recoger a {name}",
  "Drop off {name}": "Dejar a {name}",
  "Waiting: {name}": "Esperando: {name}",
  // The map's place popups (components/map/PlacePins.tsx), as the rider's map says them.
  "Go here": "Ir aquí",
  "Pick up here": "Recogerme aquí",
  "Close": "Cerrar",

  // The vehicles.
  "No vehicle is online.": "No hay ningún vehículo en línea.",
  "Driver without a name": "Conductor sin nombre",
  "Seats in use: {used} of {seats}": "Asientos ocupados: {used} de {seats}",
  "Wheelchair spaces in use: {used} of {spaces}": "Espacios para silla de ruedas ocupados: {used} de {spaces}",
  "Next stop: {stop}": "Próxima parada: {stop}",
  "No stops planned": "No hay paradas planificadas",
  "Next pickup on time": "Próxima recogida a tiempo",
  "Next pickup {minutes} min late": "Próxima recogida con {minutes} min de retraso",
  "Rides planned in {vehicle}": "Viajes planificados en {vehicle}",
  "Pinned": "Fijado",

  // The queue.
  "No ride is waiting.": "No hay ningún viaje esperando.",
  "Map point": "Punto en el mapa",
  "No destination": "Sin destino",
  "Booked for {time}": "Reservado para las {time}",
  "Waiting since {time} ({ago})": "Esperando desde las {time} ({ago})",
  "No vehicle is online to take it.": "No hay ningún vehículo en línea para llevarlo.",

  // The actions (components/dispatch/RideActions.tsx).
  "Assign to": "Asignar a",
  "Move to": "Mover a",
  "Assign": "Asignar",
  "Move": "Mover",
  "Pin to vehicle": "Fijar al vehículo",
  "Unpin": "Soltar",
  "Cancel ride": "Cancelar viaje",
  "Keep ride": "Mantener el viaje",
  "Reason (the rider is told)": "Motivo (se le dice al pasajero)",
  "Please give a reason: the rider is told it.": "Indique un motivo: se le dice al pasajero.",
  "Assign anyway": "Asignar de todos modos",
  "Access denied - dispatcher privileges required": "Acceso denegado: se requieren permisos de despachador",
  "Could not reach the server. Please try again.": "No se pudo conectar con el servidor. Inténtelo de nuevo.",

  // The alerts (lib/fleet_view.ts).
  "{vehicle}: pickup of {name} {minutes} min late": "{vehicle}: recogida de {name} con {minutes} min de retraso",
  "{vehicle}: no position from {driver} for {minutes} min":
    "{vehicle}: sin ubicación de {driver} desde hace {minutes} min",
  "{vehicle}: idle outside the service area for {minutes} min":
    "{vehicle}: detenido fuera del área de servicio desde hace {minutes} min",
  "A vehicle": "Un vehículo",
  "the driver": "el conductor",
  "a rider": "un pasajero",
} as const satisfies Record<string, Entry>;
