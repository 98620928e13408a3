/** Spanish for the profile area (words as in docs/glossary.md). Keys are the English texts, word for word. */
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
  // Texts about rides.
  "Ride texts": "Mensajes sobre sus viajes",
  "Text me when a driver accepts my ride and as it arrives":
    "Enviarme mensajes cuando un conductor acepte mi viaje y cuando llegue",
  "Texts come from the service's number. Reply STOP at any time to stop all texts.":
    "Los mensajes llegan del número del servicio. Responda STOP en cualquier momento para no recibir más.",
  "Ride texts turned on.": "Mensajes sobre viajes activados.",
  "Ride texts turned off.": "Mensajes sobre viajes desactivados.",
  // Your data and deleting the account (components/profile/).
  "Your data": "Sus datos",
  "A file with your profile, your organizations and roles, every ride you took or drove with its times, your ratings and your settings.":
    "Un archivo con su perfil, sus organizaciones y roles, cada viaje que hizo o condujo con sus horas, sus calificaciones y su configuración.",
  "Download my data": "Descargar mis datos",
  "Preparing your file...": "Preparando su archivo...",
  "Your data was downloaded.": "Sus datos se descargaron.",
  "Your data could not be downloaded. Please try again.": "No se pudieron descargar sus datos. Inténtelo de nuevo.",
  "Delete my account": "Eliminar mi cuenta",
  "Removed: your name, email, phone number, photo and your place in every organization. Rides under way or booked are canceled, and you are signed out everywhere.":
    "Se elimina: su nombre, correo electrónico, número de teléfono, foto y su lugar en cada organización. Los viajes en curso o reservados se cancelan y se cierra su sesión en todos los dispositivos.",
  "Kept: past rides, for the service's statistics, shown as “Deleted rider” with no phone number. You can sign up again later with the same number, as a new person.":
    "Se conserva: los viajes anteriores, para las estadísticas del servicio, que aparecen como «Pasajero eliminado» y sin número de teléfono. Más adelante puede registrarse de nuevo con el mismo número, como una persona nueva.",
  "To confirm, type the last four digits of your phone number":
    "Para confirmar, escriba los últimos cuatro dígitos de su número de teléfono",
  "Cancel": "Cancelar",
  "Delete my account for good": "Eliminar mi cuenta definitivamente",
  "Deleting your account...": "Eliminando su cuenta...",
  "Your account could not be deleted. Please try again.": "No se pudo eliminar su cuenta. Inténtelo de nuevo.",
  "Your account has been deleted": "Su cuenta se eliminó",
  "You are signed out. Thank you for riding with us.": "Se cerró su sesión. Gracias por viajar con nosotros.",
  "Back to sign in": "Volver a iniciar sesión",
} as const satisfies Record<string, Entry>;
