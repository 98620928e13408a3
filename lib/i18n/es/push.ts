/** Spanish for ride alerts on a device (web push): the offer, the profile setting, the driver's alerts, errors. */
export const push = {
  // The offer on the rider and driver screens, after a first ride.
  "Get ride alerts on this device": "Recibir avisos de viajes en este dispositivo",
  "See when your driver is on the way and here, on your lock screen, without a text message.":
    "Vea cuándo su conductor va en camino y cuándo llegó, en la pantalla de bloqueo, sin mensajes de texto.",
  "See new ride requests and riders added to your run on your lock screen.":
    "Vea las nuevas solicitudes de viaje y los pasajeros añadidos a su recorrido en la pantalla de bloqueo.",
  "Turn on alerts": "Activar avisos",
  "Turning on...": "Activando...",
  "Not now": "Ahora no",
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
  // A driver's alerts.
  "New ride request: pickup at {pickup}.": "Nueva solicitud de viaje: recogida en {pickup}.",
  "New ride request.": "Nueva solicitud de viaje.",
  // The API's refusals.
  "endpoint must be the https URL of a push service": "endpoint debe ser la URL https de un servicio de notificaciones",
  "keys must hold the browser's p256dh and auth keys": "keys debe contener las claves p256dh y auth del navegador",
  "expirationTime must be a time in milliseconds or null": "expirationTime debe ser una hora en milisegundos o null",
  "Ride alerts on devices are not available on this service.":
    "Los avisos de viajes en dispositivos no están disponibles en este servicio.",
  "Device not found": "Dispositivo no encontrado",
  // The privacy page.
  "Ride alerts on your device": "Avisos de viajes en su dispositivo",
  "If you turn on ride alerts, your browser gives us an address at its push service (Google, Apple, Mozilla or Microsoft, depending on the browser) and keys to encrypt messages for that device. Each alert carries the organization's name, the words of the ride text (your driver's name, the arrival time) and the address of the ride's screen, encrypted so the push service cannot read it. We keep up to five devices, remove a device when its push service says it is gone, and Download my data lists them; deleting your account removes them.":
    "Si activa los avisos de viajes, su navegador nos da una dirección en su servicio de notificaciones (Google, Apple, Mozilla o Microsoft, según el navegador) y claves para cifrar mensajes para ese dispositivo. Cada aviso lleva el nombre de la organización, las palabras del mensaje del viaje (el nombre de su conductor, la hora de llegada) y la dirección de la pantalla del viaje, cifrado para que el servicio de notificaciones no pueda leerlo. Guardamos hasta cinco dispositivos, quitamos un dispositivo cuando su servicio de notificaciones dice que ya no existe, y Descargar mis datos los muestra; eliminar su cuenta los borra.",
};
