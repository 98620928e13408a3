/** Spanish for the menu area (words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const menu = {
  // The header's account menu (islands/UserMenu.tsx).
  "Account menu": "Menú de la cuenta",
  "Account": "Cuenta",
  "Request a Ride": "Solicitar un viaje",
  "Profile Settings": "Configuración del perfil",
  // "Driver" and "Admin" are also role badges (frame area): the same Spanish in both.
  "Driver": "Conductor",
  "Driver Dashboard": "Panel del conductor",
  // "Dispatcher" is also a role badge (frame area), "Dispatch" a settings heading: the same Spanish in each.
  "Dispatcher": "Despachador",
  "Dispatch": "Despacho",
  "Admin": "Administrador",
  "Admin Dashboard": "Panel del administrador",
  "Trips": "Viajes",
  "Users": "Usuarios",
  "Logout": "Cerrar sesión",
  "Logging out...": "Cerrando sesión...",

  // The organizations list of the global menu (islands/OrganizationsMenu.tsx).
  "Your Organizations": "Sus organizaciones",
  // The account menu on the provider's console (/super).
  "Provider console": "Consola del proveedor",
  "No organizations found": "No se encontraron organizaciones",
  "Loading tenants...": "Cargando organizaciones...",
  // A person's roles in an organization, as the list writes them (lowercase role codes in English).
  "rider": "pasajero",
  "driver": "conductor",
  "dispatcher": "despachador",
  "admin": "administrador",
  "super": "superadministrador",
} as const satisfies Record<string, Entry>;
