/** Spanish for the errors area (words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const errors = {
  "Please enter a valid 10-digit phone number": "Escriba un número de teléfono válido de 10 dígitos",
  "Please enter the 4-digit verification code": "Escriba el código de verificación de 4 dígitos",

  "Something went wrong. Please try again.": "Algo salió mal. Inténtelo de nuevo.",
  "Not found": "No encontrado",
  "Bad request": "Solicitud incorrecta",
  "The service is busy right now. Please try again.": "El servicio está ocupado en este momento. Inténtelo de nuevo.",
  "Expected a JSON body (Content-Type: application/json)":
    "Se esperaba un cuerpo JSON (Content-Type: application/json)",
  "Expected a JSON object": "Se esperaba un objeto JSON",
  "Malformed JSON in request body": "El cuerpo JSON de la solicitud está mal formado",
  "Request is too large": "La solicitud es demasiado grande",
  "Too many requests. Please try again later.": "Demasiadas solicitudes. Inténtelo más tarde.",
  "Organization not found": "No se encontró la organización",
  "Choose a language: en or es": "Elija un idioma: en o es",
  "Authentication required": "Se requiere iniciar sesión",
  "Authentication required - please log in": "Se requiere iniciar sesión. Inicie sesión.",
  "Your session has expired. Please log in again.": "Su sesión venció. Inicie sesión de nuevo.",
  "Access denied": "Acceso denegado",
  "Session expired": "La sesión venció",
  "Ticket expired or already used": "El pase venció o ya se usó",
  "Too many open connections": "Demasiadas conexiones abiertas",
  "Access denied - admin privileges required": "Acceso denegado: se requieren permisos de administrador",
  "Access denied - super admin privileges required": "Acceso denegado: se requieren privilegios de superadministrador",
  "Access denied - driver privileges required": "Acceso denegado: se requieren permisos de conductor",
  "Access denied - dispatcher privileges required": "Acceso denegado: se requieren permisos de despachador",
  "You are not a member of this service": "Usted no es miembro de este servicio",
  "Invalid verification code. Please try again.": "Código de verificación incorrecto. Inténtelo de nuevo.",
  "Too many verification codes requested for this service. Please try again later.":
    "Se pidieron demasiados códigos de verificación para este servicio. Inténtelo más tarde.",
  "Too many verification codes requested from your network. Please try again later.":
    "Se pidieron demasiados códigos de verificación desde su red. Inténtelo más tarde.",
  "Too many codes sent to this number. Please wait {wait} and try again.":
    "Se enviaron demasiados códigos a este número. Espere {wait} e inténtelo de nuevo.",
  "{count} minutes": { one: "1 minuto", other: "{count} minutos" },
  "{count} hours": { one: "1 hora", other: "{count} horas" },
  "{count} days": { one: "1 día", other: "{count} días" },
  "in the last {count} days": { one: "en el último día", other: "en los últimos {count} días" },
  "Too many failed attempts from your network. Please try again later.":
    "Demasiados intentos fallidos desde su red. Inténtelo más tarde.",
  "This number is locked after too many failed attempts. Please sign in on a device or from a network you have used before, or ask your service's administrator to unlock it.":
    "Este número está bloqueado por demasiados intentos fallidos. Inicie sesión en un dispositivo o desde una red que haya usado antes, o pida al administrador de su servicio que lo desbloquee.",
  "Too many messages from your network. Please try again later or email us directly.":
    "Demasiados mensajes desde su red. Inténtelo más tarde o escríbanos por correo electrónico.",
  "Too many photo uploads. Please try again later.": "Demasiadas fotos subidas. Inténtelo más tarde.",
  "User not found": "No se encontró el usuario",
  "Ride not found": "No se encontró el viaje",
  "You already have an active ride.": "Ya tiene un viaje activo.",
  "No drivers are currently available.": "No hay conductores disponibles en este momento.",
  "No drivers are currently available. Please try again later.":
    "No hay conductores disponibles en este momento. Inténtelo más tarde.",
  // Automatic dispatch: no vehicle can take the ride within the tenant's longest wait (domain/rides/request_planned.ts).
  "No shuttle can pick you up within {minutes} minutes. Try again soon or book for later.":
    "Ningún vehículo puede recogerle en menos de {minutes} minutos. Inténtelo pronto o reserve para más tarde.",
  "Please select a destination on the map or choose a place.": "Seleccione un destino en el mapa o elija un lugar.",
  "Another ride is already in progress": "Ya hay otro viaje en curso",
  "This ride has already been accepted by another driver": "Otro conductor ya aceptó este viaje",
  "This ride is assigned to another driver": "Este viaje está asignado a otro conductor",
  "The ride has already ended": "El viaje ya terminó",
  "Cannot change a ride from {from} to {to}": "No se puede cambiar un viaje de {from} a {to}",
  "Location not available.": "Ubicación no disponible.",
  "Location must have numeric lat and lng": "La ubicación debe tener lat y lng numéricas",
  "isAvailable must be true or false": "isAvailable debe ser true o false",
  "Pickup must be a location with numeric lat and lng": "La recogida debe ser una ubicación con lat y lng numéricas",
  "Dropoff must be a location with numeric lat and lng": "El destino debe ser una ubicación con lat y lng numéricas",
  "Please select a destination on the map or enter a destination.":
    "Seleccione un destino en el mapa o escriba un destino.",
  "Destination must be text": "El destino debe ser texto",
  "Destination must be at most {max} characters": "El destino debe tener como máximo {max} caracteres",
  "Status must be one of: {statuses}": "El estado debe ser uno de estos: {statuses}",
  "Invalid cursor": "Cursor no válido",
  "A super admin cannot be deleted": "No se puede eliminar a un superadministrador",
  "A super admin's roles cannot be changed here": "Los roles de un superadministrador no se pueden cambiar aquí",
  "Only super admins can assign admin roles": "Solo los superadministradores pueden asignar roles de administrador",
  "Only super admins can delete users": "Solo los superadministradores pueden eliminar usuarios",
  "User does not have the {role} role": "El usuario no tiene el rol {role}",
  'Day "{key}" is not a day of the week: use 0 (Sunday) to 6 (Saturday)':
    'El día "{key}" no es un día de la semana: use 0 (domingo) a 6 (sábado)',
  "Times must be 24-hour HH:MM": "Las horas deben estar en formato de 24 horas HH:MM",
  "Tenant code must be 2-32 lowercase letters, digits or hyphens":
    "El código de la organización debe tener de 2 a 32 letras minúsculas, dígitos o guiones",
  "That tenant code is reserved": "Ese código de organización está reservado",
  "An organization with this code already exists": "Ya existe una organización con este código",
  "Inquiry not found": "No se encontró el mensaje",
  "handled must be true": "handled debe ser true",
  "rideTexts must be true or false": "rideTexts debe ser true o false",
  "This service is paused. Contact {organisation} for details.":
    "Este servicio está en pausa. Comuníquese con {organisation} para obtener más información.",
  "Status must be one of: active, suspended": "El estado debe ser uno de: active, suspended",
  "Please enter a valid email address": "Escriba un correo electrónico válido",
  "{label} is required": "{label}: este campo es obligatorio",
  "{label} must be text": "{label}: debe ser texto",
  "{label} must be at most {max} characters": "{label}: debe tener como máximo {max} caracteres",
  "{label} contains characters that are not allowed": "{label}: contiene caracteres que no se permiten",
  "Name": "Nombre",
  "Email": "Correo electrónico",
  "Organization": "Organización",
  "Message": "Mensaje",
  "Upload a new photo with Upload New Photo; photoUrl can only be removed (null) here":
    "Suba una foto nueva con Subir foto nueva; aquí photoUrl solo se puede quitar (null)",
  "File is too large. Please select an image smaller than 5MB.":
    "El archivo es demasiado grande. Seleccione una imagen de menos de 5 MB.",
  "Invalid file type. Please select a JPEG, PNG, WebP, or GIF image.":
    "Tipo de archivo no válido. Seleccione una imagen JPEG, PNG, WebP o GIF.",
  "This image could not be read. It may be damaged or incomplete; please choose another.":
    "No se pudo leer esta imagen. Puede estar dañada o incompleta; elija otra.",
  "This image is too large to process (over 40 megapixels). Please choose a smaller image.":
    "Esta imagen es demasiado grande para procesarla (más de 40 megapíxeles). Elija una imagen más pequeña.",
  "This image cannot be processed safely. Please choose a photo taken with a camera.":
    "Esta imagen no se puede procesar de forma segura. Elija una foto tomada con una cámara.",
  "Please choose an image to upload.": "Elija una imagen para subir.",
  "Many photos are being processed right now. Please try again in a moment.":
    "Se están procesando muchas fotos en este momento. Inténtelo de nuevo en un momento.",
  'Send the image as multipart/form-data in the field "image".':
    'Envíe la imagen como multipart/form-data en el campo "image".',
  "No photo": "No hay foto",
  // An organisation's logo (routes/api/tenant_logo.ts).
  "File is too large. Please select an image smaller than 1MB.":
    "El archivo es demasiado grande. Seleccione una imagen de menos de 1 MB.",
  "Invalid file type. Please select a PNG, JPEG, or WebP image.":
    "Tipo de archivo no válido. Seleccione una imagen PNG, JPEG o WebP.",
  "Too many logo uploads. Please try again later.": "Demasiados logotipos subidos. Inténtelo más tarde.",
  "No logo": "No hay logotipo",
  "Message is too large": "El mensaje es demasiado grande",
  "Storage is not answering": "El almacenamiento no responde",
  "Passengers must be a whole number from {min} to {max}": "Los pasajeros deben ser un número entero de {min} a {max}",
  // Who may join (lib/joining.ts, routes/api/people.ts).
  "Hopper can only text US and Canadian mobile or landline numbers":
    "Hopper solo puede enviar mensajes a celulares y teléfonos fijos de EE. UU. y Canadá",
  "This number has opted out of texts. Text START to {sender} to sign in again.":
    "Este número pidió no recibir mensajes. Envíe START al {sender} para volver a iniciar sesión.",
  "This service is by invitation. Contact {organization} to join.":
    "Este servicio es solo por invitación. Comuníquese con {organization} para unirse.",
  "Your access to this service has been suspended.": "Se suspendió su acceso a este servicio.",
  "This person is already a member of this organization": "Esta persona ya es miembro de esta organización",
  "Choose one or more roles: rider, driver, dispatcher, admin":
    "Elija uno o más roles: rider, driver, dispatcher, admin",
  "A super admin cannot be blocked": "No se puede bloquear a un superadministrador",
  "You cannot block yourself": "No puede bloquearse a sí mismo",
  "blocked must be true or false": "blocked debe ser true o false",
  "You cannot change this person's roles": "No puede cambiar los roles de esta persona",
  "Only super admins can block or unblock admins":
    "Solo los superadministradores pueden bloquear o desbloquear a administradores",
  "You can add {count} people an hour. Please try again later.":
    "Puede agregar {count} personas por hora. Inténtelo más tarde.",
  "Role must be one of: {roles}": "El rol debe ser uno de: {roles}",
  // Booking ahead: a booking's time refused (lib/booking.ts).
  "Book at least {minutes} minutes ahead.": "Reserve con al menos {minutes} minutos de anticipación.",
  "Book at most {days} days ahead.": "Reserve con un máximo de {days} días de anticipación.",
  "The pickup time must be a time in milliseconds since 1970":
    "La hora de recogida debe ser una hora en milisegundos desde 1970",
  "No service on {day}.": "{day}: no hay servicio.",
  "The shuttle runs {hours} on {day}.": "{day}: el transporte funciona de {hours}.",
  "You already have {count} rides booked.": {
    one: "Ya tiene 1 viaje reservado.",
    other: "Ya tiene {count} viajes reservados.",
  },
  // Arrive by: a booking's arrival time refused (domain/bookings/booking_time.ts).
  "Send scheduledFor or arriveBy, not both": "Envíe scheduledFor o arriveBy, no ambos",
  "The arrive-by time must be a time in milliseconds since 1970":
    "La hora de llegada debe ser una hora en milisegundos desde 1970",
  "To arrive by a time, choose the destination on the map or from the list.":
    "Para llegar a una hora, elija el destino en el mapa o en la lista.",
  // A ride changed by its rider (domain/rides/change.ts, routes/api/rides.ts).
  "Send at least one of the ride's fields to change": "Envíe al menos uno de los campos del viaje para cambiarlo",
  "Send status alone, or the ride's changes without it": "Envíe status solo, o los cambios del viaje sin él",
  "This ride changed meanwhile. Look at it again and try again.":
    "Este viaje cambió mientras tanto. Revíselo e inténtelo de nuevo.",
  "A driver has this ride now: only the pickup can move, by at most {meters} m.":
    "Un conductor ya tiene este viaje: solo se puede mover la recogida, como máximo {meters} m.",
  "Once a driver has the ride, the pickup can move at most {meters} m.":
    "Cuando un conductor tiene el viaje, la recogida se puede mover como máximo {meters} m.",
  "The driver is on the way: the pickup can no longer change.":
    "El conductor está en camino: la recogida ya no se puede cambiar.",
  "This ride has ended and can no longer change.": "Este viaje terminó y ya no se puede cambiar.",
  // No-shows and ratings (lib/no_show.ts, lib/ride_feedback.ts).
  "Ride requests are paused until {date} after {n} missed pickups. Contact {organisation} if this is a mistake.":
    "Las solicitudes de viaje están pausadas hasta el {date} después de {n} recogidas perdidas. Comuníquese con {organisation} si esto es un error.",
  // The wait at the pickup before a no-show (lib/no_show_wait.ts), answered to the driver.
  "A no-show can be marked only after waiting at the pickup. Your location has not reached it yet.":
    "Solo se puede marcar que el pasajero no se presentó después de esperar en la recogida. Su ubicación aún no ha llegado allí.",
  "Wait {time} more at the pickup before marking a no-show.":
    "Espere {time} más en la recogida antes de marcar que el pasajero no se presentó.",
  "Rating must be a whole number from 1 to 5": "La calificación debe ser un número entero de 1 a 5",
  "Comment must be at most {max} characters": "El comentario debe tener como máximo {max} caracteres",
  "Only a completed ride can be rated": "Solo se puede calificar un viaje completado",
  "This ride has already been rated": "Este viaje ya fue calificado",
  "Rides can be rated for 7 days after they end": "Los viajes se pueden calificar durante 7 días después de terminar",
  "Comment": "Comentario",

  // Reports and the trips CSV (lib/reports.ts checkRange): from and to are the query's own names.
  "from must be a date written YYYY-MM-DD": "from debe ser una fecha escrita AAAA-MM-DD",
  "to must be a date written YYYY-MM-DD": "to debe ser una fecha escrita AAAA-MM-DD",
  "to must not be before from": "to no puede ser anterior a from",
  "A report covers at most 366 days": "Un informe abarca como máximo 366 días",

  // Deleting one's account and downloading one's data (lib/account_deletion.ts, routes/api/account.ts).
  "Type the last four digits of your phone number to confirm.":
    "Escriba los últimos cuatro dígitos de su número de teléfono para confirmar.",
  "Those digits are not the end of your phone number.": "Esos dígitos no son el final de su número de teléfono.",
  "You are the last super admin. Make someone else a super admin before deleting your account.":
    "Usted es el último superadministrador. Nombre a otra persona superadministrador antes de eliminar su cuenta.",
  "You can download your data 5 times an hour. Please try again later.":
    "Puede descargar sus datos 5 veces por hora. Inténtelo más tarde.",

  // Answers to machines more than to people (Twilio, a map, a socket client), kept in both languages all the same.
  "Send the webhook as application/x-www-form-urlencoded": "Envíe el webhook como application/x-www-form-urlencoded",
  "The request is not signed by Twilio": "La solicitud no está firmada por Twilio",
  "From is required": "Se requiere From",
  "MessageSid is required": "Se requiere MessageSid",
  "This server does not receive texts: it has no Twilio number (SMS_PROVIDER=console)":
    "Este servidor no recibe mensajes de texto: no tiene un número de Twilio (SMS_PROVIDER=console)",
  "Too many texts from this number. Please try again later.":
    "Demasiados mensajes de texto desde este número. Inténtelo más tarde.",
  "Expected a WebSocket upgrade": "Se esperaba una actualización a WebSocket",
  "This page may not open a live connection": "Esta página no puede abrir una conexión en vivo",
  "Invalid WebSocket handshake": "Negociación de WebSocket no válida",
  "The map tiles are not available right now.": "Los mosaicos del mapa no están disponibles en este momento.",
  "The server is restarting. Please try again in a moment.":
    "El servidor se está reiniciando. Inténtelo de nuevo en un momento.",
  // The dispatcher placing a ride by hand (domain/dispatch/assign.ts): the refusal and the limit it names.
  "This vehicle cannot take the ride within the limits": "Este vehículo no puede llevar el viaje dentro de los límites",
  "This vehicle is not online": "Este vehículo no está en línea",
  "This ride can no longer be moved": "Este viaje ya no se puede mover",
  "override must be true or false": "override debe ser true o false",
  "pinned must be true or false": "pinned debe ser true o false",
  "Reason must be 1 to {max} characters": "El motivo debe tener de 1 a {max} caracteres",
  "Reason": "Motivo",
  "This ride has already ended": "Este viaje ya terminó",
  "Only a ride planned into a vehicle can be pinned": "Solo se puede fijar un viaje planificado en un vehículo",
  "This ride has no drop-off to plan": "Este viaje no tiene destino para planificar",
  "The plans changed meanwhile. Please look again.": "Los planes cambiaron mientras tanto. Vuelva a mirarlos.",
  "The ride needs more seats than the vehicle has": "El viaje necesita más asientos de los que tiene el vehículo",
  "The vehicle has no wheelchair space": "El vehículo no tiene espacio para silla de ruedas",
  "The rider would wait more than {minutes} minutes": "El pasajero esperaría más de {minutes} minutos",
  "A rider would be aboard longer than allowed": "Un pasajero viajaría más tiempo del permitido",
  "The rider would arrive later than they asked": "El pasajero llegaría más tarde de lo que pidió",
  "Riders already planned would be picked up or dropped off late":
    "Los pasajeros ya planificados se recogerían o dejarían tarde",
  "The reply must be 1 to {max} characters": "La respuesta debe tener de 1 a {max} caracteres",
  "Conversation not found": "Conversación no encontrada",
  "The text could not be sent. Please try again.": "No se pudo enviar el mensaje. Inténtelo de nuevo.",
  "The conversation changed meanwhile. Please try again.": "La conversación cambió mientras tanto. Inténtelo de nuevo.",
  "Reply": "Respuesta",
  // Standing rides (lib/standing_rides.ts, domain/bookings/standing_rides.ts) and a closed date's refusal (lib/booking.ts).
  "Weekdays must be a list of days from 0 (Sunday) to 6 (Saturday)":
    "Los días deben ser una lista de días de 0 (domingo) a 6 (sábado)",
  "Send a pickup time or an arrive-by time, as HH:MM": "Envíe una hora de recogida o una hora de llegada, como HH:MM",
  "{field} must be a date as YYYY-MM-DD": "{field} debe ser una fecha como AAAA-MM-DD",
  "Start date": "Fecha de inicio",
  "End date": "Fecha de fin",
  "The end date must not be before the start date": "La fecha de fin no puede ser anterior a la de inicio",
  "Skip dates must be a list of at most {max} dates as YYYY-MM-DD":
    "Las fechas omitidas deben ser una lista de hasta {max} fechas como AAAA-MM-DD",
  "Paused must be true or false": "En pausa debe ser verdadero o falso",
  "You already have {count} standing rides.": {
    one: "Ya tiene 1 viaje fijo.",
    other: "Ya tiene {count} viajes fijos.",
  },
  "Standing ride not found": "No se encontró el viaje fijo",
  "This date of the standing ride is booked already": "Esta fecha del viaje fijo ya está reservada",
  "Only a dispatcher may set up a standing ride for another rider":
    "Solo un despachador puede crear un viaje fijo para otro pasajero",
  "Rider not found": "No se encontró el pasajero",
  "The shuttle is closed on {date}.": "El servicio está cerrado el {date}.",
} as const satisfies Record<string, Entry>;
