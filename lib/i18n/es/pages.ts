/**
 * Spanish for the pages area (words as in docs/glossary.md): the
 * site's own pages, rendered on the server with no script, and the page
 * titles. Keys are the English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const pages = {
  // Page titles and the description search engines show (routes/*_pages.tsx, routes/pages/, server/render.tsx, server/app.tsx).
  "Sign in": "Iniciar sesión",
  "About": "Acerca de",
  "Contact us": "Contáctenos",
  "Terms of Service": "Términos del servicio",
  "Privacy Policy": "Política de privacidad",
  "Request a Ride": "Solicitar un viaje",
  "Driver Dashboard": "Panel del conductor",
  "Profile Settings": "Configuración del perfil",
  "Admin Dashboard": "Panel del administrador",
  "Admin": "Administrador",
  "Trips": "Viajes",
  "Users": "Usuarios",
  "Schedule": "Horario",
  "Page not found": "Página no encontrada",
  "Something went wrong": "Algo salió mal",
  "Hopper runs on-demand shuttles for towns, campuses, hospitals and employers: request a pickup from your phone.":
    "Hopper ofrece transporte a pedido para ciudades, campus, hospitales y empresas: solicite que lo recojan desde su teléfono.",

  // The home page (routes/pages/landing.tsx).
  "On-demand shuttles for your community": "Transporte a pedido para su comunidad",
  "Drop a pin, get picked up. Hopper lets towns, campuses, hospitals and employers run their own shuttle service that riders book from their phone in seconds.":
    "Marque un punto en el mapa y lo recogemos. Con Hopper, ciudades, campus, hospitales y empresas ofrecen su propio servicio de transporte, que los pasajeros reservan desde su teléfono en segundos.",
  "How to ride": "Cómo viajar",
  "Contact Us": "Contáctenos",
  "For riders": "Para pasajeros",
  "Every service on Hopper belongs to an organization. You connect through that organization's own web address, then ride.":
    "Cada servicio de Hopper pertenece a una organización. Usted entra por la dirección web de esa organización y luego viaja.",
  "Open your organization's link": "Abra el enlace de su organización",
  "Your town, campus or employer shares its address, like {example}. No app to install.":
    "Su ciudad, campus o empresa comparte su dirección, como {example}. No hay que instalar ninguna aplicación.",
  "Sign in with your phone": "Inicie sesión con su teléfono",
  "We text you a 4-digit code. No password to remember.":
    "Le enviamos un código de 4 dígitos por mensaje de texto. No hay contraseñas que recordar.",
  "Drop a pin and get picked up": "Marque un punto y lo recogemos",
  "Choose where you're going on the map, and watch your driver arrive live.":
    "Elija en el mapa adónde va y vea llegar a su conductor en tiempo real.",
  "Want to see it? Try the demo service: {demo}.": "¿Quiere verlo? Pruebe el servicio de demostración: {demo}.",
  "For organizations": "Para organizaciones",
  "Your own branded service": "Su propio servicio, con su marca",
  "Your name, your web address, your riders, your service area and your weekly schedule.":
    "Su nombre, su dirección web, sus pasajeros, su zona de servicio y su horario semanal.",
  "Drivers with one hand free": "Conductores con una mano libre",
  "Drivers go online, see requests as they arrive and move each ride along with one tap.":
    "Los conductores se conectan, ven las solicitudes al llegar y avanzan cada viaje con un toque.",
  "Run it from a desk": "Adminístrelo desde un escritorio",
  "Admins follow every trip live, manage people and roles, and set the hours of service.":
    "Los administradores siguen cada viaje en tiempo real, gestionan personas y funciones, y fijan el horario de servicio.",
  "Open source": "Código abierto",
  "Run it yourself or have us run it. Your riders' data stays yours.":
    "Opérelo usted mismo o deje que lo operemos nosotros. Los datos de sus pasajeros siguen siendo suyos.",
  "Set up a service for your community": "Cree un servicio para su comunidad",
  "Tell us about your town, campus or workplace and we'll get back to you within 1-2 business days.":
    "Cuéntenos sobre su ciudad, campus o lugar de trabajo y le responderemos en 1 o 2 días hábiles.",

  // The sign-in page without script (routes/pages/login.tsx) and the missing page (not_found.tsx).
  "Signing in needs JavaScript. Please turn it on and reload this page.":
    "Para iniciar sesión se necesita JavaScript. Actívelo y vuelva a cargar esta página.",
  "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.":
    "No encontramos la página que buscaba. Puede que se haya movido o que la dirección esté mal escrita.",
  "Back to {name}": "Volver a {name}",
  "Back to the home page": "Volver a la página de inicio",

  // About (routes/pages/about.tsx).
  "About {name} on Hopper": "Acerca de {name} en Hopper",
  "About Hopper": "Acerca de Hopper",
  "{name} runs its on-demand shuttle with Hopper. Sign in with your phone, drop a pin inside the service area and a driver comes to pick you up.":
    "{name} ofrece su transporte a pedido con Hopper. Inicie sesión con su teléfono, marque un punto dentro de la zona de servicio y un conductor pasará a recogerlo.",
  "Hopper is an open-source platform that lets organizations (towns, campuses, hospitals and employers) run their own branded on-demand shuttle service. Riders request a pickup from their phone, drivers see requests live and move each ride through its stages, and administrators manage trips, people and the weekly schedule.":
    "Hopper es una plataforma de código abierto con la que las organizaciones (ciudades, campus, hospitales y empresas) ofrecen su propio servicio de transporte a pedido, con su marca. Los pasajeros solicitan que los recojan desde su teléfono, los conductores ven las solicitudes en tiempo real y avanzan cada viaje por sus etapas, y los administradores gestionan los viajes, las personas y el horario semanal.",
  "How it works": "Cómo funciona",
  "Each organization has its own web address, its own riders and drivers, its schedule and its service area.":
    "Cada organización tiene su propia dirección web, sus pasajeros y conductores, su horario y su zona de servicio.",
  "You sign in with your mobile number and a 4-digit code we text you. There is no password.":
    "Usted inicia sesión con su número de celular y un código de 4 dígitos que le enviamos por mensaje de texto. No hay contraseña.",
  "You pick your pickup point and destination on a map inside the service area, and follow your ride live.":
    "Elige su lugar de recogida y su destino en un mapa dentro de la zona de servicio, y sigue su viaje en tiempo real.",
  "Get in touch": "Comuníquese con nosotros",
  "Questions, or interested in a shuttle service for your community? {contact}.":
    "¿Tiene preguntas o le interesa un servicio de transporte para su comunidad? {contact}.",

  // Contact (routes/pages/contact.tsx; the form is the contact area).
  "Want a shuttle service for your town, campus or workplace, or have a question about a ride? Send us a message and we'll get back to you within 1-2 business days.":
    "¿Quiere un servicio de transporte para su ciudad, campus o lugar de trabajo, o tiene una pregunta sobre un viaje? Envíenos un mensaje y le responderemos en 1 o 2 días hábiles.",
  "You can also email us directly at {email}.": "También puede escribirnos directamente a {email}.",

  // Privacy policy and terms (routes/pages/privacy.tsx, terms.tsx).
  "Effective date: {date}": "Fecha de entrada en vigor: {date}",
  "the organization that runs your shuttle service": "la organización que ofrece su servicio de transporte",
  "This policy explains what Hopper collects when you use a shuttle service run on it, why, and what choices you have. The service you use is run by {operator}, which sees the information described here for its own riders and drivers.":
    "Esta política explica qué datos recopila Hopper cuando usted usa un servicio de transporte que funciona con Hopper, para qué, y qué opciones tiene. El servicio que usa lo ofrece {operator}, que ve la información descrita aquí sobre sus propios pasajeros y conductores.",
  "Your phone number": "Su número de teléfono",
  "You sign in with your mobile phone number. We use it only to send you one-time passcode messages to sign in, and to answer HELP and STOP requests. We do not send marketing messages, and we do not share or sell your phone number to anyone for marketing. Message and data rates may apply. Reply STOP to stop messages or HELP for help.":
    "Usted inicia sesión con su número de celular. Lo usamos solo para enviarle mensajes con códigos de un solo uso para iniciar sesión y para responder a las solicitudes HELP y STOP. No enviamos mensajes publicitarios y no compartimos ni vendemos su número de teléfono a nadie con fines publicitarios. Pueden aplicarse tarifas de mensajes y datos. Responda STOP para dejar de recibir mensajes o HELP para obtener ayuda.",
  "Your number is also shown to the driver of a ride you request, and a driver's number to the rider, so you can reach each other during that ride.":
    "Su número también se muestra al conductor de un viaje que usted solicita, y el número del conductor al pasajero, para que puedan comunicarse durante ese viaje.",
  "What else we collect": "Qué más recopilamos",
  "Your name, email address and profile photo, if you choose to add them.":
    "Su nombre, su correo electrónico y su foto de perfil, si decide agregarlos.",
  "The pickup point and destination of each ride you request, its passenger count and the times it moves through its stages.":
    "El lugar de recogida y el destino de cada viaje que solicita, la cantidad de pasajeros y la hora de cada etapa del viaje.",
  "For drivers: your location while you are online, so riders and dispatchers can see the shuttle.":
    "Para los conductores: su ubicación mientras están en línea, para que los pasajeros y los despachadores vean el vehículo.",
  "Technical records such as request logs and error reports, kept to run and secure the service.":
    "Registros técnicos, como registros de solicitudes e informes de errores, que se guardan para operar y proteger el servicio.",
  "How we use it": "Cómo los usamos",
  "Only to run the shuttle service: to sign you in, match rides with drivers, show a ride's progress, let the organization manage its service, and find and fix problems. We do not use your information for advertising.":
    "Solo para operar el servicio de transporte: para que inicie sesión, asignar viajes a conductores, mostrar el avance de un viaje, permitir que la organización gestione su servicio, y encontrar y corregir problemas. No usamos su información para publicidad.",
  "How long we keep it": "Por cuánto tiempo los guardamos",
  "Sign-in codes expire after 10 minutes. Sessions end after 30 days or when you sign out. Ride history is kept by the organization for its records; once you delete your account, it no longer shows your name or phone number.":
    "Los códigos para iniciar sesión vencen a los 10 minutos. Las sesiones terminan a los 30 días o cuando usted cierra la sesión. La organización guarda el historial de viajes en sus registros; una vez que elimine su cuenta, ya no muestra su nombre ni su número de teléfono.",
  "Your choices": "Sus opciones",
  "You can change or remove your name, email and photo at any time in {settings}.":
    "Puede cambiar o quitar su nombre, su correo electrónico y su foto en cualquier momento en {settings}.",
  // Downloading one's data and deleting one's account.
  "Download your data": "Descargar sus datos",
  "In {settings}, Download my data gives you a file with your profile, your organizations and roles, every ride you took or drove with its times, your ratings and your language and text settings. It holds nobody else's details: not the name or number of the other person on a ride.":
    "En {settings}, Descargar mis datos le entrega un archivo con su perfil, sus organizaciones y roles, cada viaje que hizo o condujo con sus horas, sus calificaciones y su configuración de idioma y de mensajes. No contiene datos de nadie más: ni el nombre ni el número de la otra persona de un viaje.",
  "Delete your account": "Eliminar su cuenta",
  "In {settings}, Delete my account asks you to type the last four digits of your phone number. It then cancels any ride under way or booked (the driver is told at once), signs you out on every device, and removes your name, email, phone number, photo and memberships.":
    "En {settings}, Eliminar mi cuenta le pide que escriba los últimos cuatro dígitos de su número de teléfono. Luego cancela cualquier viaje en curso o reservado (se avisa al conductor de inmediato), cierra su sesión en todos los dispositivos y elimina su nombre, correo electrónico, número de teléfono, foto y membresías.",
  "Your past rides stay in the organization's records for its statistics, shown as “Deleted rider” (or “Deleted driver”) with no name or phone number. If you replied STOP to our texts, that choice stays with the number. You can sign up again later with the same number, as a new person.":
    "Sus viajes anteriores quedan en los registros de la organización para sus estadísticas, como «Pasajero eliminado» (o «Conductor eliminado») sin nombre ni número de teléfono. Si respondió STOP a nuestros mensajes, esa decisión se mantiene con el número. Más adelante puede registrarse de nuevo con el mismo número, como una persona nueva.",
  "If an organization blocked you, or paused your ride requests after missed pickups, it keeps that against your phone number, not your account: deleting your account does not lift it, and it applies to whoever signs in there with the number again (a pause until its end). It is kept as a keyed fingerprint of the number, not the number itself, and Download my data lists it.":
    "Si una organización le bloqueó, o pausó sus solicitudes de viaje por recogidas perdidas, lo guarda con su número de teléfono, no con su cuenta: eliminar su cuenta no lo levanta, y se aplica a quien vuelva a iniciar sesión allí con ese número (una pausa, hasta que termine). Se guarda como una huella cifrada del número, no el número mismo, y Descargar mis datos lo muestra.",
  "If you cannot sign in any more, {contact} and we will help.":
    "Si ya no puede iniciar sesión, {contact} y lo ayudaremos.",
  "contact us": "contáctenos",
  "Contact": "Contacto",
  "Questions about this policy: {email}.": "Preguntas sobre esta política: {email}.",
  "the organization that runs it": "la organización que lo ofrece",
  "These terms apply when you use a shuttle service run on Hopper. Each service is operated by {operator}; Hopper provides the software it runs on. By signing in you agree to these terms and to our {privacy}.":
    "Estos términos se aplican cuando usa un servicio de transporte que funciona con Hopper. Cada servicio lo opera {operator}; Hopper ofrece el software con el que funciona. Al iniciar sesión, usted acepta estos términos y nuestra {privacy}.",
  "Your account": "Su cuenta",
  "You sign in with a mobile number you control and a one-time code we text to it. Keep your phone secure: anyone who can read your messages can sign in as you. Message and data rates may apply. Reply STOP to stop messages or HELP for help.":
    "Usted inicia sesión con un número de celular que controla y un código de un solo uso que le enviamos por mensaje de texto. Proteja su teléfono: cualquier persona que pueda leer sus mensajes puede iniciar sesión como usted. Pueden aplicarse tarifas de mensajes y datos. Responda STOP para dejar de recibir mensajes o HELP para obtener ayuda.",
  "Requesting rides": "Cómo solicitar viajes",
  "Rides are available inside the service's area and during its published hours, while drivers are online.":
    "Los viajes están disponibles dentro de la zona del servicio y en su horario publicado, mientras haya conductores en línea.",
  "A request is not a guarantee: a ride may be declined, delayed or canceled.":
    "Una solicitud no es una garantía: un viaje puede ser rechazado, demorado o cancelado.",
  "Request one ride at a time, for no more than 5 passengers, and be at your pickup point when the driver arrives.":
    "Solicite un viaje a la vez, para no más de 5 pasajeros, y esté en su lugar de recogida cuando llegue el conductor.",
  "Cancel a ride you no longer need so the driver can help someone else.":
    "Cancele el viaje que ya no necesite para que el conductor pueda ayudar a otra persona.",
  "Conduct": "Conducta",
  "Treat drivers and other riders with respect and follow the driver's instructions and the law. Do not misuse the service, interfere with it, or try to reach accounts or data that are not yours. The operator may suspend accounts that break these terms.":
    "Trate con respeto a los conductores y a los demás pasajeros, y siga las indicaciones del conductor y la ley. No haga mal uso del servicio, no interfiera con él ni intente acceder a cuentas o datos que no son suyos. El operador puede suspender las cuentas que no cumplan estos términos.",
  "Drivers and administrators": "Conductores y administradores",
  "Drivers and administrators are appointed by the operator and use the service to carry out their work. Riders' phone numbers and locations are shown to them only to deliver rides and may not be used for anything else.":
    "El operador designa a los conductores y administradores, que usan el servicio para hacer su trabajo. Los números de teléfono y las ubicaciones de los pasajeros se les muestran solo para realizar los viajes y no se pueden usar para nada más.",
  "Liability": "Responsabilidad",
  "The software is provided as is. To the extent the law allows, Hopper is not liable for losses arising from the use of the service; the operator is responsible for the rides it provides.":
    "El software se ofrece tal como está. En la medida en que lo permita la ley, Hopper no es responsable de las pérdidas que resulten del uso del servicio; el operador es responsable de los viajes que ofrece.",
  "Changes": "Cambios",
  "We may update these terms. The effective date above shows when they last changed.":
    "Podemos actualizar estos términos. La fecha de entrada en vigor de arriba indica cuándo cambiaron por última vez.",
  "Questions about these terms: {email}.": "Preguntas sobre estos términos: {email}.",

  // A tenant's own contacts on its contact page (set on its settings page).
  "Reach {name}": "Comuníquese con {name}",
  "Phone": "Teléfono",
  "Email": "Correo electrónico",
} as const satisfies Record<string, Entry>;
