/** Spanish for the errors area (issue 17; words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const errors = {
  "Please enter a valid 10-digit phone number": "Escriba un número de teléfono válido de 10 dígitos",
  "Please enter the 4-digit verification code": "Escriba el código de verificación de 4 dígitos",
} as const satisfies Record<string, Entry>;
