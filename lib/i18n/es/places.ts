/**
 * Spanish for the places area (issue 18; words as in docs/glossary.md): a
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
} as const satisfies Record<string, Entry>;
