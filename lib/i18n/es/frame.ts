/**
 * Spanish for the frame area (words as in docs/glossary.md): the
 * parts every island may show, whatever its page: the access guard's
 * loading status, the role badge and the error display. Keys are the English
 * texts, word for word.
 */
import type { Entry } from "../format.ts";

export const frame = {
  // The access guard and the default loading status (components/Guard.tsx).
  "Loading...": "Cargando...",

  // A call made after the token is gone (browser/auth_client.ts, which every island reads).
  "Authentication token not available.": "El token de autenticación no está disponible.",

  // The role badge (components/RoleBadge.tsx); "Driver" and "Admin" are also the menu's section titles.
  "Super Admin": "Superadministrador",
  "Admin": "Administrador",
  "Dispatcher": "Despachador",
  "Driver": "Conductor",
  "Rider": "Pasajero",

  // The error display (components/ErrorView.tsx, inside components/ErrorBoundary.tsx and the 500 page).
  "Something went wrong": "Algo salió mal",
  "We've been notified about this error and will fix it soon":
    "Recibimos un aviso sobre este error y lo corregiremos pronto",
  "Try Again": "Intentar de nuevo",
  "Reload Page": "Volver a cargar la página",
} as const satisfies Record<string, Entry>;
