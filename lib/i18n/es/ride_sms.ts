/**
 * Spanish for the texts sent to a rider about their ride, and to a
 * person an admin added (words as in docs/glossary.md). Two segments at most:
 * tests/unit/rider_notices.test.ts.
 */
import type { Entry } from "../format.ts";

export const ride_sms = {
  "{organization}: {driver} accepted your ride and will be there in about {minutes} min. Reply STOP to stop texts.":
    "{organization}: {driver} aceptó su viaje y llegará en unos {minutes} min. STOP: no recibir más.",
  "{organization}: {driver} accepted your ride. Reply STOP to stop texts.":
    "{organization}: {driver} aceptó su viaje. STOP: no recibir más.",
  // Automatic dispatch: the plan's vehicle, pickup time and window (lib/pickup_window.ts).
  "{organization}: your shuttle ({vehicle}) will pick you up at about {time}, between {from} and {to}. Reply STOP to stop texts.":
    "{organization}: su vehículo ({vehicle}) lo recogerá hacia las {time} (entre {from} y {to}). STOP: no recibir más.",
  "{organization}: {driver} is on the way, now about {minutes} min.":
    "{organization}: {driver} va en camino, ahora a unos {minutes} min.",
  "{organization}: your shuttle is about {minutes} min away. Please head to the pickup.":
    "{organization}: su vehículo está a unos {minutes} min. Diríjase al lugar de recogida.",
  "{organization}: Your shuttle is here": "{organization}: Su vehículo está aquí",
  "{organization}: your shuttle is running about {minutes} min late. Sorry for the wait.":
    "{organization}: su vehículo lleva unos {minutes} min de retraso. Disculpe la espera.",
  "Your driver": "Su conductor",
  // The driver marked the rider a no-show after the wait at the pickup (lib/no_show_wait.ts).
  "{organization}: {driver} waited {minutes} min at the pickup and marked your ride a no-show.":
    "{organization}: {driver} esperó {minutes} min en la recogida y registró que usted no se presentó.",
  // A booking handed over to drivers (domain/bookings/hand_over.ts).
  "{organization}: your ride for {time} is now looking for a driver.":
    "{organization}: su viaje de las {time} ya busca conductor.",
  // Automatic dispatch: at its hand-over no vehicle could take the booking; it waits for a driver to take it.
  "{organization}: no shuttle is free for your ride at {time} yet. We will text you when a driver takes it.":
    "{organization}: aún no hay vehículo libre para su viaje de las {time}; le avisaremos cuando un conductor lo acepte.",
  // A blocked rider's booking or open ride, canceled (kv/user_removal.ts, domain/bookings/hand_over.ts).
  "{organization}: your ride for {time} was canceled because your access to this service has been suspended.":
    "{organization}: se canceló su viaje de las {time} porque se suspendió su acceso a este servicio.",
  "{organization}: your ride was canceled because your access to this service has been suspended.":
    "{organization}: se canceló su viaje porque se suspendió su acceso a este servicio.",
  // A booking canceled at its hand-over: the service paused, or the rider's requests paused for no-shows.
  "{organization}: your ride for {time} was canceled because this service is paused.":
    "{organization}: se canceló su viaje de las {time} porque este servicio está en pausa.",
  "{organization}: your ride for {time} was canceled. Ride requests are paused until {date} after missed pickups.":
    "{organization}: se canceló su viaje de las {time}: sus solicitudes están pausadas hasta el {date} por no presentarse.",
  // Automatic dispatch: the driver went offline before the pickup (domain/dispatch/hand_back.ts).
  "{organization}: your ride moved to another shuttle. {driver} will pick you up at about {time}.":
    "{organization}: su viaje pasó a otro vehículo. Hacia las {time} lo recogerá {driver}.",
  "{organization}: your driver went offline and no other shuttle can pick you up now. Your ride waits for a driver; you may cancel it.":
    "{organization}: su conductor se desconectó y no hay otro vehículo para recogerlo ahora. Su viaje espera conductor o cancélelo.",
  // A dispatcher canceled the ride, with the reason they wrote (domain/dispatch/cancel.ts).
  "{organization}: your ride was canceled by the dispatcher: {reason}":
    "{organization}: el despachador canceló su viaje: {reason}",
  // A standing ride's date skipped, or refused by the rules of a booking (domain/bookings/standing_texts.ts).
  "{organization}: no shuttle runs on {date}, so your standing ride that day is skipped.":
    "{organization}: no hay servicio el {date}; su viaje fijo de ese día no se hará.",
  "{organization}: your standing ride on {date} could not be booked. {reason}":
    "{organization}: no se pudo reservar su viaje fijo del {date}. {reason}",
  // An admin added the person to the organisation (routes/api/people.ts).
  "{organization} added you to its Hopper shuttle service. Sign in with this number to ride. Reply STOP to stop texts.":
    "{organization} le agregó a su servicio de transporte Hopper. Inicie sesión con este número para viajar. STOP: no recibir más.",
} as const satisfies Record<string, Entry>;
