/**
 * Spanish for the installable app (words as in docs/glossary.md): the web app manifest's name and
 * description (routes/web_app.ts) and the notices of the rider and driver screens (components/app_shell/): no
 * signal, a new version, and the hint to install. Keys are the English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const app = {
  "{name} Shuttle": "Transporte de {name}",
  "Request a ride from {name}'s shuttle.": "Solicite un viaje en el transporte de {name}.",
  "You're offline. We'll reconnect when you have a signal.":
    "Está sin conexión. Volveremos a conectarnos cuando tenga señal.",
  "A new version is ready": "Hay una nueva versión lista",
  "Reload": "Volver a cargar",
  "Add this app to your home screen to open it with one tap.":
    "Agregue esta aplicación a su pantalla de inicio para abrirla con un toque.",
  "Install": "Instalar",
  "Not now": "Ahora no",
} as const satisfies Record<string, Entry>;
