/**
 * Spanish for the texts sent to a rider about their ride (issue 20; words as
 * in docs/glossary.md). Two segments at most: tests/unit/ride_sms.test.ts.
 */
import type { Entry } from "../format.ts";

export const ride_sms = {
  "{organization}: {driver} accepted your ride and will be there in about {minutes} min. Reply STOP to stop texts.":
    "{organization}: {driver} aceptó su viaje y llegará en unos {minutes} min. STOP: no recibir más.",
  "{organization}: {driver} accepted your ride. Reply STOP to stop texts.":
    "{organization}: {driver} aceptó su viaje. STOP: no recibir más.",
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
  // A booking handed over to drivers (issue 21, server/hand_over.ts).
  "{organization}: your ride for {time} is now looking for a driver.":
    "{organization}: su viaje de las {time} ya busca conductor.",
} as const satisfies Record<string, Entry>;
