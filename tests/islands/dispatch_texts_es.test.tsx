/** The console's texters waiting for a person on a Spanish page (the cases: dispatch_texts_cases.tsx). */
import { vi } from "vitest";
import { textsCases } from "./dispatch_texts_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

textsCases("es", {
  title: (count) => `Mensajes que esperan a una persona (${count})`,
  none: "Nadie espera por mensaje de texto.",
  copy: "Copiar número",
  copied: "Número copiado",
  spanish: "Idioma: español",
  english: "Idioma: inglés",
  pickup: "Recogida: ",
  destination: "Destino: aún sin elegir",
  waiting: /Esperando desde las 9:02 a\.\s?m\. \(hace 10 minutos\)/,
  rider: "Pasajero",
  hopper: "Hopper",
  dispatcher: "Despachador",
  reply: "Responder por mensaje de texto",
  send: "Enviar respuesta",
  counter: (count) => `${count} de 160 caracteres`,
  ended: "Esta conversación ha terminado.",
  notSent: "La respuesta no se envió. Inténtelo de nuevo.",
});
