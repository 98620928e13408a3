/** Spanish for ride alerts on a device (web push) from the server: a driver's alerts, the API's refusals, privacy. */
export const push_server = {
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
