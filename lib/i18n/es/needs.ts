/**
 * Spanish for the needs area: accessibility needs, the accessible
 * vehicle and the rider's note for the driver, on every screen that shows
 * them (words as in docs/glossary.md). Keys are the English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const needs = {
  "Wheelchair user": "Usa silla de ruedas",
  "Walker or cane": "Andador o bastón",
  "Service animal": "Animal de servicio",
  "Needs help boarding": "Necesita ayuda para subir",
  "Accessibility needs": "Necesidades de accesibilidad",
  "Drivers see these first on each ride you request. You can change them for one ride when you request it.":
    "Los conductores las ven primero en cada viaje que solicite. Puede cambiarlas para un viaje al solicitarlo.",
  "Needs for this ride": "Necesidades para este viaje",
  "Note for the driver": "Nota para el conductor",
  "Optional, for example: blue door, ring twice": "Opcional, por ejemplo: puerta azul, toque dos veces",
  "Up to {max} characters": "Hasta {max} caracteres",
  "Note": "Nota",
  "Needs": "Necesidades",
  "My vehicle takes a wheelchair": "Mi vehículo admite silla de ruedas",
  "Needs must be a list of: wheelchair, mobility-aid, service-animal, assistance":
    "Las necesidades deben ser una lista de: wheelchair, mobility-aid, service-animal, assistance",
  "Note must be text": "La nota debe ser texto",
  "Note must be at most {max} characters": "La nota debe tener como máximo {max} caracteres",
  "No wheelchair-accessible shuttle is available right now.":
    "No hay ningún vehículo con acceso para silla de ruedas disponible en este momento.",
  "wheelchairAccessible must be true or false": "wheelchairAccessible debe ser true o false",
  "Accessibility needs saved.": "Necesidades de accesibilidad guardadas.",
  "This ride needs a vehicle that takes a wheelchair.": "Este viaje necesita un vehículo que admita silla de ruedas.",
} as const satisfies Record<string, Entry>;
