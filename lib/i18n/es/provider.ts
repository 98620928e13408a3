/**
 * Spanish for the provider's console at /super (islands/AdminConsole.tsx,
 * components/super/). Keys are the English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const provider = {
  "Provider console": "Consola del proveedor",
  "Organizations": "Organizaciones",
  "Loading organizations...": "Cargando organizaciones...",
  "The organizations could not be loaded.": "No se pudieron cargar las organizaciones.",

  // The organisations table (components/super/TenantsTable.tsx).
  "Search organizations": "Buscar organizaciones",
  "Organization": "Organización",
  "Code": "Código",
  "Status": "Estado",
  "Members": "Miembros",
  "Rides, last 7 days": "Viajes, últimos 7 días",
  "Created": "Creada",
  "Active": "Activa",
  "Paused": "En pausa",
  "Pause {name}": "Pausar {name}",
  "Resume {name}": "Reanudar {name}",
  "Pause": "Pausar",
  "Resume": "Reanudar",
  "Pause or resume": "Pausar o reanudar",
  "No organizations match.": "Ninguna organización coincide.",
  "The change could not be saved.": "No se pudo guardar el cambio.",

  // What an organisation's texts may cost (components/super/TextingForm.tsx).
  "Texts": "Mensajes de texto",
  "Texts from {name}": "Mensajes de texto de {name}",
  "0 stops them. Its own admins may set up to 2,000.": "0 los detiene. Sus administradores pueden fijar hasta 2,000.",
  "Also text numbers in": "Enviar también mensajes a números de",
  "US and Canadian mobile and landline numbers are always texted; premium-rate and toll-free never.":
    "Los celulares y teléfonos fijos de EE. UU. y Canadá siempre reciben mensajes; los de tarifa especial y gratuitos, nunca.",
  "Save texts": "Guardar",
  "Close": "Cerrar",

  // The create form (components/super/CreateTenantForm.tsx).
  "New organization": "Nueva organización",
  "Name": "Nombre",
  "Centre latitude": "Latitud del centro",
  "Centre longitude": "Longitud del centro",
  "Radius in meters": "Radio en metros",
  "Area label": "Nombre de la zona",
  "Time zone": "Zona horaria",
  "Admin phone": "Teléfono del administrador",
  "Centre": "Centro",
  "Type a rough centre; then tap the map or drag the centre to move it.":
    "Escriba un centro aproximado; luego toque el mapa o arrastre el centro para moverlo.",
  "Map of the new service area": "Mapa de la nueva zona de servicio",
  "Create organization": "Crear organización",
  "Creating...": "Creando...",

  // The inbox (components/super/InquiriesList.tsx).
  "Inquiries": "Mensajes",
  "unhandled": "sin atender",
  "Loading inquiries...": "Cargando mensajes...",
  "The inquiries could not be loaded.": "No se pudieron cargar los mensajes.",
  "No inquiries yet.": "Todavía no hay mensajes.",
  "From the Hopper site": "Del sitio de Hopper",
  "Handled": "Atendido",
  "Mark handled": "Marcar como atendido",
  "Mark the inquiry from {name} handled": "Marcar como atendido el mensaje de {name}",

  // Numbers locked to sign-in (components/super/LockedNumbers.tsx).
  "Sign-in locks": "Bloqueos",
  "Loading locked numbers...": "Cargando números bloqueados...",
  "The locked numbers could not be loaded.": "No se pudieron cargar los números bloqueados.",
  "Numbers locked after too many wrong codes from strangers. Their owners still sign in on a phone or computer they used before; unlock a number when someone without one asks.":
    "Números bloqueados por demasiados códigos incorrectos de desconocidos. Sus dueños aún inician sesión en un teléfono o computadora que usaron antes; desbloquee un número cuando alguien sin uno lo pida.",
  "No number is locked.": "No hay ningún número bloqueado.",
  "Phone number": "Número de teléfono",
  "Locked since": "Bloqueado desde",
  "Unlock": "Desbloquear",
  "Unlock {phone}": "Desbloquear {phone}",
  "{phone} can sign in again.": "{phone} puede volver a iniciar sesión.",
  "The sign-in could not be unlocked.": "No se pudo desbloquear el inicio de sesión.",
} as const satisfies Record<string, Entry>;
