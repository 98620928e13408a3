/**
 * Spanish for the settings area (words as in docs/glossary.md): an
 * organisation's settings, their rules (lib/tenant_settings.ts, shared by the
 * server and the settings page) and the page. Keys are the English texts.
 */
import type { Entry } from "../format.ts";

export const settings = {
  // The rules, answered by the server and shown by the page.
  "Name must be 1-{max} characters": "El nombre debe tener de 1 a {max} caracteres",
  "The service area needs a centre, a radius and a label":
    "La zona de servicio necesita un centro, un radio y un nombre",
  "The service area's centre needs numeric lat and lng":
    "El centro de la zona de servicio necesita lat y lng numéricas",
  "The radius must be from {min} to {max} meters": "El radio debe estar entre {min} y {max} metros",
  "The area's name must be 1-{max} characters": "El nombre de la zona debe tener de 1 a {max} caracteres",
  "The name contains characters that are not allowed": "El nombre contiene caracteres que no se permiten",
  "The area's name contains characters that are not allowed":
    "El nombre de la zona contiene caracteres que no se permiten",
  "Choose a time zone from the list": "Elija una zona horaria de la lista",
  "Please enter a valid email address": "Escriba un correo electrónico válido",
  "Please enter a valid 10-digit phone number": "Escriba un número de teléfono válido de 10 dígitos",
  "The brand colour must be written #rrggbb": "El color de la marca debe escribirse #rrggbb",
  "The texting number must be written +15551234567": "El número de mensajes debe escribirse +15551234567",
  "Another organization already texts from this number": "Otra organización ya envía mensajes desde este número",
  "Texting number": "Número de mensajes",
  "Riders book rides by texting this Twilio number. Empty: the site's number.":
    "Los pasajeros piden viajes con un mensaje a este número de Twilio. Vacío: el número del sitio.",
  "Sign-in texts an hour must be 0 (none) or a whole number from {min} to {max}":
    "Los mensajes de inicio de sesión por hora deben ser 0 (ninguno) o un número entero de {min} a {max}",
  "Texting regions must be codes of +1 countries such as PR or JM":
    "Las regiones de mensajes deben ser códigos de países del +1, como PR o JM",
  "Only a super admin may allow more than {max} sign-in texts an hour":
    "Solo un superadministrador puede permitir más de {max} mensajes de inicio de sesión por hora",
  "Only a super admin may change where texts may go":
    "Solo un superadministrador puede cambiar a dónde pueden enviarse mensajes",
  "Who may join must be open or invite": "Quién puede unirse debe ser open o invite",

  // The page (islands/AdminSettings.tsx, components/admin/BrandPreview.tsx).
  "Settings": "Configuración",
  "Loading settings...": "Cargando configuración...",
  "Failed to load settings": "No se pudo cargar la configuración",
  "Failed to save settings": "No se pudo guardar la configuración",
  "Organization": "Organización",
  "Name": "Nombre",
  "Contact email (optional)": "Correo electrónico de contacto (opcional)",
  "Contact phone (optional)": "Teléfono de contacto (opcional)",
  "Riders see the contact details on your contact page.": "Los pasajeros ven estos datos en su página de contacto.",
  "Service area": "Zona de servicio",
  "Tap the map or drag the centre to move the area; the slider sets its size.":
    "Toque el mapa o arrastre el centro para mover la zona; el control deslizante fija su tamaño.",
  "Centre": "Centro",
  "Map of the service area": "Mapa de la zona de servicio",
  "Radius": "Radio",
  "{meters} meters ({miles} miles)": "{meters} metros ({miles} millas)",
  "Area name, as riders read it": "Nombre de la zona, como lo leen los pasajeros",
  "e.g. downtown Greer": "p. ej., centro de Greer",
  "Time and colour": "Hora y color",
  "Time zone": "Zona horaria",
  "Brand colour": "Color de la marca",
  "White text on this colour: {ratio}:1 contrast.": "Texto blanco sobre este color: contraste de {ratio}:1.",
  "White text would be too faint on this colour, so dark text is used: {ratio}:1 contrast.":
    "El texto blanco sería demasiado tenue sobre este color, así que se usa texto oscuro: contraste de {ratio}:1.",
  "Sign-in texts an hour": "Mensajes de inicio de sesión por hora",
  "Who may join": "Quién puede unirse",
  "Anyone who signs in": "Cualquier persona que inicie sesión",
  "Only people an admin added": "Solo las personas que agregó un administrador",
  "Settings saved.": "Se guardó la configuración.",
  "Save settings": "Guardar configuración",
  "Saving...": "Guardando...",
  // The logo (components/admin/LogoSettings.tsx).
  "Logo": "Logotipo",
  // A no-break space keeps "1 MB" on one line.
  "Your logo replaces the Hopper mark in your pages' header. PNG, JPEG or WebP, up to 1\u00a0MB.":
    "Su logotipo reemplaza la marca de Hopper en el encabezado de sus páginas. PNG, JPEG o WebP, hasta 1\u00a0MB.",
  "Current logo": "Logotipo actual",
  "No logo yet: your pages show the Hopper mark.": "Aún no hay logotipo: sus páginas muestran la marca de Hopper.",
  "Upload logo": "Subir logotipo",
  "Uploading...": "Subiendo...",
  "Remove logo": "Quitar logotipo",
  "Removing...": "Quitando...",
  "Logo saved.": "Se guardó el logotipo.",
  "Logo removed.": "Se quitó el logotipo.",
  "Failed to upload logo": "No se pudo subir el logotipo",
  "Failed to remove logo": "No se pudo quitar el logotipo",
  "File is too large. Please select an image smaller than 1MB.":
    "El archivo es demasiado grande. Seleccione una imagen de menos de 1 MB.",
  "Invalid file type. Please select a PNG, JPEG, or WebP image.":
    "Tipo de archivo no válido. Seleccione una imagen PNG, JPEG o WebP.",
  // Booking ahead.
  "Book up to (days ahead)": "Reservar hasta (días de anticipación)",
  "Days ahead must be a whole number from {min} to {max}":
    "Los días de anticipación deben ser un número entero de {min} a {max}",
  "Standing rides per rider": "Viajes fijos por pasajero",
  "Standing rides per rider must be a whole number from {min} to {max}":
    "Los viajes fijos por pasajero deben ser un número entero de {min} a {max}",
  // The no-show policy (lib/no_show.ts, components/admin/NoShowFields.tsx).
  "No-show policy": "Política de ausencias",
  "Missed pickups are counted over the counting window. At the warning count the rider is warned; at the pause count their ride requests stop for the pause days.":
    "Las recogidas perdidas se cuentan dentro del período de conteo. Al llegar al número de aviso se avisa al pasajero; al llegar al número de pausa sus solicitudes de viaje se detienen durante los días de pausa.",
  "Warn at (no-shows)": "Avisar al llegar a (ausencias)",
  "Pause at (no-shows)": "Pausar al llegar a (ausencias)",
  "Pause days": "Días de pausa",
  "Counting window (days)": "Período de conteo (días)",
  "Warn at must be a whole number from {min} to {max}": "Avisar al llegar a debe ser un número entero de {min} a {max}",
  "Pause at must be a whole number from {min} to {max}":
    "Pausar al llegar a debe ser un número entero de {min} a {max}",
  "Pause days must be a whole number from {min} to {max}":
    "Los días de pausa deben ser un número entero de {min} a {max}",
  "Counting window must be a whole number from {min} to {max} days":
    "El período de conteo debe ser un número entero de {min} a {max} días",
  "Warn at cannot be more than Pause at": "Avisar al llegar a no puede ser mayor que Pausar al llegar a",
  "The no-show policy needs warnAt, suspendAt, suspendDays, windowDays and waitMinutes":
    "La política de ausencias necesita warnAt, suspendAt, suspendDays, windowDays y waitMinutes",
  // The wait at the pickup before a no-show (lib/no_show_wait.ts).
  "Wait at the pickup (minutes)": "Espera en la recogida (minutos)",
  "A driver may mark a no-show only after waiting this long at the pickup.":
    "Un conductor puede marcar que el pasajero no se presentó solo después de esperar este tiempo en la recogida.",
  "Wait at the pickup must be a whole number from {min} to {max} minutes":
    "La espera en la recogida debe ser un número entero de {min} a {max} minutos",
  // How the organisation dispatches (lib/dispatch_settings.ts).
  "Dispatch must be drivers or automatic": "El despacho debe ser drivers (conductores) o automatic (automático)",
  "Longest wait must be a whole number from {min} to {max} minutes":
    "La espera máxima debe ser un número entero de {min} a {max} minutos",
  "Ride time factor must be a number from {min} to {max}":
    "El factor de tiempo de viaje debe ser un número de {min} a {max}",
  "Extra ride minutes must be a whole number from {min} to {max}":
    "Los minutos extra de viaje deben ser un número entero de {min} a {max}",
  "Shared rides must be on or off": "Los viajes compartidos deben estar activados o desactivados",
  // The Dispatch section of the settings page (components/admin/DispatchFields.tsx).
  "Dispatch": "Despacho",
  "The wait and ride limits are what automatic dispatch promises every rider.":
    "La espera y los límites de viaje son lo que el despacho automático promete a cada pasajero.",
  "How rides are dispatched": "Cómo se despachan los viajes",
  "Drivers choose": "Los conductores eligen",
  "Drivers see the waiting requests and accept the ones they take.":
    "Los conductores ven las solicitudes en espera y aceptan las que toman.",
  "Automatic": "Automático",
  "Each request goes at once to the vehicle that can fit it into its run at the least cost.":
    "Cada solicitud va al instante al vehículo que puede sumarla a su recorrido con el menor costo.",
  "With no vehicles, automatic dispatch assigns rides to no one.":
    "Sin vehículos, el despacho automático no asigna los viajes a nadie.",
  "Add vehicles": "Agregar vehículos",
  "Longest wait (minutes)": "Espera máxima (minutos)",
  "A ride asked for now is picked up within this many minutes, or the rider is told no shuttle can come.":
    "Un viaje pedido para ahora se recoge dentro de estos minutos, o se avisa al pasajero que ningún vehículo puede ir.",
  "Ride time factor": "Factor de tiempo de viaje",
  "No rider is aboard longer than this many times their direct trip, plus the extra minutes.":
    "Ningún pasajero va a bordo más de estas veces su viaje directo, más los minutos extra.",
  "Extra ride minutes": "Minutos extra de viaje",
  "Added to every rider's limit, so a short trip still has room for a stop on the way.":
    "Se suman al límite de cada pasajero, para que un viaje corto aún permita una parada en el camino.",
  "Shared rides": "Viajes compartidos",
  "On, a vehicle carries riders going the same way together. Off, one ride at a time.":
    "Activados, un vehículo lleva juntos a pasajeros que van en la misma dirección. Desactivados, un viaje a la vez.",
  // The Trip planners section of the settings page (components/admin/TripPlannerFeed.tsx).
  "Trip planners": "Planificadores de viajes",
  "Your hours, service area and places as a GTFS-Flex feed, the format trip planners read for services like yours. It follows your changes by itself.":
    "Su horario, zona de servicio y lugares como un feed GTFS-Flex, el formato que leen los planificadores de viajes para servicios como el suyo. Se actualiza solo con sus cambios.",
  "Feed address": "Dirección del feed",
  "Download the feed": "Descargar el feed",
  "To be found in trip planners, send this address to:":
    "Para aparecer en los planificadores de viajes, envíe esta dirección a:",
  "the Transit app's team, which adds the feeds of services in its cities;":
    "el equipo de la aplicación Transit, que agrega los feeds de los servicios de sus ciudades;",
  "the operators of the OpenTripPlanner servers for your region;":
    "los operadores de los servidores OpenTripPlanner de su región;",
  "the Mobility Database, the open catalogue of feeds where many apps find them.":
    "la Mobility Database, el catálogo abierto de feeds donde muchas aplicaciones los encuentran.",
} as const satisfies Record<string, Entry>;
