/** Spanish for ride alerts on a device (web push) on the screens: the offer and the profile setting. */
export const push = {
  // The offer on the rider and driver screens, after a first ride.
  "Get ride alerts on this device": "Recibir avisos de viajes en este dispositivo",
  "See when your driver is on the way and here, on your lock screen, without a text message.":
    "Vea cuándo su conductor va en camino y cuándo llegó, en la pantalla de bloqueo, sin mensajes de texto.",
  "See new ride requests and riders added to your run on your lock screen.":
    "Vea las nuevas solicitudes de viaje y los pasajeros añadidos a su recorrido en la pantalla de bloqueo.",
  "Turn on alerts": "Activar avisos",
  "Turning on...": "Activando...",
  "Ride alerts are on for this device.": "Los avisos de viajes están activados en este dispositivo.",
  "This browser blocked notifications. You can allow them in its site settings.":
    "Este navegador bloqueó las notificaciones. Puede permitirlas en la configuración del sitio.",
  "Ride alerts could not be turned on. Please try again.":
    "No se pudieron activar los avisos de viajes. Inténtelo de nuevo.",
  // Profile Settings.
  "Also text me when a device of mine gets the alert":
    "Enviarme también un mensaje cuando un dispositivo mío reciba el aviso",
  "Devices with ride alerts on get each notice instead of a text.":
    "Los dispositivos con avisos de viajes activados reciben cada aviso en lugar de un mensaje de texto.",
  "Texts with alerts turned on.": "Mensajes junto con los avisos activados.",
  "Texts with alerts turned off.": "Mensajes junto con los avisos desactivados.",
};
