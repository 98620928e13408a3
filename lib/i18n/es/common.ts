/** Spanish for the words every screen shares: the header, footer, menus, statuses and time (docs/glossary.md). */
import type { Entry } from "../format.ts";

export const common = {
  "{count} minutes ago": { one: "hace 1 minuto", other: "hace {count} minutos" },
  "{count} hours ago": { one: "hace 1 hora", other: "hace {count} horas" },
  "{count} days ago": { one: "hace 1 día", other: "hace {count} días" },
  "just now": "justo ahora",
  "N/A": "N/D",
  "Language": "Idioma",
  "Skip to content": "Saltar al contenido",
  "Main": "Principal",
  "Footer": "Pie de página",
  "About": "Acerca de",
  "Contact": "Contacto",
  "Login": "Iniciar sesión",
  "Terms": "Términos",
  "Privacy": "Privacidad",

  // The weekly schedule as riders and admins read it (lib/schedule_display.ts, components/ScheduleList.tsx).
  "AM": "a. m.",
  "PM": "p. m.",
  "Sun": "Dom",
  "Mon": "Lun",
  "Tue": "Mar",
  "Wed": "Mié",
  "Thu": "Jue",
  "Fri": "Vie",
  "Sat": "Sáb",
  "Sunday": "Domingo",
  "Monday": "Lunes",
  "Tuesday": "Martes",
  "Wednesday": "Miércoles",
  "Thursday": "Jueves",
  "Friday": "Viernes",
  "Saturday": "Sábado",
  "No service": "Sin servicio",
  "No schedule available": "No hay horario disponible",
} as const satisfies Record<string, Entry>;
