/**
 * Spanish for a ride booked by SMS (lib/sms_booking_texts.ts). Two segments
 * at most with every value filled: tests/unit/sms_booking_texts.test.ts.
 */
import type { Entry } from "../format.ts";

export const sms_booking = {
  "Hopper rides: reply 1 for English, 2 para Español.": "Viajes Hopper: responda 1 for English, 2 para Español.",
  "Which shuttle service? Reply with its number: {list}": "¿Qué servicio? Responda con su número: {list}",
  "{organization}: where should we pick you up? Text a place name. AGENT: talk to a person.":
    "{organization}: ¿dónde lo recogemos? Escriba un lugar. AGENTE: hablar con una persona.",
  "Which pickup? Reply with its number: {list}": "¿Qué recogida? Responda con su número: {list}",
  "Where are you going? Text a place name.": "¿Adónde va? Escriba un lugar.",
  "Which destination? Reply with its number: {list}": "¿Qué destino? Responda con su número: {list}",
  "When? Reply NOW, a time today (3:30pm) or a day and time (Fri 9am).":
    "¿Cuándo? Responda AHORA, una hora de hoy (3:30pm) o día y hora (vie 9am).",
  "How many riders (1-5)? Add any needs: wheelchair, walker, service animal, assistance. Example: 2 wheelchair":
    "¿Cuántas personas (1-5)? Y necesidades: silla de ruedas, andador, animal, ayuda. Ej.: 2 silla",
  "{pickup} to {destination}, {when}, {count} rider(s){needs}. YES: book. NO: start over.":
    "De {pickup} a {destination}, {when}, {count} pers.{needs} SI: reservar. NO: otra vez",
  "now": "ahora",
  "No place has that name. {question}": "Ningún lugar tiene ese nombre. {question}",
  "Sorry, I did not understand. {question}": "No entendí. {question}",
  "{reason} Please text another time.": "{reason} Escriba otra hora.",
  "OK, let's start over. {question}": "Empecemos de nuevo. {question}",
  "A person will text you back soon.": "Una persona le escribirá pronto.",
  "{organization}: your ride from {pickup} is booked, pickup at {time}. To cancel, reply CANCEL RIDE.":
    "{organization}: viaje desde {pickup} reservado, recogida {time}; para cancelar: CANCELAR VIAJE",
  "Your ride was not booked: {reason} Text RIDE to start again.": "Viaje no reservado: {reason} Escriba VIAJE.",
  "{organization}: your ride is canceled.": "{organization}: su viaje está cancelado.",
  "You have no ride to cancel.": "No tiene ningún viaje que cancelar.",
  "You have no ride now. Text RIDE to book one.": "No tiene viaje ahora. Escriba VIAJE para pedir uno.",
  "Your ride from {pickup}, {time}: {state}.": "Su viaje desde {pickup}, {time}: {state}.",
  "looking for a driver": "buscando conductor",
  "a driver is coming": "un conductor viene",
  "your driver is on the way": "su conductor va en camino",
  "your shuttle is here": "su vehículo está aquí",
  "on board": "a bordo",
  "booked": "reservado",
  "Too many texts from this number. Please try again in an hour.":
    "Demasiados mensajes de este número. Inténtelo en una hora.",
  "{organization}: {text}": "{organization}: {text}",
} satisfies Record<string, Entry>;
