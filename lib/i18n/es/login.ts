/** Spanish for the login area (words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const login = {
  "We'll send you a verification code via SMS": "Le enviaremos un código de verificación por mensaje de texto",
  "Only people {name} has added can sign in here. If no code comes, ask {name} to add you.":
    "Aquí solo pueden iniciar sesión las personas que {name} agregó. Si no le llega un código, pida a {name} que lo agregue.",
  "Failed to send verification code. Please try again.":
    "No se pudo enviar el código de verificación. Inténtelo de nuevo.",
  "Something went wrong. Please try again.": "Algo salió mal. Inténtelo de nuevo.",
  "Please wait while tenant information is loading...": "Espere mientras se carga la información de la organización...",
  "Signing you in to {name}...": "Iniciando sesión en {name}...",
  "You're signed in": "Ya inició sesión",
  "Signed in as {name}.": "Sesión iniciada como {name}.",
  "Welcome to {name}": "Bienvenido a {name}",
  "Phone number": "Número de teléfono",
  "Sending...": "Enviando...",
  "Send Verification Code": "Enviar código de verificación",
  "By continuing you agree to our {terms} and {privacy}. Message and data rates may apply.":
    "Al continuar, acepta nuestros {terms} y nuestra {privacy}. Pueden aplicarse tarifas de mensajes y datos.",
  "Terms of Service": "Términos del servicio",
  "Privacy Policy": "Política de privacidad",
  "Verify Your Phone": "Verifique su teléfono",
  "Enter the 4-digit code we sent to {phone}.": "Escriba el código de 4 dígitos que enviamos al {phone}.",
  "Verification code": "Código de verificación",
  "Verifying...": "Verificando...",
  "Verify Code": "Verificar código",
  "Resend Code": "Reenviar código",
  "Change Phone Number": "Cambiar número de teléfono",
  "We sent a new code to {phone}.": "Enviamos un código nuevo al {phone}.",
} as const satisfies Record<string, Entry>;
