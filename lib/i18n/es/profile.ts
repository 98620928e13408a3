/** Spanish for the profile area (issue 17; words as in docs/glossary.md). Keys are the English texts, word for word. */
import type { Entry } from "../format.ts";

export const profile = {
  "Loading profile...": "Cargando perfil...",
  "Your profile could not be loaded. Please try again.": "No se pudo cargar su perfil. Inténtelo de nuevo.",
  "Profile Settings": "Configuración del perfil",
  "Profile Photo": "Foto de perfil",
  "Upload New Photo": "Subir foto nueva",
  "Uploading...": "Subiendo...",
  "Remove Photo": "Quitar foto",
  "Removing...": "Quitando...",
  "Profile photo file": "Archivo de la foto de perfil",
  "JPEG, PNG, WebP or GIF, up to 5 MB. Photos are cropped to a square and resized automatically.":
    "JPEG, PNG, WebP o GIF, de hasta 5 MB. Las fotos se recortan en forma cuadrada y se ajusta su tamaño automáticamente.",
  "Profile image updated successfully!": "¡La foto de perfil se actualizó correctamente!",
  "Failed to upload image": "No se pudo subir la imagen",
  "Profile image removed successfully!": "¡La foto de perfil se quitó correctamente!",
  "Failed to remove image": "No se pudo quitar la imagen",
  "Phone Number": "Número de teléfono",
  "You sign in with this number; it can't be changed here.":
    "Usted inicia sesión con este número; no se puede cambiar aquí.",
  // The same word as the field's name in the errors area.
  "Name": "Nombre",
  "Email Address": "Correo electrónico",
  "Save Changes": "Guardar cambios",
  "Saving...": "Guardando...",
  "Profile updated successfully!": "¡El perfil se actualizó correctamente!",
  "Failed to update profile": "No se pudo actualizar el perfil",
  // Texts about rides (issue 20).
  "Ride texts": "Mensajes sobre sus viajes",
  "Text me when a driver accepts my ride and as it arrives":
    "Enviarme mensajes cuando un conductor acepte mi viaje y cuando llegue",
  "Texts come from the service's number. Reply STOP at any time to stop all texts.":
    "Los mensajes llegan del número del servicio. Responda STOP en cualquier momento para no recibir más.",
  "Ride texts turned on.": "Mensajes sobre viajes activados.",
  "Ride texts turned off.": "Mensajes sobre viajes desactivados.",
} as const satisfies Record<string, Entry>;
