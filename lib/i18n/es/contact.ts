/**
 * Spanish for the contact area (words as in docs/glossary.md): the
 * contact form (islands/ContactForm.tsx); its fields' names and refusals are
 * the errors area's. Keys are the English texts, word for word.
 */
import type { Entry } from "../format.ts";

export const contact = {
  "Organization (optional)": "Organización (opcional)",
  "Send Message": "Enviar mensaje",
  "Sending...": "Enviando...",
  "Thank you for your message! We'll get back to you soon.": "¡Gracias por su mensaje! Le responderemos pronto.",
  "Sorry, there was an error sending your message. Please try again or email us directly.":
    "Lo sentimos, hubo un error al enviar su mensaje. Inténtelo de nuevo o escríbanos directamente.",
  "We reply within 1-2 business days. Your mail client should also open with a copy of your message.":
    "Respondemos en 1 o 2 días hábiles. Su programa de correo también debería abrirse con una copia de su mensaje.",
  "Send another message": "Enviar otro mensaje",
  // The message the visitor's mail client opens with.
  "Shuttle service inquiry from {name}": "Consulta sobre el servicio de transporte de {name}",
} as const satisfies Record<string, Entry>;
